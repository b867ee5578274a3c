import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import { localized } from '../localize';
import { NOTE_KEYS } from '../views/notifications/noteContext';

const EXTENSION_ID = 'contentsite.content-site';

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
          description: localized(k.entry.labels.key),
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
