import * as vscode from 'vscode';
import type { PagedList } from '../../models/pagedList';
import { ErrorNode, LoadMoreNode } from './messageNode';
import { ViewLoader } from './viewLoader';

/** Renders a PagedList model: one row per item, a load-more row, errors as rows. */
export abstract class PagedListProvider<T, N extends vscode.TreeItem> implements vscode.TreeDataProvider<vscode.TreeItem>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.TreeItem | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<vscode.TreeItem>;
  protected readonly disposables: vscode.Disposable[] = [];

  constructor(
    readonly viewId: string,
    protected readonly model: PagedList<T, unknown>,
    private readonly commands: { refresh: string; loadMore: string },
    canSelectMany: boolean,
  ) {
    this.view = vscode.window.createTreeView(viewId, { treeDataProvider: this, canSelectMany });
    this.loader = new ViewLoader(viewId, model, () => this.view.visible);
    const sub = model.onDidChange(() => this.render());
    this.disposables.push(this.view, this.changed, { dispose: () => sub.dispose() });
    this.disposables.push(this.view.onDidChangeVisibility((e) => e.visible && this.ensureLoaded()));
  }

  protected abstract toNode(item: T): N;
  protected abstract emptyMessage(): string;
  protected abstract isNode(item: vscode.TreeItem): item is N;
  protected abstract tooltipFor(node: N): vscode.MarkdownString;

  /** When the view loads (lazily, gated, batched with the others); see ViewLoader. */
  readonly loader: ViewLoader;

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
    const s = this.model.state;
    this.view.message = s.kind === 'loaded' && this.model.items.length === 0 ? this.emptyMessage() : undefined;
    this.changed.fire(undefined);
  }

  getTreeItem(element: vscode.TreeItem): vscode.TreeItem {
    return element;
  }

  getChildren(element?: vscode.TreeItem): vscode.TreeItem[] {
    if (element) return [];
    const s = this.model.state;
    if (s.kind === 'error') return [new ErrorNode(s.error, this.commands.refresh)];
    if (s.kind === 'idle') return [];
    const rows: vscode.TreeItem[] = this.model.items.map((i) => this.toNode(i));
    if (this.model.loadMoreError) rows.push(new ErrorNode(this.model.loadMoreError, this.commands.loadMore, vscode.l10n.t('Could not load more')));
    else if (this.model.hasMore) rows.push(new LoadMoreNode(this.commands.loadMore));
    return rows;
  }

  resolveTreeItem(item: vscode.TreeItem, element: vscode.TreeItem): vscode.TreeItem {
    if (this.isNode(element)) item.tooltip = this.tooltipFor(element);
    return item;
  }

  /** The nodes a command acts on: the selection when the clicked node is part of it. */
  targets(clicked?: vscode.TreeItem, selected?: readonly vscode.TreeItem[]): N[] {
    const list = selected && selected.length > 0 ? selected : clicked ? [clicked] : this.view.selection;
    return list.filter((n): n is N => this.isNode(n));
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
