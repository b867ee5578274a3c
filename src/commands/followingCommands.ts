import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import { loadRender } from '../lazy/loadRender';
import { relativeTime } from '../models/relativeTime';
import type { FollowingModel } from '../models/followingModel';
import type { DetailPanel } from '../views/detail/detailPanel';
import { SitePostNode } from '../views/followedSites/followedSiteNode';
import { FeedPostNode } from '../views/following/feedPostNode';
import type { FollowingProvider } from '../views/following/followingProvider';
import { withViewProgress } from '../views/common/viewProgress';
import type { ReaderPostActions } from '../models/readerPostActions';
import { openExternal, requireSignIn, type CommandAuth } from './common';
import { markSeenOnOpen } from './markAllSeen';

export interface FollowingCommandsDeps {
  model: Pick<FollowingModel, 'toggleOrder'>;
  provider: FollowingProvider;
  /** Where a post is shown. */
  detail: Pick<DetailPanel, 'show'>;
  auth: CommandAuth;
  /** Opening a post marks it seen on the service. */
  actions: () => Pick<ReaderPostActions, 'seen'>;
}

export function registerFollowingCommands(deps: FollowingCommandsDeps): vscode.Disposable[] {
  const { model, provider, detail } = deps;
  const post = (node?: vscode.TreeItem) => provider.target(node)?.post;
  return [
    vscode.commands.registerCommand(
      COMMANDS.following.toggleOrder,
      () => requireSignIn(deps) && withViewProgress(provider.viewId, () => model.toggleOrder()),
    ),
    vscode.commands.registerCommand(COMMANDS.following.show, async (node?: vscode.TreeItem) => {
      // A followed site's post (Followed Sites) opens as Following's do.
      if (!(node instanceof FeedPostNode || node instanceof SitePostNode)) return;
      const p = node.post;
      const { plainTitle, postHtml } = await loadRender();
      await detail.show(plainTitle(p.title), postHtml(p, p.date ? relativeTime(Date.parse(p.date), Date.now(), vscode.env.language) : ''));
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
