import type { ShowReaderPostDeps } from '../commands/showReaderPost.work';
import type { Shared } from '../services/shared';

/**
 * What a Reader post's page needs from the shared services: the detail panel, SiteChanges, the
 * mention source, the log, its conversation made with the client, and the Reader post actions
 * (ReaderPosts: the same model as the rows').
 */
export function readerPostPage(
  deps: Pick<Shared, 'client' | 'detail' | 'changes' | 'mentions' | 'log' | 'readerPosts'>,
): Omit<ShowReaderPostDeps, 'list'> {
  return {
    // The page acts through the one ReaderPostActions (loaded when a post's page first needs it).
    postActions: {
      comment: async (post, text) => (await deps.readerPosts.actions()).comment(post, text),
      onDidChange: (listener) => deps.readerPosts.onDidChange(listener),
    },
    detail: deps.detail,
    changes: deps.changes,
    mentions: deps.mentions,
    log: deps.log,
    // The conversation model is imported with the first page, not at activation.
    conversation: async (site, post) => new (await import('../models/readerConversation')).ReaderConversation(deps.client, site, post),
  };
}
