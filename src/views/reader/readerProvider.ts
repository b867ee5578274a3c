import * as vscode from 'vscode';
import type { ReaderModel } from '../../models/readerModel';
import { ViewLoader } from '../common/viewLoader';
import { ErrorNode, LoadMoreNode } from '../common/messageNode';
import { FeaturedPostNode, ReaderSectionNode, TagNode } from './readerNodes';

export const READER_VIEW = 'contentSite.reader';

/** Freshly Pressed (with "Load more…" by pick date) and the subscribed tags, as two sections. */
export class ReaderProvider implements vscode.TreeDataProvider<vscode.TreeItem>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.TreeItem | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<vscode.TreeItem>;
  private readonly disposables: vscode.Disposable[] = [];
  /** When the view loads (lazily, gated, batched with the others); see ViewLoader. */
  readonly loader: ViewLoader;

  constructor(private readonly model: ReaderModel) {
    this.view = vscode.window.createTreeView(READER_VIEW, { treeDataProvider: this, showCollapseAll: true });
    this.loader = new ViewLoader(READER_VIEW, model, () => this.view.visible);
    const sub = model.onDidChange(() => this.changed.fire(undefined));
    this.disposables.push(this.view, this.changed, { dispose: () => sub.dispose() }, this.view.onDidChangeVisibility((e) => e.visible && this.ensureLoaded()));
  }

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

  getTreeItem(element: vscode.TreeItem): vscode.TreeItem {
    return element;
  }

  getChildren(element?: vscode.TreeItem): vscode.TreeItem[] {
    const s = this.model.state;
    if (!element) {
      if (s.kind === 'error') return [new ErrorNode(s.error, 'contentSite.reader.refresh')];
      if (s.kind !== 'loaded') return [];
      return [new ReaderSectionNode('featured', this.model.featured.length), new ReaderSectionNode('tags', this.model.tags.length)];
    }
    if (element instanceof ReaderSectionNode && element.section === 'featured') {
      const rows: vscode.TreeItem[] = this.model.featured.map((p) => new FeaturedPostNode(p));
      if (this.model.loadMoreError) rows.push(new ErrorNode(this.model.loadMoreError, 'contentSite.reader.loadMore', vscode.l10n.t('Could not load more')));
      else if (this.model.hasMore) rows.push(new LoadMoreNode('contentSite.reader.loadMore'));
      return rows;
    }
    if (element instanceof ReaderSectionNode && element.section === 'tags') {
      if (this.model.tags.length === 0) return [new vscode.TreeItem(vscode.l10n.t('You follow no tags yet.'))];
      return this.model.tags.map((t) => new TagNode(t));
    }
    return [];
  }

  resolveTreeItem(item: vscode.TreeItem, element: vscode.TreeItem): vscode.TreeItem {
    if (element instanceof FeaturedPostNode) item.tooltip = element.buildTooltip();
    return item;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
