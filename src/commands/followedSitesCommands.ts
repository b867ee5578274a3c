/** Followed Sites: Follow a Site… by address, and Unfollow on a site's row with Undo (their work: follow.work.ts, loaded with the first). */
import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import type { FollowedSitesModel } from '../models/followedSitesModel';
import type { FollowedSitesProvider } from '../views/followedSites/followedSitesProvider';
import { requireSignIn, type CommandAuth } from './common';
import { commandWork } from './commandWork';

export interface FollowedSitesCommandsDeps {
  model: Pick<FollowedSitesModel, 'follow' | 'unfollow' | 'addressProblem'>;
  provider: Pick<FollowedSitesProvider, 'target'>;
  log: vscode.LogOutputChannel;
  auth: CommandAuth;
}

export function registerFollowedSitesCommands(deps: FollowedSitesCommandsDeps): vscode.Disposable[] {
  const work = commandWork(() => import('./follow.work'), deps);
  return [
    vscode.commands.registerCommand(
      COMMANDS.followedSites.follow,
      () => requireSignIn(deps) && work('Follow a site', (m) => m.followSite(deps, deps.model)),
    ),
    vscode.commands.registerCommand(COMMANDS.followedSites.unfollow, (node?: vscode.TreeItem) => {
      const site = deps.provider.target(node);
      if (site) return work('Unfollow a site', (m) => m.unfollowSite(deps, deps.model, site.key, String(site.label)));
    }),
  ];
}
