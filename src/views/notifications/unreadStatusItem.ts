import * as vscode from 'vscode';
import type { NotificationsModel } from '../../models/notificationsModel';
import { NOTIFICATIONS_VIEW } from './notificationsProvider';

/** The unread count in the status bar; a click opens the notifications view. Hidden at zero. */
export function unreadStatusItem(model: NotificationsModel): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('contentSite.unread', vscode.StatusBarAlignment.Right, 100);
  item.name = vscode.l10n.t('Content Site: Unread Notifications');
  item.command = `${NOTIFICATIONS_VIEW}.focus`;
  const render = () => {
    const n = model.unreadCount;
    if (n === 0) {
      item.hide();
      return;
    }
    item.text = `$(bell-dot) ${n}`;
    item.tooltip = vscode.l10n.t('{0} unread notifications: click to show them', n);
    item.accessibilityInformation = { label: vscode.l10n.t('{0} unread Content Site notifications', n) };
    item.show();
  };
  const sub = model.onDidChange(render);
  render();
  return { dispose: () => (sub.dispose(), item.dispose()) };
}
