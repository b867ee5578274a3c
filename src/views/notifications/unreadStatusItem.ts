import * as vscode from 'vscode';
import type { NotificationsModel } from '../../models/notificationsModel';
import { STATUS_ITEMS, VIEWS } from '../../ids';
import { loadedAtLabel } from '../common/listRows';
import { liveDetail, type LiveState } from './liveState';

export interface UnreadStatusItem extends vscode.Disposable {
  /** How new notes arrive (undefined: signed out), said in the hover. */
  showLive(state: LiveState | undefined): void;
}

/**
 * The unread count in the status bar (the last known one, marked, when a refresh failed); a click
 * opens the view. Its hover also says how new notes arrive (live or polling, why, the next try): the
 * view's description has room for a word only and no hover. Signed in, it shows with no unread note too.
 */
export function unreadStatusItem(model: NotificationsModel): UnreadStatusItem {
  const item = vscode.window.createStatusBarItem(STATUS_ITEMS.unread, vscode.StatusBarAlignment.Right, 100);
  item.name = vscode.l10n.t('Content Site: Unread Notifications');
  item.command = `${VIEWS.notifications}.focus`;
  let live: LiveState | undefined;
  const render = () => {
    const n = model.unreadCount;
    if (n === 0 && !live) {
      item.hide();
      return;
    }
    const stale = model.state.kind === 'error';
    item.text = n === 0 ? '$(bell)' : stale ? `$(bell-dot) ${n}?` : `$(bell-dot) ${n}`;
    const count = stale
      ? vscode.l10n.t(
          '{0} unread notifications as of {1}; the last refresh failed. Click to show them.',
          n,
          loadedAtLabel(model.list.loadedAt) ?? '',
        )
      : vscode.l10n.t('{0} unread notifications: click to show them', n);
    item.tooltip = live ? `${count}\n${liveDetail(live)}` : count;
    item.accessibilityInformation = { label: vscode.l10n.t('{0} unread Content Site notifications', n) };
    item.show();
  };
  const sub = model.onDidChange(render);
  render();
  return {
    showLive: (state) => {
      live = state;
      render();
    },
    dispose: () => (sub.dispose(), item.dispose()),
  };
}
