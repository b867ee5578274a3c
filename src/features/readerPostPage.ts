import type { ShowReaderPostDeps } from '../commands/showReaderPost';
import { loadRender } from '../lazy/loadRender';
import type { Shared } from '../services/shared';

/**
 * What a Reader post's page needs from the shared services: the detail panel, SiteChanges, the
 * mention source, the log, and its conversation made with the client. `postActions` (the Reader
 * post actions model) is given once it exists; until then a post shows without its actions.
 */
export function readerPostPage(deps: Pick<Shared, 'client' | 'detail' | 'changes' | 'mentions' | 'log'>): Omit<ShowReaderPostDeps, 'list'> {
  return {
    detail: deps.detail,
    changes: deps.changes,
    mentions: deps.mentions,
    log: deps.log,
    // The conversation model loads with the page (dist/render.js), not at activation.
    conversation: async (site, post) => new (await loadRender()).ReaderConversation(deps.client, site, post),
  };
}
