import type { ShowReaderPostDeps } from '../commands/showReaderPost';
import { ReaderConversation } from '../models/readerConversation';
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
    conversation: (site, post) => new ReaderConversation(deps.client, site, post),
  };
}
