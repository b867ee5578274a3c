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
  /**
   * After a redraw, the rows whose children the editor has yet to ask for again ('root': the top
   * level first); undefined when the extension host knows every row. See `rowsKnown`.
   */
  private awaiting: Set<string> | 'root' | undefined;
  private readonly waiters: Array<() => void> = [];
  /** Expandable rows the user opened (true) or closed (false), by id: the editor asks for the children of open ones only. */
  private readonly opened = new Map<string, boolean>();

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
      this.view.onDidCollapseElement((e) => e.element.id && this.opened.set(e.element.id, false)),
      this.view.onDidExpandElement((e) => e.element.id && this.opened.set(e.element.id, true)),
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
    this.awaiting = 'root';
    this.changed.fire(undefined);
  }

  /**
   * Whether a redraw is under way: from it until the editor has asked for the rows again, the
   * extension host has forgotten the old rows (VS Code clears them when it passes the redraw on),
   * so a key's focused row or a menu's row given to a command in that moment arrives as nothing.
   */
  get redrawing(): boolean {
    return this.awaiting !== undefined;
  }

  /** Resolves when the extension host knows the rows again (at once when no redraw is under way), or after `ms`. */
  rowsKnown(ms = 5000): Promise<void> {
    if (!this.redrawing) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.waiters.push(done);
    });
  }

  getTreeItem(element: vscode.TreeItem): vscode.TreeItem {
    return element;
  }

  getChildren(element?: vscode.TreeItem): vscode.TreeItem[] {
    const rows = this.rows(element);
    this.asked(element, rows);
    return rows;
  }

  /** The editor asked for `element`'s rows: once it has the top level and every expanded row's, the redraw is through. */
  private asked(element: vscode.TreeItem | undefined, rows: readonly vscode.TreeItem[]): void {
    if (this.awaiting === undefined) return;
    if (element === undefined) {
      const open = (r: vscode.TreeItem) => this.opened.get(r.id!) ?? r.collapsibleState === vscode.TreeItemCollapsibleState.Expanded;
      this.awaiting = new Set(rows.filter((r) => r.id && open(r)).map((r) => r.id!));
    } else if (this.awaiting !== 'root' && element.id) {
      this.awaiting.delete(element.id);
    }
    if (this.awaiting === 'root' || this.awaiting.size > 0) return;
    this.awaiting = undefined;
    // The extension host registers the rows just returned once its awaits on them resolve: after them.
    setImmediate(() => {
      if (this.redrawing) return;
      for (const done of this.waiters.splice(0)) done();
    });
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
