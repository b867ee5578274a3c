/**
 * The work of following and unfollowing sites and tags (loaded with the first of those commands, in
 * its own chunk): the input boxes of Follow a Site… and Follow Tag…, Unfollow's message with
 * Undo, and what is told of each outcome. The rows' targets are read by the main file and passed in.
 */
import * as vscode from 'vscode';
import { offerUndo } from './undoMessage';
import { localized } from '../localize';
import type { FollowedSitesModel, UnfollowReport } from '../models/followedSitesModel';
import type { TagsModel } from '../models/tagsModel';
import { report, reportFailure } from '../report';
import type { CommandAuth } from './common';
import { inputUntilDone } from './inputUntilDone';

export interface FollowWorkDeps {
  log: vscode.LogOutputChannel;
  auth: CommandAuth;
}

export async function followSite(deps: FollowWorkDeps, model: Pick<FollowedSitesModel, 'follow' | 'addressProblem'>): Promise<void> {
  let followed: string | undefined;
  await inputUntilDone({
    title: vscode.l10n.t('Follow a Site'),
    prompt: vscode.l10n.t('The address of a site or of its feed'),
    placeholder: 'https://example.com',
    problem: (value) => {
      const problem = model.addressProblem(value);
      return problem === undefined ? undefined : localized(problem);
    },
    submit: async (value) => {
      const result = await model.follow(value);
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
export function unfollowSite(deps: FollowWorkDeps, model: Pick<FollowedSitesModel, 'unfollow'>, key: string, name: string): void {
  const pending = model.unfollow(key);
  if (!pending) return;
  void offerUndo(pending, vscode.l10n.t('Unfollowed {0}.', name));
  void pending.done.then((r) => toldUnfollow(deps, r));
}

async function toldUnfollow(deps: FollowWorkDeps, r: UnfollowReport): Promise<void> {
  if (r.kind === 'failed') return reportFailure(deps, r.error, `Unfollow ${r.site.URL}`);
  if (r.kind === 'unknown' && r.stillFollowed !== false)
    void report.warn(
      r.stillFollowed
        ? vscode.l10n.t('{0} was not unfollowed: {1}', r.name, localized(r.error.userMessage))
        : vscode.l10n.t('Unfollowing {0} may not have been done: {1}', r.name, localized(r.error.userMessage)),
    );
}

export async function followTag(deps: FollowWorkDeps, tags: Pick<TagsModel, 'follow'>): Promise<void> {
  let followed: string | undefined;
  await inputUntilDone({
    title: vscode.l10n.t('Follow Tag'),
    prompt: vscode.l10n.t("The tag's name"),
    placeholder: vscode.l10n.t('e.g. poetry'),
    submit: async (value) => {
      const result = await tags.follow(value);
      if (result.kind === 'failed') {
        if (result.error.kind === 'auth') await reportFailure(deps, result.error, 'Follow a tag');
        return localized(result.error.userMessage);
      }
      followed = result.tag?.title ?? result.slug;
      return undefined;
    },
  });
  if (followed) vscode.window.setStatusBarMessage(vscode.l10n.t('Following the tag {0}.', followed), 4000);
}

/** Gone at once; back with the service's reason when refused. */
export async function unfollowTag(deps: FollowWorkDeps, tags: Pick<TagsModel, 'unfollow'>, key: string, name: string): Promise<void> {
  const outcome = tags.unfollow(key);
  if (!outcome) return;
  const o = await outcome;
  if (o.kind === 'failed') await reportFailure(deps, o.error, `Unfollow the tag ${name}`);
  else if (o.kind === 'unknown')
    void report.warn(vscode.l10n.t('Unfollowing the tag {0} may not have been done: {1}', name, localized(o.error.userMessage)));
}
