/** Followed Sites: Follow a Site… by address, and Unfollow on a site's row with Undo. */
import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import { localized } from '../localize';
import type { FollowedSitesModel, UnfollowReport } from '../models/followedSitesModel';
import { report, reportFailure } from '../report';
import type { FollowedSitesProvider } from '../views/followedSites/followedSitesProvider';
import { requireSignIn, type CommandAuth } from './common';
import { inputUntilDone } from './inputUntilDone';

export interface FollowedSitesCommandsDeps {
  model: Pick<FollowedSitesModel, 'follow' | 'unfollow' | 'addressProblem'>;
  provider: Pick<FollowedSitesProvider, 'target'>;
  log: vscode.LogOutputChannel;
  auth: CommandAuth;
}

export function registerFollowedSitesCommands(deps: FollowedSitesCommandsDeps): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.followedSites.follow, () => requireSignIn(deps) && followSite(deps)),
    vscode.commands.registerCommand(COMMANDS.followedSites.unfollow, (node?: vscode.TreeItem) => unfollow(deps, node)),
  ];
}

async function followSite(deps: FollowedSitesCommandsDeps): Promise<void> {
  let followed: string | undefined;
  await inputUntilDone({
    title: vscode.l10n.t('Follow a Site'),
    prompt: vscode.l10n.t('The address of a site or of its feed'),
    placeholder: 'https://example.com',
    problem: (value) => {
      const problem = deps.model.addressProblem(value);
      return problem === undefined ? undefined : localized(problem);
    },
    submit: async (value) => {
      const result = await deps.model.follow(value);
      if (result.kind === 'failed') {
        if (result.error.kind === 'auth') await reportFailure(deps, result.error, 'Follow a site');
        return localized(result.error.userMessage);
      }
      followed = result.site.URL;
      return undefined;
    },
  });
  if (followed) void report.info(vscode.l10n.t('Following {0}.', followed));
}

/** Gone at once, with Undo; sent when the window ends (or the message closes). */
function unfollow(deps: FollowedSitesCommandsDeps, node?: vscode.TreeItem): void {
  const site = deps.provider.target(node);
  if (!site) return;
  const pending = deps.model.unfollow(site.key);
  if (!pending) return;
  const undoLabel = vscode.l10n.t('Undo');
  void report.info(vscode.l10n.t('Unfollowed {0}.', String(site.label)), undoLabel).then((pick) => {
    if (pick !== undoLabel) return pending.sendNow();
    const result = pending.undo();
    if (result === 'already sent') void report.info(vscode.l10n.t('Too late to undo: it was already sent to the service.'));
  });
  void pending.done.then((r) => told(deps, r));
}

async function told(deps: FollowedSitesCommandsDeps, r: UnfollowReport): Promise<void> {
  if (r.kind === 'failed') return reportFailure(deps, r.error, `Unfollow ${r.site.URL}`);
  if (r.kind === 'unknown' && r.stillFollowed !== false)
    void report.warn(
      r.stillFollowed
        ? vscode.l10n.t('{0} was not unfollowed: {1}', r.name, localized(r.error.userMessage))
        : vscode.l10n.t('Unfollowing {0} may not have been done: {1}', r.name, localized(r.error.userMessage)),
    );
}
