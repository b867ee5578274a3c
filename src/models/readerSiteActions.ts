/**
 * Following, unfollowing and blocking the site (or feed) of Reader posts, in every list that holds
 * its posts (reader.md):
 * - follow shows at once and is sent at once; once confirmed, Following's first page is read again
 *   (the site's posts join it);
 * - unfollow hides the site's posts from Following and shows them unfollowed elsewhere at once, and
 *   block hides them from every list; both wait out the undo window (UndoRemovals) before they are
 *   sent, and Undo brings the posts back with nothing sent;
 * - a lost answer is settled by asking the service whether the user follows the site (by its ID,
 *   else in the followed sites); a lost block's by reading the lists again.
 * What the service confirmed is told to SiteChanges; what another view confirmed (the followed-sites
 * view's unfollow) shows here. No vscode here.
 */
import type { ContentSiteClient, FeedPost } from '../api';
import { ContentSiteError } from '../api/errors';
import { invalidInput } from '../api/errors';
import { asError, outcomeUnknown, unknownBecause } from './asError';
import type { Across, Holder, ReaderHolders } from './readerHolders';
import { hostOf, notAsked, stillBefore, unconfirmed } from './readerOutcome';
import { followingAs, hidden } from './readerPostEffects';
import type { FollowChange, SiteChanges } from './siteChanges';
import type { Timers } from './timers';
import { UndoRemovals, type PendingRemoval, type UndoResult } from './undoRemovals';

/** What to follow: a site by its ID (a WordPress.com or Jetpack site), else a feed by its ID and address. */
export interface FollowTarget {
  siteId?: number;
  feedId?: number;
  url?: string;
}

/** A site (or feed) followed, unfollowed or blocked: whether the service confirmed it. */
export interface SiteReport {
  action: 'follow' | 'block';
  on: boolean;
  target: FollowTarget;
  done: boolean;
  error?: ContentSiteError;
}

/** An unfollow or a block in its undo window; `done` gives what the service confirmed. */
export type SiteRemoval = PendingRemoval<SiteReport>;

export interface ReaderSiteActionsOptions {
  client: () => ContentSiteClient;
  holders: ReaderHolders;
  changes: SiteChanges;
  timers: Timers;
  undoMs: () => number;
  /** Who tells SiteChanges (the Reader's actions as a whole): a list does not follow its own news. */
  from: object;
}

/** The most followed sites one page of read/following/mine holds. */
const FOLLOWED_PAGE = 200;

/**
 * A list of only the followed sites' posts (Following: `followedOnly`). Asked of the list, not its
 * class: the Reader's actions need not import the views' list models to tell them apart.
 */
export const followedOnly = (l: object): boolean => (l as { followedOnly?: boolean }).followedOnly === true;

/** How following shows on a post: unfollowed, it leaves Following and shows unfollowed elsewhere. */
const showsFollowing = (on: boolean) => (h: Holder) => (!on && followedOnly(h.model) ? hidden : followingAs(on));

export class ReaderSiteActions {
  private readonly removals: UndoRemovals<SiteReport>;
  readonly onDidChange: UndoRemovals<SiteReport>['onDidChange'];
  private readonly subscription: { dispose(): void };

  constructor(private readonly o: ReaderSiteActionsOptions) {
    this.removals = new UndoRemovals(o.timers, o.undoMs);
    this.onDidChange = this.removals.onDidChange;
    this.subscription = o.changes.onFollow((c) => this.followed(c));
  }

  get pending(): readonly SiteRemoval[] {
    return this.removals.pending;
  }

  /** Follows at once; resolves with what the service confirmed. */
  async follow(target: FollowTarget): Promise<SiteReport> {
    const report: SiteReport = { action: 'follow', on: true, target, done: false };
    const across = this.o.holders.begin(this.o.holders.matching(target), () => followingAs(true));
    await this.send(target, true, across, report);
    // The site's posts join Following: its first page again.
    if (report.done) await this.o.holders.refresh(followedOnly);
    return report;
  }

  /** Unfollows after the undo window (undefined when the site's unfollow or block already waits). */
  unfollow(target: FollowTarget): SiteRemoval | undefined {
    const id = target.siteId ?? target.feedId;
    if (id === undefined) throw invalidInput('Choose a site or a feed to unfollow: this one names neither its site nor its feed.');
    if (this.removals.pending.some((r) => r.ids.includes(id))) return undefined;
    const across = this.o.holders.begin(this.o.holders.matching(target), showsFollowing(false));
    const report: SiteReport = { action: 'follow', on: false, target, done: false };
    return this.removals.start('unfollow', [id], {
      report,
      undo: () => across.fail(),
      send: () => this.send(target, false, across, report),
    });
  }

