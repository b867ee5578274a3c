import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import { report } from '../report';
import { filterChoices, filterId } from '../models/noteFilters';
import { NoteNode } from '../views/notifications/noteNode';
import { filterLabel } from '../views/notifications/noteFilterLabels';
import type { NotificationsModel } from '../models/notificationsModel';
import type { NotificationsProvider } from '../views/notifications/notificationsProvider';
import { withViewProgress } from '../views/common/viewProgress';
import { openExternal, requireSignIn, type CommandAuth } from './common';

export interface NotificationListDeps {
  model: Pick<NotificationsModel, 'filter' | 'seenTypes' | 'setFilter'>;
  provider: NotificationsProvider;
  auth: CommandAuth;
}

export function registerNotificationListCommands(deps: NotificationListDeps): vscode.Disposable[] {
  const { model, provider } = deps;
  return [
    vscode.commands.registerCommand(COMMANDS.notifications.filter, async () => {
      if (!requireSignIn(deps)) return;
      const current = filterId(model.filter);
      const pick = await vscode.window.showQuickPick(
        filterChoices(model.seenTypes).map((f) => ({
          label: filterLabel(f),
          description: filterId(f) === current ? vscode.l10n.t('current') : undefined,
          filter: f,
        })),
        { title: vscode.l10n.t('Show notifications'), placeHolder: vscode.l10n.t('Filter notifications') },
      );
      if (!pick) return;
      await withViewProgress(provider.viewId, () => model.setFilter(pick.filter));
    }),
    vscode.commands.registerCommand(COMMANDS.notifications.open, async (node?: vscode.TreeItem) => {
      const target = node instanceof NoteNode ? node : provider.view.selection.find((n): n is NoteNode => n instanceof NoteNode);
      if (!target) return;
      if (!target.note.url) {
        void report.info(vscode.l10n.t('This notification has no link to open.'));
        return;
      }
      openExternal(target.note.url);
    }),
  ];
}
