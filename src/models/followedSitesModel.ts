/**
 * The sites the reader follows (read/following/mine, with each one's site and feed details), paged
 * with `page`. Unfollowing is an operation on the list core that waits out an Undo window: the site
 * leaves the list at once and the request goes when the window ends; a refusal brings it back. A
 * follow by address adds the service's subscription, then reads the first page again for its
 * details. Each site's latest posts load when its row is opened. What became of a follow is told to
 * `SiteChanges`, and a follow told by others is followed here. A post seen or unseen anywhere has its
 * site's unseen count read again from the service soon after (one read for a burst of marks).
 */
import { followAddress, mapPrepared, type ContentSiteClient, type ContentSiteError, type FeedPost, type Subscription } from '../api';
import { asError } from './asError';
import type { RefreshPart } from './batchRefresh';
import { Emitter } from './emitter';
import type { Effect, OperationOutcome } from './listCore';
import { ListModel } from './listModel';
import type { SiteChanges } from './siteChanges';
import { realTimers, type Timers } from './timers';
import { UNSEEN_READ_GAP_MS } from './followingUnseen';
import { KeyedDebounce } from './keyedDebounce';
import { UndoRemovals, type PendingRemoval } from './undoRemovals';

export type FollowedSite = Subscription;

/** The most posts a site's row shows (its first page). */
export const SITE_POSTS_SHOWN = 10;
/** What the service is told the actions came from (its stats). */
const SOURCE = 'vscode-content-site';

export interface FollowedSitesOptions {
  client: () => ContentSiteClient;
  pageSize: () => number;
  changes: SiteChanges;
  /** How long an unfollow waits for an Undo, in ms (read at each one). */
  undoMs: () => number;
  timers?: Timers;
}

/** A site's latest posts, as its row shows them. */
export type SitePosts =
  { kind: 'loading' } | { kind: 'loaded'; posts: readonly FeedPost[]; unreadable: number } | { kind: 'error'; error: ContentSiteError };

/** What an unfollow came to, once its window ended: undone (nothing sent), or the service's outcome. */
export type UnfollowReport = { site: FollowedSite; name: string } & (
  | { kind: 'undone' }
  | { kind: 'done' }
  | { kind: 'failed'; error: ContentSiteError }
  | { kind: 'unknown'; error: ContentSiteError; stillFollowed: boolean | undefined }
);

export type FollowResult = { kind: 'followed'; site: FollowedSite } | { kind: 'failed'; error: ContentSiteError };

const hide: Effect<FollowedSite> = () => undefined;

/** The site's name as the service gives it (its site's, else its feed's), else its address's host. */
export function siteName(site: FollowedSite): string {
  const data = site.meta?.data;
  const named = data?.site?.name?.trim() || data?.feed?.name?.trim();
  if (named) return named;
  try {
    return new URL(site.URL).host || site.URL;
  } catch {
    return site.URL;
  }
}

/** How many of its posts the reader has not seen, when the service says it. */
export function unseenCount(site: FollowedSite): number | undefined {
  const n = site.meta?.data?.feed?.unseen_count;
  return typeof n === 'number' && n >= 0 ? n : undefined;
}

export class FollowedSitesModel extends ListModel<FollowedSite, number> {
  private readonly removals: UndoRemovals<UnfollowReport>;
  private readonly posts = new Map<string, SitePosts>();
  private readonly postsChanged = new Emitter<void>();
  /** A site's posts loaded, failed or were dropped. */
  readonly onDidChangePosts = this.postsChanged.event;
  private readonly followSub: { dispose(): void };
  private readonly seenSub: { dispose(): void };
  /** The sites (by blog ID) whose posts were marked seen or unseen since their counts were last read. */
  private readonly seenOn = new Set<number>();
  private readonly seenLater: KeyedDebounce;

