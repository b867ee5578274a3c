import type { ShowReaderPostDeps } from '../commands/showReaderPost';
import { loadRender } from '../lazy/loadRender';
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
      comment: (post, text) => deps.readerPosts.actions().comment(post, text),
      onDidChange: (listener) => deps.readerPosts.actions().onDidChange(listener),
    },
    detail: deps.detail,
    changes: deps.changes,
    mentions: deps.mentions,
    log: deps.log,
    // The conversation model loads with the page (dist/render.js), not at activation.
    conversation: async (site, post) => new (await loadRender()).ReaderConversation(deps.client, site, post),
  };
}
