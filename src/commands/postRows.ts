/**
 * The Posts view's rows: preview or open one in the browser, publish a draft, move it to the
 * trash. They call the posts model and say the outcome; the model builds the links. (Open as
 * Markdown is a post-file command: commands/postFiles.ts; the view's Refresh and Load more are
 * registered by its ListFeature.) And the Pages group's Load more.
 */
import * as vscode from 'vscode';
import type { PostV11 } from '../api';
import { COMMANDS } from '../ids';
import { unknownBecause } from '../models/asError';
import { postLink, type PostOutcome, type PostsModel } from '../models/postsModel';
import type { PostsProvider } from '../views/posts/postsProvider';
import { openExternal, requireSignIn, type CommandAuth } from './common';
import { report, reportFailure } from '../report';
import { withViewProgress } from '../views/common/viewProgress';

export interface PostRowDeps {
  log: vscode.LogOutputChannel;
  auth: CommandAuth;
  model: PostsModel;
  provider: PostsProvider;
}

const titleOf = (post: PostV11) => post.title?.trim() || vscode.l10n.t('(no title)');

export function registerPostRowCommands(deps: PostRowDeps): vscode.Disposable[] {
  const { model, provider } = deps;
  const row = (clicked?: vscode.TreeItem) => provider.target(clicked)?.post;

  /** Says what became of an operation: done (its sentence), refused (why), or unknown (what the service now shows). */
  async function told(what: string, post: PostV11, out: PostOutcome, done: (p: PostV11) => string): Promise<void> {
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

  return [
    // The Pages group's own Load more (the view's Load more is the posts', registered by its ListFeature).
    vscode.commands.registerCommand(COMMANDS.posts.loadMorePages, () =>
      withViewProgress(provider.viewId, () => model.pagesList.loadMore()),
    ),
    vscode.commands.registerCommand(COMMANDS.posts.preview, (clicked?: vscode.TreeItem) => {
      const post = row(clicked);
      if (post) openExternal(postLink(post), `“${titleOf(post)}”`);
    }),
    vscode.commands.registerCommand(COMMANDS.posts.openInBrowser, (clicked?: vscode.TreeItem) => {
      const post = row(clicked);
      if (post) openExternal(post.URL, `“${titleOf(post)}”`);
    }),
    vscode.commands.registerCommand(COMMANDS.posts.publishDraft, async (clicked?: vscode.TreeItem) => {
      const post = row(clicked);
      if (!post || !requireSignIn(deps)) return;
      const out = await model.publish(post.ID);
      await told(vscode.l10n.t('Publish'), post, out, (p) =>
        p.status === 'pending' ? vscode.l10n.t('Submitted “{0}” for review.', titleOf(p)) : vscode.l10n.t('Published “{0}”.', titleOf(p)),
      );
    }),
    vscode.commands.registerCommand(COMMANDS.posts.trash, async (clicked?: vscode.TreeItem) => {
      const post = row(clicked);
      if (!post || !requireSignIn(deps)) return;
      const out = await model.trash(post.ID);
      await told(vscode.l10n.t('Move to Trash'), post, out, () => vscode.l10n.t('Moved “{0}” to the trash.', titleOf(post)));
    }),
  ];
}
