import * as vscode from 'vscode';
import { BY_KEY, FOCUSED_ROW_ARG } from '../views/notifications/noteContext';
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

/** The second argument of a key's command run again by `whenRowsKnown`: run it as it comes, never again. */
export const RUN_AGAIN = 'run again once the rows are known';

type NoteCommand = (clicked?: NoteArg, selected?: readonly vscode.TreeItem[]) => unknown;
/** What a key's binding gives (KEY_ARGS, resolved by VS Code): the focused row, or nothing, and BY_KEY. */
type KeyArg = readonly [vscode.TreeItem | null | undefined, typeof BY_KEY];

const isKeyArg = (arg: unknown): arg is KeyArg => Array.isArray(arg) && arg.length === 2 && arg[1] === BY_KEY;

/**
 * A note command as registered. A key's command gets `[focused row, BY_KEY]`; when the row is
 * missing because the tree is redrawing (VS Code's extension host forgets the rows from a redraw
 * until the editor asks for them again, and a key resolved in that moment finds none), the key is
 * neither dropped nor guessed from the selection: once the rows are known again, the command runs
 * once more through the editor (`runCommands`), which resolves the row under the keyboard focus anew.
 */
export function whenRowsKnown(
  provider: Pick<NotificationsProvider, 'redrawing' | 'rowsKnown'>,
  command: string,
  run: NoteCommand,
): (clicked?: NoteArg | KeyArg, selected?: readonly vscode.TreeItem[] | typeof RUN_AGAIN) => unknown {
  return async (clicked, selected) => {
    if (selected === RUN_AGAIN) return run(isKeyArg(clicked) ? clicked[0] : clicked, undefined);
    if (!isKeyArg(clicked)) return run(clicked, selected);
    const [row] = clicked;
    if (row || !provider.redrawing) return run(row ?? undefined, undefined);
    await provider.rowsKnown();
    return vscode.commands.executeCommand('runCommands', { commands: [{ command, args: [FOCUSED_ROW_ARG, RUN_AGAIN] }] });
  };
}
