import * as vscode from 'vscode';
import type { CommandContext } from './commandContext';

/** Every shown view again, in one batch request. */
export function registerRefreshAll(ctx: CommandContext): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('contentSite.refreshAll', async () => {
      const shown = [ctx.notifications.provider, ctx.following.provider, ctx.trash.provider, ctx.reader.provider].filter((p) => p.view.visible && p.loader.gate());
      await Promise.all(shown.map((p) => p.reload()));
    }),
  ];
}
