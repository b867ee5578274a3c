import * as vscode from 'vscode';
import { ViewLoader, type LoadableModel, type LoaderOptions } from './viewLoader';

export interface Tooltipped {
  buildTooltip(): vscode.MarkdownString;
}

/**
 * The base of every tree provider: owns the tree view, its loader (lazy, gated, batched), the
 * reload when the view becomes visible, the redraw when the model changes, and disposal.
 * Subclasses say what rows to show and what the view's header says.
 */
export abstract class ListProvider<M extends LoadableModel & { onDidChange(l: () => void): { dispose(): void } }>
  implements vscode.TreeDataProvider<vscode.TreeItem>, vscode.Disposable
{
  private readonly changed = new vscode.EventEmitter<vscode.TreeItem | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<vscode.TreeItem>;
  readonly loader: ViewLoader;
  protected readonly disposables: vscode.Disposable[] = [];

  constructor(
    readonly viewId: string,
    protected readonly model: M,
    loader: LoaderOptions,
    treeOptions: { canSelectMany?: boolean; showCollapseAll?: boolean } = {},
  ) {
    this.view = vscode.window.createTreeView(viewId, { treeDataProvider: this, ...treeOptions });
    this.loader = new ViewLoader(viewId, model, () => this.view.visible, loader);
    const sub = model.onDidChange(() => this.render());
    this.disposables.push(
      this.view,
      this.changed,
      { dispose: () => sub.dispose() },
      this.view.onDidChangeVisibility((e) => e.visible && this.ensureLoaded()),
    );
  }

  /** The rows under `element` (the top level when undefined). */
  protected abstract rows(element?: vscode.TreeItem): vscode.TreeItem[];
  /** The view's description, message and badge for the model as it is. */
  protected abstract header(): void;

  ensureLoaded(): void {
    this.loader.ensureLoaded();
  }
  reload(): Promise<void> {
    return this.loader.reload();
  }
  loadMore(): Promise<void> {
    return this.loader.loadMore();
  }
  reset(): void {
    this.loader.reset();
  }

  protected render(): void {
    this.header();
    this.changed.fire(undefined);
  }

  getTreeItem(element: vscode.TreeItem): vscode.TreeItem {
    return element;
  }

  getChildren(element?: vscode.TreeItem): vscode.TreeItem[] {
    return this.rows(element);
  }

  resolveTreeItem(item: vscode.TreeItem, element: vscode.TreeItem): vscode.TreeItem {
    const t = element as Partial<Tooltipped>;
    if (typeof t.buildTooltip === 'function') item.tooltip = t.buildTooltip();
    return item;
  }

  /** The nodes a command acts on: the selection when the clicked node is part of it, else the clicked one. */
  protected targetsOf<N extends vscode.TreeItem>(
    isNode: (n: vscode.TreeItem) => n is N,
    clicked?: vscode.TreeItem,
    selected?: readonly vscode.TreeItem[],
  ): N[] {
    const list = selected && selected.length > 0 ? selected : clicked ? [clicked] : this.view.selection;
    return list.filter(isNode);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
