import * as vscode from 'vscode';
import { NoteNode } from '../views/notifications/noteNode';
import type { NotificationsProvider } from '../views/notifications/notificationsProvider';

/** What a note command is called with: a row (menus), a note id (the detail view), or nothing (a key). */
export type NoteArg = vscode.TreeItem | number | undefined;

/**
 * The notes a command acts on: the note id given; else the clicked row first, then the rest of the
 * selection it is part of; else (a key) the tree's selection.
 */
export function noteTargets(
  ctx: { notifications: { provider: Pick<NotificationsProvider, 'selectedNotes'> } },
  clicked?: NoteArg,
  selected?: readonly vscode.TreeItem[],
): number[] {
  if (typeof clicked === 'number') return Number.isSafeInteger(clicked) && clicked > 0 ? [clicked] : [];
  const ids = ctx.notifications.provider.selectedNotes(clicked, Array.isArray(selected) ? selected : undefined);
  if (!(clicked instanceof NoteNode)) return ids;
  return [clicked.note.id, ...ids.filter((id) => id !== clicked.note.id)];
}
