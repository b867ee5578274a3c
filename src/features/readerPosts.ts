/**
 * Acting on Reader posts: the commands of the Reader posts' action table (like, comment, follow,
 * seen, block, undo) on the rows of Following and the Reader, through the shared ReaderPosts. On
 * deactivation, unfollows and blocks still in their undo window are sent.
 */
import { commentBox } from '../commands/readerComment';
import { registerReaderPostCommands } from '../commands/readerPostCommands';
import { Disposable } from '../models/disposable';
import type { Shared } from '../services/shared';

export type ReaderPostsDeps = Pick<Shared, 'readerPosts' | 'log' | 'auth'>;

export class ReaderPostsFeature extends Disposable {
  constructor(private readonly deps: ReaderPostsDeps) {
    super();
    const { views } = deps.readerPosts;
    const actions = () => deps.readerPosts.actions();
    const { log, auth } = deps;
    this.registerAll(
      registerReaderPostCommands({
        actions,
        views,
        log,
        auth,
        comment: (post) => Promise.resolve(commentBox({ actions, log, auth }, post)),
      }),
    );
  }

  deactivate(): Promise<void> {
    return this.deps.readerPosts.flush();
  }
}
