import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import { localized } from '../localize';
import { ACTION_TABLES } from '../models/actionTables';

const EXTENSION_ID = 'contentsite.content-site';

type KeyItem = vscode.QuickPickItem & { run?: () => Thenable<unknown> };

/**
 * Content Site: Keyboard Shortcuts. Lists every view's keys, from the action catalog (the defaults this extension
 * contributes: an extension cannot read the user's own bindings); picking one opens the Keyboard
 * Shortcuts editor on its command, and the last item on all of this extension's, where the keys as
 * bound now are shown and can be changed.
 */
export function registerKeyboardShortcuts(): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.keyboardShortcuts, async () => {
      // Each table's keys under its views' name (a table shown in two views lists its keys once).
      const items: KeyItem[] = ACTION_TABLES.flatMap((table): KeyItem[] => [
        { label: localized(table.label), kind: vscode.QuickPickItemKind.Separator },
        ...table.shown.flatMap((e): KeyItem[] =>
          e.key && e.command
            ? [
                {
                  label: e.key === 'delete' ? vscode.l10n.t('Delete') : e.key.toUpperCase(),
                  description: localized(e.labels.key),
                  run: () => vscode.commands.executeCommand('workbench.action.openGlobalKeybindings', `@command:${e.command!}`),
                },
              ]
            : [],
        ),
        { label: vscode.l10n.t('Enter'), description: vscode.l10n.t('Open the {0}', localized(table.item)) },
      ]);
      items.push(
        { label: '↑ ↓', description: vscode.l10n.t('Move between rows; Shift or Ctrl/Cmd to select several') },
        { label: '', kind: vscode.QuickPickItemKind.Separator },
        {
          label: vscode.l10n.t('$(keyboard) Change the Keys…'),
          description: vscode.l10n.t('Keyboard Shortcuts, filtered to Content Site'),
          run: () => vscode.commands.executeCommand('workbench.action.openGlobalKeybindings', `@ext:${EXTENSION_ID}`),
        },
      );
      const pick = await vscode.window.showQuickPick(items, {
        title: vscode.l10n.t('Content Site: Keyboard Shortcuts'),
        placeHolder: vscode.l10n.t('Keys of the views; pick one to change it'),
        matchOnDescription: true,
      });
      await pick?.run?.();
    }),
  ];
}
