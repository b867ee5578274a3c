import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import { NOTE_KEYS } from '../views/notifications/noteContext';

const EXTENSION_ID = 'contentsite.content-site';

/** What each key of the Notifications view does, as the list says it. */
const KEY_TITLES: Record<string, () => string> = {
  [COMMANDS.notifications.approve]: () => vscode.l10n.t('Approve or unapprove the comment'),
  [COMMANDS.notifications.spam]: () => vscode.l10n.t('Mark the comment as spam (with Undo)'),
  [COMMANDS.notifications.trash]: () => vscode.l10n.t('Trash the comment (with Undo)'),
  [COMMANDS.notifications.like]: () => vscode.l10n.t('Like or unlike the comment (or the post)'),
  [COMMANDS.notifications.reply]: () => vscode.l10n.t('Reply…'),
  [COMMANDS.notifications.undo]: () => vscode.l10n.t('Undo the last spam or trash'),
  [COMMANDS.notifications.toggleRead]: () => vscode.l10n.t('Mark read or unread'),
  [COMMANDS.notifications.edit]: () => vscode.l10n.t('Edit the comment in the browser'),
};

type KeyItem = vscode.QuickPickItem & { run?: () => Thenable<unknown> };

/**
 * Content Site: Keyboard Shortcuts. Lists the Notifications view's keys (the defaults this extension
 * contributes: an extension cannot read the user's own bindings); picking one opens the Keyboard
 * Shortcuts editor on its command, and the last item on all of this extension's, where the keys as
 * bound now are shown and can be changed.
 */
export function registerKeyboardShortcuts(): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.keyboardShortcuts, async () => {
      const items: KeyItem[] = [
        ...NOTE_KEYS.map((k): KeyItem => ({
          label: k.key.toUpperCase(),
          description: KEY_TITLES[k.command]?.() ?? k.command,
          run: () => vscode.commands.executeCommand('workbench.action.openGlobalKeybindings', `@command:${k.command}`),
        })),
        { label: vscode.l10n.t('Enter'), description: vscode.l10n.t('Open the notification') },
        { label: '↑ ↓', description: vscode.l10n.t('Move between notifications; Shift or Ctrl/Cmd to select several') },
        { label: '', kind: vscode.QuickPickItemKind.Separator },
        {
          label: vscode.l10n.t('$(keyboard) Change the Keys…'),
          description: vscode.l10n.t('Keyboard Shortcuts, filtered to Content Site'),
          run: () => vscode.commands.executeCommand('workbench.action.openGlobalKeybindings', `@ext:${EXTENSION_ID}`),
        },
      ];
      const pick = await vscode.window.showQuickPick(items, {
        title: vscode.l10n.t('Content Site: Keyboard Shortcuts'),
        placeHolder: vscode.l10n.t('Keys of the Notifications view; pick one to change it'),
        matchOnDescription: true,
      });
      await pick?.run?.();
    }),
  ];
}
