/**
 * The commands of the Reader posts' action table (readerActionCatalog.ts), from the rows of
 * Following and the Reader, their keys and the post's page: one per entry (and a toggle's partner),
 * run by its kind. Like and seen act on every selected post at once; follow and block act on each
 * post's site, and unfollow and block wait out the undo window with Undo in their message; comment
 * opens the post's page with its comment box. They call the Reader posts' model and say the outcome.
 */
import * as vscode from 'vscode';
import type { FeedPost } from '../api';
import { localized } from '../localize';
import { READER_ACTIONS, type ReaderEntry } from '../models/readerActionCatalog';
import { reportFailure } from '../report';
import { requireSignIn } from './common';
import { commandWork } from './commandWork';
import type { ReaderPostWork, ReaderWorkDeps } from './readerPostCommands.work';
import { readerCommand, readerTargets, type ReaderArg, type ReaderViews } from './readerPostTargets';

export interface ReaderPostCommandsDeps extends ReaderWorkDeps {
  views: ReaderViews;
  /** Shows the post's page with its comment box ready (the detail view). */
  comment(post: FeedPost): Promise<void>;
}

type Run = (clicked?: ReaderArg, selected?: readonly vscode.TreeItem[]) => unknown;

export function registerReaderPostCommands(deps: ReaderPostCommandsDeps): vscode.Disposable[] {
  const work = commandWork(() => import('./readerPostCommands.work'), deps);
  const reg = (id: string | undefined, e: ReaderEntry, run: (w: ReaderPostWork, posts: FeedPost[]) => unknown): vscode.Disposable[] => {
    if (!id) return [];
    const handler: Run = async (clicked, selected) => {
      const posts = readerTargets(deps.views, clicked, selected);
      if (posts.length === 0 || !requireSignIn(deps)) return;
      // The work loads with the first action (a chunk of its own); a failure to load is told as the action's.
      await work(localized(e.labels.on), async (m) => {
        try {
          await run(m.readerPostWork, posts);
        } catch (err) {
          await reportFailure(deps, err, localized(e.labels.on));
        }
      });
    };
    return [vscode.commands.registerCommand(id, readerCommand(deps.views, id, handler))];
  };
  return READER_ACTIONS.shown.flatMap((e) => {
    switch (e.kind) {
      case 'toggle':
        return [
          ...reg(e.command, e, (w, posts) => w.toggle(deps, e, posts)),
          ...reg(e.offCommand, e, (w, posts) => w.toggle(deps, e, posts, false)),
        ];
      case 'remove':
        return reg(e.command, e, (w, posts) => w.block(deps, e, posts));
      case 'reply':
        return reg(e.command, e, (w, posts) => w.offered(deps, e, posts.slice(0, 1)).map((p) => deps.comment(p))[0]);
      case 'local':
        return e.undoes && e.command
          ? [
              vscode.commands.registerCommand(e.command, async () => {
                if ((await deps.actions()).undo() !== 'undone') vscode.window.setStatusBarMessage(vscode.l10n.t('Nothing to undo.'), 4000);
              }),
            ]
          : [];
      default:
        return [];
    }
  });
}
