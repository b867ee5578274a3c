/**
 * The Posts view's rows: preview or open one in the browser, publish a draft, move it to the
 * trash; their work (postRows.work.ts) is in a chunk of its own, loaded with the first of them.
 * (Open as Markdown is a post-file command: commands/postFiles.ts; the view's Refresh and Load more
 * are registered by its ListFeature.) And the Pages group's Load more.
 */
import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import type { PostsModel } from '../models/postsModel';
import type { PostsProvider } from '../views/posts/postsProvider';
import { withViewProgress } from '../views/common/viewProgress';
import { commandWork } from './commandWork';
import type { PostRowWorkDeps } from './postRows.work';

export interface PostRowDeps extends PostRowWorkDeps {
  model: PostsModel;
  provider: PostsProvider;
}

export function registerPostRowCommands(deps: PostRowDeps): vscode.Disposable[] {
  const { model, provider } = deps;
  const work = commandWork(() => import('./postRows.work'), deps);
  const post = (clicked?: vscode.TreeItem) => provider.target(clicked)?.post;
  const on = (id: string, what: string, run: (m: typeof import('./postRows.work'), p: NonNullable<ReturnType<typeof post>>) => unknown) =>
    vscode.commands.registerCommand(id, async (clicked?: vscode.TreeItem) => {
      const p = post(clicked);
      if (p) await work(what, (m) => run(m, p));
    });
  return [
    // The Pages group's own Load more (the view's Load more is the posts', registered by its ListFeature).
    vscode.commands.registerCommand(COMMANDS.posts.loadMorePages, () =>
      withViewProgress(provider.viewId, () => model.pagesList.loadMore()),
    ),
    on(COMMANDS.posts.preview, vscode.l10n.t('Preview'), (m, p) => m.previewPost(p)),
    on(COMMANDS.posts.openInBrowser, vscode.l10n.t('Open in Browser'), (m, p) => m.openPostInBrowser(p)),
    on(COMMANDS.posts.publishDraft, vscode.l10n.t('Publish'), (m, p) => m.publishDraft(deps, p)),
    on(COMMANDS.posts.trash, vscode.l10n.t('Move to Trash'), (m, p) => m.trashPost(deps, p)),
  ];
}
