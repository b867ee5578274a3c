import * as vscode from 'vscode';
import { localized } from '../localize';
import { COMMANDS } from '../ids';
import { ENTRIES } from '../models/noteActionCatalog';
import type { MarkAllReport, NotificationsModel } from '../models/notificationsModel';
import type { NotificationsProvider } from '../views/notifications/notificationsProvider';
import { requireSignIn, type CommandAuth } from './common';
import { report, reportFailure } from '../report';
import { noteTargets, whenRowsKnown, type NoteArg } from './noteTargets';

export interface MarkNotesDeps {
  model: NotificationsModel;
  provider: NotificationsProvider;
  log: vscode.LogOutputChannel;
  auth: CommandAuth;
}

/** The catalog's read toggle (m). */
const READ = ENTRIES.find((e) => e.readState)!;

/**
 * Mark read / unread on the clicked note (or a note id) or the whole selection: one POST, kept over
 * refreshes, dropped on refusal. Toggle Read (m) marks them all as the first one is not.
 */
export function registerMarkNotes(deps: MarkNotesDeps): vscode.Disposable[] {
  const { model, provider, log } = deps;
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
    vscode.commands.registerCommand(COMMANDS.notifications.markAllRead, async () => {
      if (!requireSignIn(deps)) return;
      let outcome: MarkAllReport;
      try {
        outcome = await vscode.window.withProgress({ location: { viewId: provider.viewId } }, () => model.markAllRead());
      } catch (err) {
        await reportFailure(deps, err, vscode.l10n.t('Mark all as read'));
        return;
      }
      log.info(
        `Mark all read: ${outcome.marked} marked, ${outcome.stillUnread} with new updates, ${outcome.notMarked} not marked, ${outcome.unconfirmed} unknown.`,
      );
      if (outcome.error?.kind === 'auth') {
        await reportFailure(deps, outcome.error, vscode.l10n.t('Mark all as read'));
        return;
      }
      void report[outcome.notMarked + outcome.unconfirmed > 0 ? 'warn' : 'info'](markAllSentence(outcome));
    }),
  ];
}

function markAllSentence(r: MarkAllReport): string {
  const parts: string[] = [];
  if (r.marked === 0 && r.stillUnread === 0 && r.notMarked === 0 && r.unconfirmed === 0) return vscode.l10n.t("You're all caught up!");
  parts.push(
    r.marked === 1 ? vscode.l10n.t('Marked 1 notification as read.') : vscode.l10n.t('Marked {0} notifications as read.', r.marked),
  );
  if (r.stillUnread > 0) parts.push(vscode.l10n.t('{0} got new updates meanwhile and stay unread.', r.stillUnread));
  if (r.notMarked > 0)
    parts.push(vscode.l10n.t('{0} could not be marked: {1}', r.notMarked, r.error ? localized(r.error.userMessage) : ''));
  if (r.unconfirmed > 0)
    parts.push(
      vscode.l10n.t(
        'Whether {0} were marked is unknown: the service did not confirm it and could not be asked. {1}',
        r.unconfirmed,
        r.error ? localized(r.error.userMessage) : '',
      ),
    );
  return parts.join(' ');
}