  constructor(private readonly options: FollowedSitesOptions) {
    super(options.client);
    this.removals = new UndoRemovals(options.timers ?? realTimers, options.undoMs);
    this.seenLater = new KeyedDebounce(UNSEEN_READ_GAP_MS, options.timers ?? realTimers);
    this.seenSub = options.changes.onReaderPost((change) => {
      if (change.patch.is_seen === undefined || !this.items.some((s) => s.blog_ID === change.siteId)) return;
      this.seenOn.add(change.siteId);
      this.seenLater.later('counts', () => void this.countsAgain());
    });
    this.followSub = options.changes.onFollow((change) => {
      if (change.from === this || change.following === undefined) return;
      if (change.following) {
        // Followed elsewhere: the first page holds the newest subscriptions.
        if (this.state.kind !== 'idle') void this.refresh().catch(() => undefined);
        return;
      }
      const gone = this.items.filter(
        (s) => (change.siteId !== undefined && s.blog_ID === change.siteId) || (change.feedId !== undefined && s.feed_ID === change.feedId),
      );
      if (gone.length)
        this.list.beginFetch()(
          [],
          gone.map((s) => this.keyOf(s)),
        );
    });
  }

  keyOf(site: FollowedSite): string {
    return String(site.ID);
  }

  /** Newest subscription first, as the service lists them (so a site just followed sorts among those loaded). */
  protected override compare(a: FollowedSite, b: FollowedSite): number {
    return (Date.parse(b.date_subscribed ?? '') || 0) - (Date.parse(a.date_subscribed ?? '') || 0) || (a.blog_ID ?? 0) - (b.blog_ID ?? 0);
  }

  protected pageRequest(client: ContentSiteClient, page = 1) {
    const number = this.options.pageSize();
    return mapPrepared(client.reader.followedSitesRequest({ meta: 'site,feed', number, page }), (r) => ({
      items: r.subscriptions,
      next: page * number < r.total_subscriptions && r.subscriptions.length > 0 ? page + 1 : undefined,
    }));
  }

  /** The subscriptions of these keys as the service has them now (one page of the most it sends). */
  protected override async fetchItems(client: ContentSiteClient, keys: readonly string[]): Promise<FollowedSite[]> {
    const wanted = new Set(keys);
    const page = await client.run(client.reader.followedSitesRequest({ meta: 'site,feed', number: 200 }));
    return page.subscriptions.filter((s) => wanted.has(this.keyOf(s)));
  }

  /**
   * The unseen counts of the sites whose posts were marked, as the service has them now: their
   * subscriptions read again (a fetch: what an unfollow on its way hides stays hidden). A failed read
   * leaves the counts as they were, to be read with the next refresh.
   */
  private async countsAgain(): Promise<void> {
    const keys = this.items.filter((s) => s.blog_ID !== undefined && this.seenOn.has(s.blog_ID)).map((s) => this.keyOf(s));
    this.seenOn.clear();
    if (keys.length === 0) return;
    const take = this.list.beginFetch();
    try {
      take(await this.fetchItems(this.client(), keys));
    } catch {
      take([]);
    }
  }

  /** The unfollows still in their Undo window. */
  get pendingUnfollows(): readonly PendingRemoval<UnfollowReport>[] {
    return this.removals.pending;
  }

  /**
   * Unfollows the site of `key`: it leaves the list at once, and the request goes when the window
   * ends (or at `sendNow`); `undo` brings it back and sends nothing. Undefined when it is not shown.
   */
  unfollow(key: string): PendingRemoval<UnfollowReport> | undefined {
    const site = this.list.get(key);
    if (!site || this.removals.pending.some((r) => r.ids.includes(site.ID))) return undefined;
    const op = this.list.begin(new Map([[key, hide]]));
    const name = siteName(site);
    const work = {
      report: { site, name, kind: 'undone' } as UnfollowReport,
      undo: () => op.fail(),
      send: async () => {
        const outcome = await this.list.settle(
          op,
          async () => (await this.client().reader.actions()).unfollowUrl(site.URL, { source: SOURCE }),
          () => new Map([[key, hide]]),
        );
        work.report = this.unfollowReport(site, name, key, outcome);
        if (work.report.kind === 'done' || (work.report.kind === 'unknown' && work.report.stillFollowed === false))
          this.options.changes.follow({ siteId: site.blog_ID, feedId: site.feed_ID, following: false, from: this });
      },
    };
    return this.removals.start('unfollow', [site.ID], work);
  }

