import * as vscode from 'vscode';
import { DAY_GROUPS, dayGroupOf, type DayGroup } from '../../models/dayGroups';
import type { NoteFilter, NotificationsModel } from '../../models/notificationsModel';
import { ErrorNode, LoadMoreNode } from '../common/messageNode';
import { ViewLoader } from '../common/viewLoader';
import { GroupNode } from './groupNode';
import { NoteNode } from './noteNode';
import { typeLabel } from './noteIcons';

export const NOTIFICATIONS_VIEW = 'contentSite.notifications';

/** Renders the notifications model: day groups of notes, a load-more row, errors as rows. */
export class NotificationsProvider implements vscode.TreeDataProvider<vscode.TreeItem>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.TreeItem | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<vscode.TreeItem>;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly model: NotificationsModel) {
    this.view = vscode.window.createTreeView(NOTIFICATIONS_VIEW, { treeDataProvider: this, canSelectMany: true, showCollapseAll: true });
    this.loader = new ViewLoader(NOTIFICATIONS_VIEW, model, () => this.view.visible);
    const sub = model.onDidChange(() => this.render());
    this.disposables.push(this.view, this.changed, { dispose: () => sub.dispose() });
    this.disposables.push(this.view.onDidChangeVisibility((e) => e.visible && this.ensureLoaded()));
  }

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

  private render(): void {
    const unread = this.model.unreadCount;
    this.view.badge = unread > 0 ? { value: unread, tooltip: vscode.l10n.t('{0} unread notifications', unread) } : undefined;
    this.view.description = filterLabel(this.model.filter);
    const s = this.model.state;
    this.view.message = s.kind === 'loaded' && this.model.notes.length === 0 ? emptyMessage(this.model.filter) : undefined;
    this.changed.fire(undefined);
  }

  getTreeItem(element: vscode.TreeItem): vscode.TreeItem {
    return element;
  }

  getChildren(element?: vscode.TreeItem): vscode.TreeItem[] {
    if (element instanceof GroupNode) {
      return element.noteIds.map((id) => this.model.get(id)).filter((n) => n !== undefined).map((n) => new NoteNode(n));
    }
    if (element) return [];
    const s = this.model.state;
    if (s.kind === 'error') return [new ErrorNode(s.error, 'contentSite.notifications.refresh')];
    if (s.kind === 'idle') return [];
    const groups = new Map<DayGroup, { ids: number[]; unread: number }>();
    const now = new Date();
    for (const note of this.model.notes) {
      const g = dayGroupOf(note.timestamp, now);
      const entry = groups.get(g) ?? { ids: [], unread: 0 };
      entry.ids.push(note.id);
      if (note.unread > 0) entry.unread++;
      groups.set(g, entry);
    }
    const rows: vscode.TreeItem[] = DAY_GROUPS.filter((g) => groups.has(g)).map((g) => new GroupNode(g, groups.get(g)!.ids, groups.get(g)!.unread));
    if (this.model.loadMoreError) rows.push(new ErrorNode(this.model.loadMoreError, 'contentSite.notifications.loadMore', vscode.l10n.t('Could not load more')));
    else if (this.model.hasMore) rows.push(new LoadMoreNode('contentSite.notifications.loadMore'));
    return rows;
  }

  resolveTreeItem(item: vscode.TreeItem, element: vscode.TreeItem): vscode.TreeItem {
    if (element instanceof NoteNode) item.tooltip = element.buildTooltip();
    return item;
  }

  /** The notes a command acts on: the clicked one plus the selection, when it was part of it. */
  selectedNotes(clicked?: vscode.TreeItem, selected?: readonly vscode.TreeItem[]): number[] {
    const list = selected && selected.length > 0 ? selected : clicked ? [clicked] : this.view.selection;
    return list.filter((n): n is NoteNode => n instanceof NoteNode).map((n) => n.note.id);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

export function filterLabel(filter: NoteFilter): string {
  switch (filter.kind) {
    case 'all':
      return vscode.l10n.t('All');
    case 'unread':
      return vscode.l10n.t('Unread');
    default:
      return filter.type === 'comment' ? vscode.l10n.t('Comments') : filter.type === 'follow' ? vscode.l10n.t('Follows') : filter.type === 'like' ? vscode.l10n.t('Likes') : typeLabel(filter.type);
  }
}

export function emptyMessage(filter: NoteFilter): string {
  switch (filter.kind) {
    case 'all':
      return vscode.l10n.t('No notifications yet.');
    case 'unread':
      return vscode.l10n.t("You're all caught up!");
    default:
      return filter.type === 'comment'
        ? vscode.l10n.t('No comments yet.')
        : filter.type === 'follow'
          ? vscode.l10n.t('No new followers yet.')
          : filter.type === 'like'
            ? vscode.l10n.t('No likes yet.')
            : vscode.l10n.t('No {0} notifications.', typeLabel(filter.type));
  }
}
