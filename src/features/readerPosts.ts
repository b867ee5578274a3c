/**
 * Acting on Reader posts: the commands of the Reader posts' action table (like, comment, follow,
 * seen, block, undo) on the rows of Following and the Reader, through the shared ReaderPosts;
 * Comment opens the post's page with its comment box (and its @-mentions) in the keyboard's hands,
 * and marks the post seen as any opening does.
 * On deactivation, unfollows and blocks still in their undo window are sent.
 */
import * as vscode from 'vscode';
import { commandWork } from '../commands/commandWork';
import { markSeenOnOpen } from '../commands/markAllSeen';
import { registerReaderPostCommands } from '../commands/readerPostCommands';
import { Disposable } from '../models/disposable';
import type { Shared } from '../services/shared';
import { readerPostPage } from './readerPostPage';

export type ReaderPostsDeps = Pick<Shared, 'readerPosts' | 'log' | 'auth' | 'client' | 'detail' | 'changes' | 'mentions'>;

export class ReaderPostsFeature extends Disposable {
  constructor(private readonly deps: ReaderPostsDeps) {
    super();
    const { readerPosts, log, auth } = deps;
    const page = readerPostPage(deps);
    const work = commandWork(() => import('../commands/showReaderPost.work'), { log, auth });
    this.registerAll(
      registerReaderPostCommands({
        actions: () => readerPosts.actions(),
        views: readerPosts.views,
        log,
        auth,
        comment: async (post) => {
          // The post's page follows its copy in the list that holds it (a post in none shows as it was).
          const list = readerPosts.listOf(post) ?? { items: [post], onDidChange: () => ({ dispose() {} }) };
          await work(vscode.l10n.t('Comment'), (m) => m.showReaderPost({ ...page, list }, post, post.title, 'comment'));
          // Opened to comment on is opened: seen, as Enter and a click make it.
          markSeenOnOpen(() => readerPosts.actions(), post);
        },
      }),
    );
  }

  deactivate(): Promise<void> {
    return this.deps.readerPosts.flush();
  }
}
