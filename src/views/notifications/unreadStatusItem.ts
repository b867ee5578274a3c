import * as vscode from 'vscode';
import type { NotificationsModel } from '../../models/notificationsModel';
import { STATUS_ITEMS, VIEWS } from '../../ids';
import { loadedAtLabel } from '../common/listRows';

/** The unread count in the status bar (the last known one, marked, when a refresh failed); a click opens the view. */
export function unreadStatusItem(model: NotificationsModel): vscode.Disposable {
  const item = vscode.window.createStatusBarItem(STATUS_ITEMS.unread, vscode.StatusBarAlignment.Right, 100);
  item.name = vscode.l10n.t('Content Site: Unread Notifications');
  item.command = `${VIEWS.notifications}.focus`;
  const render = () => {
    const n = model.unreadCount;
    if (n === 0) {
      item.hide();
      return;
    }
    const stale = model.state.kind === 'error';
    item.text = stale ? `$(bell-dot) ${n}?` : `$(bell-dot) ${n}`;
    item.tooltip = stale
      ? vscode.l10n.t(
          '{0} unread notifications as of {1}; the last refresh failed. Click to show them.',
          n,
          loadedAtLabel(model.list.loadedAt) ?? '',
        )
      : vscode.l10n.t('{0} unread notifications: click to show them', n);
    item.accessibilityInformation = { label: vscode.l10n.t('{0} unread Content Site notifications', n) };
    item.show();
  };
  const sub = model.onDidChange(render);
  render();
  return { dispose: () => (sub.dispose(), item.dispose()) };
}
