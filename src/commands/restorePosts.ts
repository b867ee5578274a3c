/**
 * Restore: the Trash view's Restore (a row, or the selection) and the palette's Restore Post from
 * Trash. Their work (restorePosts.work.ts) is in a chunk of its own, loaded with the first of them.
 */
import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import { commandWork } from './commandWork';
import type { RestoreDeps } from './restorePosts.work';

export function registerRestoreCommands(deps: RestoreDeps): vscode.Disposable[] {
  const work = commandWork(() => import('./restorePosts.work'), deps);
  return [
    vscode.commands.registerCommand(COMMANDS.trash.restore, (clicked?: vscode.TreeItem, selected?: vscode.TreeItem[]) => {
      const ids = deps.provider.targets(clicked, selected).map((n) => n.post.ID);
      return work(vscode.l10n.t('Restore'), (m) => m.restoreAndReport(deps, ids));
    }),
    vscode.commands.registerCommand(COMMANDS.restoreFromTrash, () =>
      work(vscode.l10n.t('Restore Post from Trash'), (m) => m.restoreFromPalette(deps)),
    ),
  ];
}
