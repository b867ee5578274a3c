/**
 * Post files: New Post, Open as Markdown (a row of the Posts view), Publish to Site, Pull from
 * Site, Show Revisions…, and images dropped into a post file. The
 * commands are registered at activation; their work (commands/postFiles.work.ts) loads with the
 * first of them, once, so every command shares its one queue per file.
 */
import * as vscode from 'vscode';
import type { MediaFile, PostV11 } from '../api';
import { COMMANDS } from '../ids';
import type { PostFileActions, PostFileDeps } from './postFiles.work';
import { ImageDropProvider } from '../views/posts/imageDrop';
import { reportFailure } from '../report';

export type { PostFileDeps } from './postFiles.work';

/** The post a row of the Posts view is about, and the site the view shows (for Open as Markdown). */
export interface PostRowOf {
  row(clicked?: vscode.TreeItem): PostV11 | undefined;
  site(): string | undefined;
}

export function registerPostFileCommands(deps: PostFileDeps, rows: PostRowOf): vscode.Disposable[] {
  const report = (err: unknown, what: string) => reportFailure(deps, err, what);
  let actions: Promise<PostFileActions> | undefined;
  const work = () => (actions ??= import('./postFiles.work').then((m) => m.postFileActions(deps)));
  /** A command's work once loaded; a failure to load is told like any other failure. */
  const command =
    <A extends unknown[]>(what: string, run: (a: PostFileActions, ...args: A) => Promise<void>) =>
    async (...args: A) => {
      let a: PostFileActions;
      try {
        a = await work();
      } catch (err) {
        actions = undefined;
        return report(err, what);
      }
      return run(a, ...args);
    };
  const dropped = async (files: Array<MediaFile & { data: Uint8Array }>) => (await work()).uploadDropped(files);
  return [
    vscode.languages.registerDocumentDropEditProvider({ language: 'markdown' }, new ImageDropProvider(dropped)),
    vscode.commands.registerCommand(
      COMMANDS.posts.newPost,
      command(vscode.l10n.t('New Post'), (a) => a.newPost()),
    ),
    vscode.commands.registerCommand(
      COMMANDS.posts.publish,
      command(vscode.l10n.t('Publish'), (a, uri?: vscode.Uri) => a.publish(uri)),
    ),
    vscode.commands.registerCommand(
      COMMANDS.posts.pull,
      command(vscode.l10n.t('Pull'), (a, uri?: vscode.Uri) => a.pull(uri)),
    ),
    vscode.commands.registerCommand(
      COMMANDS.posts.showRevisions,
      // The file: given (explorer, editor title), a site folder's Source Control row's, else the active editor's.
      command(vscode.l10n.t('Show Revisions'), (a, about?: unknown) => a.showRevisions(fileOf(about))),
    ),
    vscode.commands.registerCommand(
      COMMANDS.posts.openAsMarkdown,
      command(vscode.l10n.t('Open Post as Markdown'), async (a, clicked?: vscode.TreeItem) => {
        const post = rows.row(clicked);
        const site = rows.site();
        if (post && site) await a.openAsMarkdown(site, post);
      }),
    ),
  ];
}

/** The file a command is about: a URI, or a Source Control row's. */
function fileOf(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  const row = arg as { resourceUri?: unknown } | undefined;
  return row?.resourceUri instanceof vscode.Uri ? row.resourceUri : undefined;
}
