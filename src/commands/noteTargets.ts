import * as vscode from 'vscode';
import { NoteNode } from '../views/notifications/noteNode';
import type { NotificationsProvider } from '../views/notifications/notificationsProvider';

/**
 * What a note command is called with: a row (a menu: the clicked row; a key: the row under the
 * keyboard focus, see FOCUSED_ROW_ARG), a note id (the detail view), or nothing (the palette).
 */
export type NoteArg = vscode.TreeItem | number | null | undefined;

/**
 * The notes a command acts on: the note id given; else the row given first, then the rest of the
 * selection when that row is part of it (a menu passes that selection; a key's focused row is
 * looked up in the tree's selection); else the tree's selection.
 */
export function noteTargets(
  ctx: { notifications: { provider: Pick<NotificationsProvider, 'selectedNotes' | 'view'> } },
  clicked?: NoteArg,
  selected?: readonly vscode.TreeItem[],
): number[] {
  if (typeof clicked === 'number') return Number.isSafeInteger(clicked) && clicked > 0 ? [clicked] : [];
  const provider = ctx.notifications.provider;
  const row = clicked instanceof NoteNode ? clicked : undefined;
  let together: readonly vscode.TreeItem[] | undefined = Array.isArray(selected) && selected.length > 0 ? selected : undefined;
  if (row && !together) {
    const selection = provider.view.selection;
    if (selection.some((n) => n instanceof NoteNode && n.note.id === row.note.id)) together = selection;
  }
  const ids = provider.selectedNotes(row, together);
  return row ? [row.note.id, ...ids.filter((id) => id !== row.note.id)] : ids;
}
