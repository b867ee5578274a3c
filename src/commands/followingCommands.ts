import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import type { FollowingModel } from '../models/followingModel';
import type { LoadedActions } from '../models/readerPostActions';
import type { ShowReaderPostDeps } from './showReaderPost.work';
import { commandWork } from './commandWork';
import { SitePostNode } from '../views/followedSites/followedSiteNode';
import { FeedPostNode } from '../views/following/feedPostNode';
import type { FollowingProvider } from '../views/following/followingProvider';
import { withViewProgress } from '../views/common/viewProgress';
import { openExternal, requireSignIn, type CommandAuth } from './common';
import { markSeenOnOpen } from './markAllSeen';

export interface FollowingCommandsDeps {
  model: Pick<FollowingModel, 'toggleOrder' | 'items' | 'onDidChange'>;
  provider: FollowingProvider;
  /** Where a post is shown, with what its page needs (its list is the model). */
  show: Omit<ShowReaderPostDeps, 'list'>;
  auth: CommandAuth;
  /** Opening a post marks it seen on the service. */
  actions: () => LoadedActions<'seen'>;
}

export function registerFollowingCommands(deps: FollowingCommandsDeps): vscode.Disposable[] {
  const { model, provider } = deps;
  const work = commandWork(() => import('./showReaderPost.work'), { log: deps.show.log, auth: deps.auth });
  const post = (node?: vscode.TreeItem) => provider.target(node)?.post;
  return [
    vscode.commands.registerCommand(
      COMMANDS.following.toggleOrder,
      () => requireSignIn(deps) && withViewProgress(provider.viewId, () => model.toggleOrder()),
    ),
    vscode.commands.registerCommand(COMMANDS.following.show, async (node?: vscode.TreeItem) => {
      // A followed site's post (Followed Sites) opens as Following's do.
      if (!(node instanceof FeedPostNode || node instanceof SitePostNode)) return;
      const p = model.items.find((x) => x.site_ID === node.post.site_ID && x.ID === node.post.ID) ?? node.post;
      await work(vscode.l10n.t('Show Post'), (m) => m.showReaderPost({ ...deps.show, list: model }, p, p.title));
      markSeenOnOpen(deps.actions, p);
    }),
    vscode.commands.registerCommand(COMMANDS.following.open, (node?: vscode.TreeItem) => openExternal(post(node)?.URL)),
    vscode.commands.registerCommand(COMMANDS.following.copyLink, async (node?: vscode.TreeItem) => {
      const url = post(node)?.URL;
      if (!url) return;
      await vscode.env.clipboard.writeText(url);
      void vscode.window.setStatusBarMessage(vscode.l10n.t('Link copied: {0}', url), 3000);
    }),
  ];
}
