import * as vscode from 'vscode';
import { groupByDay } from '../../models/dayGroups';
import type { NotificationsModel } from '../../models/notificationsModel';
import { COMMANDS, VIEWS } from '../../ids';
import { ListProvider } from '../common/listProvider';
import { describe, listMessage, listRows, loadedAtLabel } from '../common/listRows';
import type { LoaderOptions } from '../common/viewLoader';
import { GroupNode } from './groupNode';
import { NoteNode } from './noteNode';
import { emptyMessage, filterLabel } from './noteFilterLabels';

export const NOTIFICATIONS_VIEW = VIEWS.notifications;

/** Renders the notifications model: day groups of notes, a load-more row, failures as rows. */
export class NotificationsProvider extends ListProvider<NotificationsModel> {
  constructor(model: NotificationsModel, loader: LoaderOptions) {
    super(VIEWS.notifications, model, loader, { canSelectMany: true, showCollapseAll: true });
  }

  protected header(): void {
    const m = this.model;
    const unread = m.unreadCount;
    const stale = m.state.kind === 'error' ? vscode.l10n.t(' (as of {0}; could not refresh)', loadedAtLabel(m.list.loadedAt) ?? '') : '';
    this.view.badge = unread > 0 ? { value: unread, tooltip: vscode.l10n.t('{0} unread notifications', unread) + stale } : undefined;
    this.view.description = describe(m.list, filterLabel(m.filter));
    this.view.message = listMessage(m.list, emptyMessage(m.filter));
  }

  protected rows(element?: vscode.TreeItem): vscode.TreeItem[] {
    if (element instanceof GroupNode) return element.noteIds.map((id) => this.model.get(id)).filter((n) => n !== undefined).map((n) => new NoteNode(n));
    if (element) return [];
    return listRows(this.model.list, (notes) => groupByDay(notes).map((g) => new GroupNode(g.group, g.ids, g.unread)), COMMANDS.notifications.loadMore);
  }

  /** The notes a command acts on: the clicked one plus the selection, when it was part of it. */
  selectedNotes(clicked?: vscode.TreeItem, selected?: readonly vscode.TreeItem[]): number[] {
    return this.targetsOf((n): n is NoteNode => n instanceof NoteNode, clicked, selected).map((n) => n.note.id);
  }
}
