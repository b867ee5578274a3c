import * as vscode from 'vscode';
import type { Notification } from '../../api';
import { groupByDay } from '../../models/dayGroups';
import type { NotificationsModel } from '../../models/notificationsModel';
import { relativeTime } from '../../models/relativeTime';
import { COMMANDS, VIEWS } from '../../ids';
import { ListProvider } from '../common/listProvider';
import { describe, listMessage, listRows, loadedAtLabel, unreadableNotes } from '../common/listRows';
import type { LoaderOptions } from '../common/viewLoader';
import { GroupNode } from './groupNode';
import { NoteNode, RowText } from './noteNode';
import { liveWord, type LiveState } from './liveState';
import { emptyMessage, filterLabel } from './noteFilterLabels';

export const NOTIFICATIONS_VIEW = VIEWS.notifications;

/** Renders the notifications model: day groups of notes, a load-more row, failures as rows. */
export class NotificationsProvider extends ListProvider<NotificationsModel> {
  private live: LiveState | undefined;

  constructor(model: NotificationsModel, loader: LoaderOptions) {
    super(VIEWS.notifications, model, loader, { canSelectMany: true, showCollapseAll: true });
  }

  protected header(): void {
    const m = this.model;
    const unread = m.unreadCount;
    const stale = m.state.kind === 'error' ? vscode.l10n.t(' (as of {0}; could not refresh)', loadedAtLabel(m.list.loadedAt) ?? '') : '';
    this.view.badge = unread > 0 ? { value: unread, tooltip: vscode.l10n.t('{0} unread notifications', unread) + stale } : undefined;
    // The state in a word, to fit the sidebar; its hover is the status bar item's (unreadStatusItem.ts).
    this.view.description = [describe(m.list, filterLabel(m.filter)), this.live && liveWord(this.live)].filter(Boolean).join(' · ');
    this.view.message = listMessage(m.list, emptyMessage(m.filter), unreadableNotes);
  }

  protected rows(element?: vscode.TreeItem): vscode.TreeItem[] {
    if (element instanceof GroupNode) {
      const text = new RowText();
      const out: NoteNode[] = [];
      if (element.from === this.model.notes) {
        for (const note of element.notes) out.push(this.noteNode(note, text));
      } else {
        // The list changed since the group was made: its notes as they are now (O(1) each).
        for (const { id } of element.notes) {
          const note = this.model.get(id);
          if (note) out.push(this.noteNode(note, text));
        }
      }
      return out;
    }
    if (element) return [];
    return listRows(
      this.model.list,
      (notes) => groupByDay(notes).map((g) => new GroupNode(g.group, g.notes, notes)),
      COMMANDS.notifications.loadMore,
    );
  }

  /**
   * The row of a note, kept while the note is the same object (the model makes a new one for every
   * change) and its relative time reads the same. A NoteNode reads nothing but its note and the
   * time; should it read more (a setting), add that to the parts.
   */
  private noteNode(note: Notification, text: RowText): NoteNode {
    const when = relativeTime(note.timestamp * 1000, text.now, text.locale);
    return this.row(String(note.id), [note, when], () => new NoteNode(note, when, text));
  }

  /** Whether new notes arrive as they happen (the push channel) or by polling (undefined: signed out). */
  showLive(state: LiveState | undefined): void {
    const same = state?.mode === this.live?.mode;
    this.live = state && { ...state };
    if (!same) this.render();
  }

  /** The notes a command acts on: the clicked one plus the selection, when it was part of it. */
  selectedNotes(clicked?: vscode.TreeItem, selected?: readonly vscode.TreeItem[]): number[] {
    return this.targetsOf((n): n is NoteNode => n instanceof NoteNode, clicked, selected).map((n) => n.note.id);
  }
}