  /** Blocks the site after the undo window (the caller asked the user first): its posts leave every list at once. */
  block(siteId: number): SiteRemoval | undefined {
    if (this.removals.pending.some((r) => r.ids.includes(siteId))) return undefined;
    const target = { siteId };
    const across = this.o.holders.begin(this.o.holders.matching(target), () => hidden);
    const report: SiteReport = { action: 'block', on: true, target, done: false };
    return this.removals.start('block', [siteId], {
      report,
      undo: () => across.fail(),
      send: () => this.sendBlock(siteId, across, report),
    });
  }

  undo(id?: number): UndoResult | undefined {
    return this.removals.undo(id);
  }

  flush(): Promise<void> {
    return this.removals.flush();
  }

  dispose(): void {
    this.subscription.dispose();
    this.removals.dispose();
  }

  /** Follows or unfollows on the service and settles what shows; a lost answer asks whether the user follows it now. */
  private async send(target: FollowTarget, on: boolean, across: Across, report: SiteReport): Promise<void> {
    const client = this.o.client();
    let cause: ContentSiteError;
    try {
      if (target.siteId !== undefined) {
        const answer = await (on ? client.sites.follow(target.siteId) : client.sites.unfollow(target.siteId));
        if (answer.is_following !== on) throw unconfirmed();
      } else {
        const acts = await client.reader.actions();
        await (on ? acts.followUrl(target.url ?? '') : acts.unfollowUrl(target.url ?? ''));
      }
      this.confirmed(target, on, across, report);
      return;
    } catch (err) {
      cause = asError(err);
      if (!outcomeUnknown(cause)) {
        across.fail();
        report.error = cause;
        return;
      }
    }
    const now = await this.followingNow(target).catch(() => undefined);
    if (now === on) this.confirmed(target, on, across, report);
    else {
      across.fail();
      report.error = now === undefined ? notAsked(cause) : stillBefore(cause);
    }
  }

  private confirmed(target: FollowTarget, on: boolean, across: Across, report: SiteReport): void {
    across.settle(showsFollowing(on));
    report.done = true;
    this.o.changes.follow({ siteId: target.siteId, feedId: target.feedId, following: on, from: this.o.from });
  }

  /** Whether the user follows the site (asked by its ID) or the feed (found among the followed sites). */
  private async followingNow(target: FollowTarget): Promise<boolean> {
    const acts = await this.o.client().reader.actions();
    if (target.siteId !== undefined) return (await acts.followStatus(target.siteId)).is_following;
    const host = hostOf(target.url);
    for (let page = 1; ; page++) {
      const answer = await acts.followedSites({ number: FOLLOWED_PAGE, page });
      const subs = answer.subscriptions;
      if (subs.some((s) => (target.feedId !== undefined && Number(s.feed_ID) === target.feedId) || (host && hostOf(s.URL) === host)))
        return true;
      if (subs.length === 0 || page * FOLLOWED_PAGE >= Number(answer.total_subscriptions)) return false;
    }
  }

  private async sendBlock(siteId: number, across: Across, report: SiteReport): Promise<void> {
    try {
      await (await this.o.client().reader.actions()).blockSite(siteId);
      across.settle(() => hidden);
      report.done = true;
      this.o.changes.follow({ siteId, blocked: true, from: this.o.from });
    } catch (err) {
      const cause = asError(err);
      across.fail();
      if (!outcomeUnknown(cause)) {
        report.error = cause;
        return;
      }
      // The service tells a block only by leaving the site out of its streams: the lists are read again.
      await this.o.holders.refresh();
      report.error = cause.reworded(
        `Whether the site was blocked is unknown: ${unknownBecause(cause)}. The lists were read again and show what the service has. ${cause.userMessage}`,
      );
    }
  }

  /** What another view confirmed of a site: its posts leave or join the lists, or show it followed. */
  private followed(change: FollowChange): void {
    if (change.from === this.o.from) return;
    const holders = this.o.holders;
    const target = { siteId: change.siteId, feedId: change.feedId };
    if (change.blocked === true) holders.confirmed(holders.matching(target), () => hidden);
    else if (change.blocked === false) void holders.refresh();
    if (change.following === undefined) return;
    holders.confirmed(holders.matching(target), showsFollowing(change.following));
    // Followed again: its posts join Following with its first page.
    if (change.following) void holders.refresh(followedOnly);
  }
}

/** What a post says to follow: its site, or for an external feed its feed (by address). */
export function followTarget(given: FeedPost | FollowTarget): FollowTarget {
  if (!('ID' in given)) return given;
  const post = given;
  const external = post.is_external === true;
  const site = Number(post.site_ID ?? 0);
  const feed = Number(post.feed_ID ?? 0);
  return {
    // An external feed is followed by its address, not as a site.
    siteId: !external && site > 0 ? site : undefined,
    feedId: feed > 0 ? feed : undefined,
    url: (external ? post.feed_URL : post.site_URL) ?? post.site_URL ?? post.feed_URL,
  };
}
