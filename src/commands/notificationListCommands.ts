import * as vscode from 'vscode';
import { FILTER_PRESETS, type NoteFilter } from '../models/notificationsModel';
import { NoteNode } from '../views/notifications/noteNode';
import { filterLabel, NOTIFICATIONS_VIEW } from '../views/notifications/notificationsProvider';
import { withViewProgress } from '../views/common/viewProgress';
import { openExternal, type CommandContext } from './commandContext';

export function registerNotificationListCommands(ctx: CommandContext): vscode.Disposable[] {
  const { model, provider } = ctx.notifications;
  return [
    vscode.commands.registerCommand('contentSite.notifications.refresh', () => provider.reload()),
    vscode.commands.registerCommand('contentSite.notifications.loadMore', () => provider.loadMore()),
    vscode.commands.registerCommand('contentSite.notifications.filter', async () => {
      const presets: NoteFilter[] = FILTER_PRESETS.map((p) => p.filter);
      const known = new Set(['comment', 'follow', 'like']);
      for (const type of [...model.seenTypes].sort()) if (!known.has(type)) presets.push({ kind: 'type', type });
      const current = filterLabel(model.filter);
      const pick = await vscode.window.showQuickPick(
        presets.map((f) => ({ label: filterLabel(f), description: filterLabel(f) === current ? vscode.l10n.t('current') : undefined, filter: f })),
        { title: vscode.l10n.t('Show notifications'), placeHolder: vscode.l10n.t('Filter notifications') },
      );
      if (!pick) return;
      await withViewProgress(NOTIFICATIONS_VIEW, () => model.setFilter(pick.filter));
    }),
    vscode.commands.registerCommand('contentSite.notifications.open', async (node?: vscode.TreeItem) => {
      const target = node instanceof NoteNode ? node : provider.view.selection.find((n): n is NoteNode => n instanceof NoteNode);
      if (!target) return;
      if (!target.note.url) {
        void vscode.window.showInformationMessage(vscode.l10n.t('This notification has no link to open.'));
        return;
      }
      openExternal(target.note.url);
    }),
  ];
}
