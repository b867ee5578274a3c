/**
 * The work of the Posts view's row commands (in a chunk of its own, loaded with the first of them;
 * registered by postRows.ts): preview or open a post in the browser, publish a draft, move it to the
 * trash, and say the outcome. They call the posts model; the model builds the links.
 */
import * as vscode from 'vscode';
import type { PostV11 } from '../api';
import { unknownBecause } from '../models/asError';
import { postLink } from '../models/postLink';
import type { PostOutcome, PostsModel } from '../models/postsModel';
import { openExternal, requireSignIn, type CommandAuth } from './common';
import { report, reportFailure } from '../report';

export interface PostRowWorkDeps {
  log: vscode.LogOutputChannel;
  auth: CommandAuth;
  model: Pick<PostsModel, 'publish' | 'trash'>;
}

const titleOf = (post: PostV11) => post.title?.trim() || vscode.l10n.t('(no title)');

/** Says what became of an operation: done (its sentence), refused (why), or unknown (what the service now shows). */
async function told(deps: PostRowWorkDeps, what: string, post: PostV11, out: PostOutcome, done: (p: PostV11) => string): Promise<void> {
  if (out.kind === 'done') {
    void report.info(done(out.post));
    return;
  }
  if (out.kind === 'failed') return reportFailure(deps, out.error, what);
  deps.log.warn(`${what} of post ${post.ID}: the answer was lost (${out.error.kind}).`);
  void report.warn(
    vscode.l10n.t(
      '{0} of “{1}”: {2}, so it is not known whether it was done; the list shows the post as the service now has it.',
      what,
      titleOf(post),
      unknownBecause(out.error),
    ),
  );
}

export function previewPost(post: PostV11): void {
  openExternal(postLink(post), `“${titleOf(post)}”`);
}

export function openPostInBrowser(post: PostV11): void {
  openExternal(post.URL, `“${titleOf(post)}”`);
}

export async function publishDraft(deps: PostRowWorkDeps, post: PostV11): Promise<void> {
  if (!requireSignIn(deps)) return;
  const out = await deps.model.publish(post.ID);
  await told(deps, vscode.l10n.t('Publish'), post, out, (p) =>
    p.status === 'pending' ? vscode.l10n.t('Submitted “{0}” for review.', titleOf(p)) : vscode.l10n.t('Published “{0}”.', titleOf(p)),
  );
}

export async function trashPost(deps: PostRowWorkDeps, post: PostV11): Promise<void> {
  if (!requireSignIn(deps)) return;
  const out = await deps.model.trash(post.ID);
  await told(deps, vscode.l10n.t('Move to Trash'), post, out, () => vscode.l10n.t('Moved “{0}” to the trash.', titleOf(post)));
}
