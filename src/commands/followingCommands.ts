import * as vscode from 'vscode';
import { FeedPostNode } from '../views/following/feedPostNode';
import { withViewProgress } from '../views/common/viewProgress';
import { FOLLOWING_VIEW } from '../views/following/followingProvider';
import { openExternal, type CommandContext } from './commandContext';

export function registerFollowingCommands(ctx: CommandContext): vscode.Disposable[] {
  const { model, provider } = ctx.following;
  const post = (node?: vscode.TreeItem) => (node instanceof FeedPostNode ? node : provider.view.selection.find((n): n is FeedPostNode => n instanceof FeedPostNode))?.post;
  return [
    vscode.commands.registerCommand('contentSite.following.refresh', () => provider.reload()),
    vscode.commands.registerCommand('contentSite.following.loadMore', () => provider.loadMore()),
    vscode.commands.registerCommand('contentSite.following.toggleOrder', async () => {
      await withViewProgress(FOLLOWING_VIEW, () => model.toggleOrder());
    }),
    vscode.commands.registerCommand('contentSite.following.open', (node?: vscode.TreeItem) => openExternal(post(node)?.URL)),
    vscode.commands.registerCommand('contentSite.following.copyLink', async (node?: vscode.TreeItem) => {
      const url = post(node)?.URL;
      if (!url) return;
      await vscode.env.clipboard.writeText(url);
      void vscode.window.setStatusBarMessage(vscode.l10n.t('Link copied: {0}', url), 3000);
    }),
  ];
}
