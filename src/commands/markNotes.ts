import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import { ENTRIES } from '../models/noteActionCatalog';
import type { MarkNotesDeps } from './noteActions.work';
import { commandWork } from './commandWork';
import { reportFailure } from '../report';
import { noteTargets, whenRowsKnown, type NoteArg } from './noteTargets';

/** The catalog's read toggle (m). */
const READ = ENTRIES.find((e) => e.readState)!;

/**
 * Mark read / unread on the clicked note (or a note id) or the whole selection: one POST, kept over
 * refreshes, dropped on refusal. Toggle Read (m) marks them all as the first one is not. Mark All
 * Read's work (noteActions.work.ts) is in a chunk of its own.
 */
export function registerMarkNotes(deps: MarkNotesDeps): vscode.Disposable[] {
  const { model, provider, log } = deps;
  const work = commandWork(() => import('./noteActions.work'), deps);
  const run = async (action: 'read' | 'unread' | 'toggle', clicked?: NoteArg, selected?: readonly vscode.TreeItem[]) => {
    const ids = noteTargets({ notifications: { provider } }, clicked, selected);
    if (ids.length === 0) return;
    if (action === 'toggle') action = (model.get(ids[0])?.unread ?? 0) > 0 ? 'read' : 'unread';
    try {
      if (action === 'read') await model.markRead(ids);
      else await model.markUnread(ids);
      log.info(`Marked ${ids.length} notification(s) ${action}.`);
    } catch (err) {
      await reportFailure(deps, err, action === 'read' ? vscode.l10n.t('Mark as read') : vscode.l10n.t('Mark as unread'));
    }
  };
  return [
    vscode.commands.registerCommand(COMMANDS.notifications.markRead, (n?: NoteArg, s?: vscode.TreeItem[]) => run('read', n, s)),
    vscode.commands.registerCommand(COMMANDS.notifications.markUnread, (n?: NoteArg, s?: vscode.TreeItem[]) => run('unread', n, s)),
    vscode.commands.registerCommand(
      READ.command!,
      whenRowsKnown(provider, READ.command!, (n, s) => run('toggle', n, s)),
    ),
    vscode.commands.registerCommand(COMMANDS.notifications.markAllRead, () =>
      work(vscode.l10n.t('Mark all as read'), (m) => m.markAllRead(deps)),
    ),
  ];
}