  private unfollowReport(site: FollowedSite, name: string, key: string, outcome: OperationOutcome<FollowedSite, unknown>): UnfollowReport {
    if (outcome.kind === 'done') return { site, name, kind: 'done' };
    if (outcome.kind === 'failed') return { site, name, kind: 'failed', error: outcome.error };
    return {
      site,
      name,
      kind: 'unknown',
      error: outcome.error,
      stillFollowed: outcome.now ? outcome.now.get(key) !== undefined : undefined,
    };
  }

  /** Undoes the newest unfollow still in its window. */
  undoUnfollow(): ReturnType<UndoRemovals<UnfollowReport>['undo']> {
    return this.removals.undo();
  }

  /** Sends the unfollows still waiting (the extension stops). */
  flush(): Promise<void> {
    return this.removals.flush();
  }

  /** Why `address` cannot be followed (the client's own check, in a plain sentence), or undefined when it can be sent. */
  addressProblem(address: string): string | undefined {
    try {
      followAddress(address);
      return undefined;
    } catch (err) {
      return asError(err).userMessage;
    }
  }

  /**
   * Follows the site or feed at `address` (checked as the client checks it: a bad address is refused
   * before anything is sent). On success the list shows it at once and reads its details again.
   */
  async follow(address: string): Promise<FollowResult> {
    const take = this.list.beginFetch({ add: () => true });
    let answer;
    try {
      answer = await (await this.client().reader.actions()).followUrl(address, { source: SOURCE });
    } catch (err) {
      take([]);
      return { kind: 'failed', error: asError(err) };
    }
    const site = answer.subscription ?? undefined;
    if (site) take([site]);
    else take([]);
    this.options.changes.follow({ siteId: site?.blog_ID, feedId: site?.feed_ID, following: true, from: this });
    // Its name and unseen count come with the list's own answer (meta=site,feed).
    void this.refresh().catch(() => undefined);
    return site
      ? { kind: 'followed', site }
      : { kind: 'failed', error: asError(new Error('The service followed the address but did not say what it follows.')) };
  }

  /** A site's latest posts as last loaded (undefined: not asked yet). */
  postsOf(key: string): SitePosts | undefined {
    return this.posts.get(key);
  }

  /** Loads (again) the first page of the site's posts (read/sites/$site/posts). */
  async loadPosts(key: string): Promise<void> {
    const site = this.list.get(key);
    if (!site) return;
    this.posts.set(key, { kind: 'loading' });
    this.postsChanged.fire();
    let now: SitePosts;
    try {
      if (site.blog_ID === undefined) throw new Error('This subscription names no site to read posts from.');
      const page = await this.client().reader.sitePosts(site.blog_ID, { number: SITE_POSTS_SHOWN });
      now = { kind: 'loaded', posts: page.posts, unreadable: page.unreadable };
    } catch (err) {
      now = { kind: 'error', error: asError(err) };
    }
    // A refresh or sign-out meanwhile dropped what was asked.
    if (this.posts.get(key)?.kind !== 'loading') return;
    this.posts.set(key, now);
    this.postsChanged.fire();
  }

  /** The first page again (alone or in a batch): the open sites' posts are read again too, when shown. */
  override refreshParts(client: ContentSiteClient): RefreshPart[] {
    this.dropPosts();
    return super.refreshParts(client);
  }

  override clear(): void {
    this.dropPosts();
    super.clear();
  }

  private dropPosts(): void {
    if (this.posts.size === 0) return;
    this.posts.clear();
    this.postsChanged.fire();
  }

  override dispose(): void {
    this.seenLater.dispose();
    this.seenSub.dispose();
    this.followSub.dispose();
    this.removals.dispose();
    this.postsChanged.dispose();
    super.dispose();
  }
}
