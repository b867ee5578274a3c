import * as vscode from 'vscode';
import { reportError, type CommandContext } from './commandContext';

/** Mark read / unread on the clicked note or the whole selection: one POST, rolled back on failure. */
export function registerMarkNotes(ctx: CommandContext): vscode.Disposable[] {
  const { model, provider } = ctx.notifications;
  const run = async (action: 'read' | 'unread', clicked?: vscode.TreeItem, selected?: readonly vscode.TreeItem[]) => {
    const ids = provider.selectedNotes(clicked, selected);
    if (ids.length === 0) return;
    try {
      if (action === 'read') await model.markRead(ids);
      else await model.markUnread(ids);
      ctx.log.info(`Marked ${ids.length} notification(s) ${action}.`);
    } catch (err) {
      await reportError(ctx, err, action === 'read' ? vscode.l10n.t('Mark as read') : vscode.l10n.t('Mark as unread'));
    }
  };
  return [
    vscode.commands.registerCommand('contentSite.notifications.markRead', (n?: vscode.TreeItem, s?: vscode.TreeItem[]) => run('read', n, s)),
    vscode.commands.registerCommand('contentSite.notifications.markUnread', (n?: vscode.TreeItem, s?: vscode.TreeItem[]) => run('unread', n, s)),
    vscode.commands.registerCommand('contentSite.notifications.markAllRead', async () => {
      try {
        const n = await model.markAllRead();
        void vscode.window.showInformationMessage(n > 0 ? vscode.l10n.t('Marked {0} notifications as read.', n) : vscode.l10n.t("You're all caught up!"));
      } catch (err) {
        await reportError(ctx, err, vscode.l10n.t('Mark all as read'));
      }
    }),
  ];
}
