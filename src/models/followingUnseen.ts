/**
 * How many posts of the followed sites the reader has not seen, as the service counts them: the sum
 * of each followed site's feed `unseen_count` (read/following/mine?meta=feed, every page: Following
 * itself holds only a page of posts). Its first page rides in Following's refresh batch; a seen mark
 * or a follow anywhere (SiteChanges) reads it again soon after, so the count follows posts seen in
 * any list. The newest read wins: an answer to an older one never replaces it. No vscode here.
 */
import { FOLLOWED_SITES_MAX_NUMBER } from '../api/followedSites';
import type { ContentSiteClient, FollowedSites } from '../api';
import type { RefreshPart } from './batchRefresh';
import { Emitter } from './emitter';
import type { SiteChanges } from './siteChanges';
import { KeyedDebounce } from './keyedDebounce';
import { realTimers, type Timers } from './timers';

/** Pages of subscriptions read at the most (1,000 sites); past them the count says "at least". */
const MAX_PAGES = 5;
/** How long after a seen mark or a follow the count is read again (a Mark All as Seen is one read). */
export const UNSEEN_READ_GAP_MS = 300;

export interface UnseenCount {
  /** Unseen posts across the followed sites. */
  count: number;
  /** More sites are followed than were read: the count is a lower bound. */
  atLeast: boolean;
}

export class FollowingUnseen {
  private current: UnseenCount | undefined;
  private started = 0;
  private readonly later: KeyedDebounce;
  private readonly changed = new Emitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subs: { dispose(): void }[];

  constructor(
    private readonly client: () => ContentSiteClient,
    changes: SiteChanges | undefined,
    timers: Timers = realTimers,
  ) {
    this.later = new KeyedDebounce(UNSEEN_READ_GAP_MS, timers);
    this.subs = changes
      ? [changes.onReaderPost((c) => c.patch.is_seen !== undefined && this.soon()), changes.onFollow(() => this.soon())]
      : [];
  }

  /** The count as last read (undefined: not read, or signed out). */
  get value(): UnseenCount | undefined {
    return this.current;
  }

  /** The first page's request, for a refresh batch; the pages after it are read once it is answered. */
  refreshPart(): RefreshPart<FollowedSites> {
    const n = ++this.started;
    return {
      request: this.pageRequest(this.client(), 1),
      deliver: (result) => this.take(n, result),
    };
  }

  /** Reads the count again now. */
  read(): Promise<void> {
    const client = this.client();
    const n = ++this.started;
    return this.take(n, client.run(this.pageRequest(client, 1)));
  }

  /** Forgets the count (signed out), and any read on its way. */
  clear(): void {
    this.started++;
    this.later.cancel('read');
    if (this.current === undefined) return;
    this.current = undefined;
    this.changed.fire();
  }

  dispose(): void {
    this.later.dispose();
    for (const s of this.subs) s.dispose();
    this.changed.dispose();
  }

  /** Reads again once the burst of changes is over; only once there is a count to keep true. */
  private soon(): void {
    if (this.current === undefined) return;
    this.later.later('read', () => void this.read().catch(() => undefined));
  }

  private pageRequest(client: ContentSiteClient, page: number) {
    return client.reader.followedSitesRequest({ meta: 'feed', number: FOLLOWED_SITES_MAX_NUMBER, page });
  }

  /** Sums the pages from the first one's answer; a failed read keeps the count shown (it is not guessed anew). */
  private async take(n: number, first: Promise<FollowedSites>): Promise<void> {
    let answer = await first.catch(() => undefined);
    let count = 0;
    let page = 1;
    for (;;) {
      if (!answer || n !== this.started) return;
      for (const s of answer.subscriptions) {
        const unseen = s.meta?.data?.feed?.unseen_count;
        if (typeof unseen === 'number' && unseen > 0) count += unseen;
      }
      const more = page * FOLLOWED_SITES_MAX_NUMBER < answer.total_subscriptions && answer.subscriptions.length > 0;
      if (!more || page === MAX_PAGES) {
        this.current = { count, atLeast: more };
        this.changed.fire();
        return;
      }
      page++;
      const client = this.client();
      answer = await client.run(this.pageRequest(client, page)).catch(() => undefined);
    }
  }
}
