import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import { withViewProgress } from '../views/common/viewProgress';
import { openExternal, requireSignIn, type CommandContext } from './commandContext';

export function registerFollowingCommands(ctx: CommandContext): vscode.Disposable[] {
  const { model, provider } = ctx.following;
  const post = (node?: vscode.TreeItem) => provider.target(node)?.post;
  return [
    vscode.commands.registerCommand(COMMANDS.following.refresh, () => provider.reload()),
    vscode.commands.registerCommand(COMMANDS.following.loadMore, () => provider.loadMore()),
    vscode.commands.registerCommand(
      COMMANDS.following.toggleOrder,
      () => requireSignIn(ctx) && withViewProgress(provider.viewId, () => model.toggleOrder()),
    ),
    vscode.commands.registerCommand(COMMANDS.following.open, (node?: vscode.TreeItem) => openExternal(post(node)?.URL)),
    vscode.commands.registerCommand(COMMANDS.following.copyLink, async (node?: vscode.TreeItem) => {
      const url = post(node)?.URL;
      if (!url) return;
      await vscode.env.clipboard.writeText(url);
      void vscode.window.setStatusBarMessage(vscode.l10n.t('Link copied: {0}', url), 3000);
    }),
  ];
}
