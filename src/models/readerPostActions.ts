/**
 * Acting on Reader posts (reader.md) on the list core, in every list that holds the post
 * (Following, Freshly Pressed, a tag's posts…: found by site_ID + ID in each):
 * - like shows at once, one request per post (PARALLEL_ACTIONS at a time), and the answer's
 *   `i_like`/`like_count` confirm it; a refusal drops it with the service's reason; a lost answer
 *   (or one that does not show the change) is settled by asking the post's likes (`i_like`);
 * - seen and Mark All as Seen show at once and send one request per feed (a post with a feed item,
 *   as the apps do) or per site, never one per post; a lost answer is settled by reading the posts
 *   again from their streams (readerSeenCheck.ts);
 * - follow shows at once; unfollow hides the site's posts from Following (and shows them unfollowed
 *   elsewhere) and waits out the undo window (UndoRemovals) before it is sent; block hides the
 *   site's posts from every list and waits the same way;
 * - comment posts to the post and counts it once the site shows it (an approved comment).
 * What the service confirmed is told to SiteChanges; what others tell (the followed-sites view's
 * unfollow, the detail view's like) shows here. Nothing edits items: every change is an operation
 * of the core (begin, then confirm or fail), so no refresh, poll or Load more undoes one.
 * No vscode here.
 */
import { ContentSiteError, type Comment, type ContentSiteClient, type FeedPost } from '../api';
import { LIMITS } from '../api/validate';
import { asError, outcomeUnknown, unknownBecause } from './asError';
import type { Effect, PendingOperation } from './listCore';
import { FollowingModel } from './followingModel';
import type { ListModel } from './listModel';
import { PARALLEL_ACTIONS, UNDO_MS } from './noteActionsModel';
import { followingAs, hidden, liked, likedAs, ofTarget, commented, refKey, refOf, seenAs, type PostRef } from './readerPostEffects';
import { seenOnService } from './readerSeenCheck';
import type { FollowChange, ReaderPostChange, SiteChanges } from './siteChanges';
import { realTimers, type Timers } from './timers';
import { UndoRemovals, type PendingRemoval, type UndoResult } from './undoRemovals';

export { offers, type Offer, type PostRef, type ReaderPostAction } from './readerPostEffects';
export type { UndoResult };

export type ReaderList = ListModel<FeedPost, unknown>;

/** What the service confirmed of a like or a seen mark. */
export interface ReaderReport {
  action: 'like' | 'seen';
  on: boolean;
  /** Posts the service confirmed. */
  acted: PostRef[];
  /** Posts refused or not confirmed: they show what the service has. */
  failed: PostRef[];
  /** The first refusal, with a sentence for people. */
  error?: ContentSiteError;
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

/** What to follow: a site by its ID (a WordPress.com or Jetpack site), else a feed by its ID and address. */
export interface FollowTarget {
  siteId?: number;
  feedId?: number;
  url?: string;
}

export interface ReaderPostActionsOptions {
  client: () => ContentSiteClient;
  /** Every list of Reader posts (a post may be in several). */
  lists: () => readonly ReaderList[];
  changes: SiteChanges;
  /** How long an unfollow or a block waits for an undo, in ms (read each time); UNDO_MS when not given. */
  undoMs?: () => number;
  timers?: Timers;
  /** Requests in flight at once for a selection. */
  parallel?: number;
}

/** One post in one list: where an operation on it shows. */
interface Holder {
  model: ReaderList;
  key: string;
  ref: PostRef;
}

/** One operation per list over the posts it holds, settled together. */
interface Across {
  /** Confirms each post with its effect (undefined: dropped, it shows what the service has). */
  settle(effectOf: (h: Holder) => Effect<FeedPost> | undefined): void;
  fail(): void;
}

export class ReaderPostActions {
  private readonly removals: UndoRemovals<SiteReport>;
  /** An unfollow or a block started or ended its undo window. */
  readonly onDidChange: UndoRemovals<SiteReport>['onDidChange'];
  private readonly subscriptions: Array<{ dispose(): void }> = [];

  constructor(private readonly o: ReaderPostActionsOptions) {
    this.removals = new UndoRemovals(o.timers ?? realTimers, () => o.undoMs?.() ?? UNDO_MS);
    this.onDidChange = this.removals.onDidChange;
    this.subscriptions.push(
      o.changes.onFollow((c) => this.followed(c)),
      o.changes.onReaderPost((c) => this.postChanged(c)),
    );
  }

  /** The unfollows and blocks still in their window, newest last. */
  get pending(): readonly SiteRemoval[] {
    return this.removals.pending;
  }

  /**
   * Likes (or unlikes: `on` false) each post; `on` defaults to the opposite of the first post's
   * state, and posts already that way are left alone. Never rejects: the outcome is in the report.
   */
  async like(posts: readonly FeedPost[], on?: boolean): Promise<ReaderReport> {
    const refs = unique(posts);
    const want = on ?? !(refs.length > 0 && this.current(refs[0], posts)?.i_like === true);
    const report: ReaderReport = { action: 'like', on: want, acted: [], failed: [] };
    const todo = refs.filter((r) => this.current(r, posts)?.i_like !== want);
    const holders = this.holders(todo);
    await inPool(todo, this.o.parallel ?? PARALLEL_ACTIONS, (ref) => this.likeOne(ref, want, holders.get(refKey(ref)) ?? [], report));
    return report;
  }

  /**
   * Marks the posts seen (or unseen: `on` false); `on` defaults to the opposite of the first post's
   * state. One request per feed or site. Never rejects.
   */
  async seen(posts: readonly FeedPost[], on?: boolean): Promise<ReaderReport> {
    const refs = unique(posts);
    const want = on ?? !(refs.length > 0 && this.current(refs[0], posts)?.is_seen === true);
    const report: ReaderReport = { action: 'seen', on: want, acted: [], failed: [] };
    const todo = refs.map((r) => this.current(r, posts)!).filter((p) => p.is_seen !== want);
    const holders = this.holders(todo.map(refOf));
    await inPool(seenGroups(todo), this.o.parallel ?? PARALLEL_ACTIONS, (g) => this.seenGroup(g, want, holders, report));
    return report;
  }

  /** Every post the list shows that is not seen yet, marked seen: one request per feed or site. */
  markAllSeen(list: ReaderList): Promise<ReaderReport> {
    return this.seen(
      list.items.filter((p) => p.is_seen !== true),
      true,
    );
  }

  /** The posts the list shows as not seen (Following's badge); posts whose answer says nothing of it are not counted. */
  unseenCount(list: ReaderList): number {
    return list.items.reduce((n, p) => n + (p.is_seen === false ? 1 : 0), 0);
  }

  /**
   * Follows (at once) or unfollows the post's site or feed. Unfollowing hides its posts from
   * Following at once, shows them unfollowed elsewhere, and is sent when the undo window ends
   * (undefined when that site's unfollow or block already waits).
   */
  follow(target: FeedPost | FollowTarget, on: true): Promise<SiteReport>;
  follow(target: FeedPost | FollowTarget, on: false): SiteRemoval | undefined;
  follow(target: FeedPost | FollowTarget, on: boolean): Promise<SiteReport> | SiteRemoval | undefined;
  follow(given: FeedPost | FollowTarget, on: boolean): Promise<SiteReport> | SiteRemoval | undefined {
    const target = followTarget(given);
    if (on) return this.followNow(target);
    const id = target.siteId ?? target.feedId;
    if (id === undefined || this.removals.pending.some((r) => r.ids.includes(id))) return undefined;
    const across = this.begin(this.matching(target), (h) => (h.model instanceof FollowingModel ? hidden : followingAs(false)));
    const report: SiteReport = { action: 'follow', on: false, target, done: false };
    return this.removals.start('unfollow', [id], {
      report,
      undo: () => across.fail(),
      send: () => this.sendFollow(target, false, across, report),
    });
  }

  /** Blocks the site (the caller asked the user first): its posts leave every list at once; sent when the undo window ends. */
  block(siteId: number): SiteRemoval | undefined {
    if (this.removals.pending.some((r) => r.ids.includes(siteId))) return undefined;
    const target = { siteId };
    const across = this.begin(this.matching(target), () => hidden);
    const report: SiteReport = { action: 'block', on: true, target, done: false };
    return this.removals.start('block', [siteId], {
      report,
      undo: () => across.fail(),
      send: () => this.sendBlock(siteId, across, report),
    });
  }

  /** Undoes the newest unfollow or block still in its window (or the one of a site or feed ID). */
  undo(id?: number): UndoResult | undefined {
    return this.removals.undo(id);
  }

  /** Sends every unfollow and block still in its window now, and resolves when they were answered. */
  flush(): Promise<void> {
    return this.removals.flush();
  }

  /**
   * Comments on the post: the new Comment (its `status` is `unapproved` when the site holds
   * comments). Rejects with the service's refusal (comments closed, an external feed's post) and
   * changes nothing then. An approved comment counts on the post in every list.
   */
  async comment(post: FeedPost, text: string): Promise<Comment> {
    const ref = refOf(post);
    let comment: Comment;
    try {
      comment = await this.o.client().posts.reply(ref.siteId, ref.postId, text, { siteName: hostOf(post.site_URL) });
    } catch (err) {
      const error = asError(err);
      if (!outcomeUnknown(error)) throw error;
      throw error.reworded(
        `Whether your comment was posted is unknown: ${unknownBecause(error)}. Check the post's comments before sending it again. ${error.userMessage}`,
      );
    }
    this.o.changes.comment({ siteId: ref.siteId, id: comment.ID, status: comment.status, from: this });
    if (comment.status === 'approved') {
      const holders = this.holders([ref]).get(refKey(ref)) ?? [];
      this.begin(holders, () => commented).settle(() => commented);
      const now = this.current(ref, [post]);
      const count = Number(now?.comment_count ?? 0) + (holders.length ? 0 : 1);
      this.o.changes.readerPost({ siteId: ref.siteId, postId: ref.postId, patch: { comment_count: count }, from: this });
    }
    return comment;
  }

  dispose(): void {
    for (const s of this.subscriptions.splice(0)) s.dispose();
    this.removals.dispose();
  }

  private async likeOne(ref: PostRef, want: boolean, holders: readonly Holder[], report: ReaderReport): Promise<void> {
    const across = this.begin(holders, () => liked(want));
    const posts = this.o.client().posts;
    let cause: ContentSiteError;
    try {
      const answer = await (want ? posts.like(ref.siteId, ref.postId) : posts.unlike(ref.siteId, ref.postId));
      if (answer.i_like === want) {
        this.likeConfirmed(ref, across, answer.i_like, Number(answer.like_count), report);
        return;
      }
      cause = unconfirmed();
    } catch (err) {
      cause = asError(err);
      if (!outcomeUnknown(cause)) {
        across.fail();
        fail(report, ref, cause);
        return;
      }
    }
    // The answer was lost or does not show the change: the service says whether the user likes it.
    const now = await posts.likes(ref.siteId, ref.postId).catch(() => undefined);
    if (!now) {
      across.fail();
      fail(report, ref, notAsked(cause));
    } else if (now.i_like === want) this.likeConfirmed(ref, across, now.i_like, Number(now.found), report);
    else {
      across.settle(() => likedAs(now.i_like, Number(now.found)));
      fail(report, ref, stillBefore(cause));
    }
  }

  private likeConfirmed(ref: PostRef, across: Across, on: boolean, count: number, report: ReaderReport): void {
    across.settle(() => likedAs(on, count));
    report.acted.push(ref);
    this.o.changes.readerPost({ ...idsOf(ref), patch: { i_like: on, like_count: count }, from: this });
  }

  private async seenGroup(group: SeenGroup, want: boolean, holders: Map<string, Holder[]>, report: ReaderReport): Promise<void> {
    const refs = group.posts.map(refOf);
    const across = this.begin(
      refs.flatMap((r) => holders.get(refKey(r)) ?? []),
      () => seenAs(want),
    );
    const client = this.o.client();
    let cause: ContentSiteError;
    try {
      const acts = await client.reader.actions();
      if (group.feedId !== undefined) {
        const items = group.posts.map((p) => Number(p.feed_item_ID));
        await (want ? acts.markSeen(group.feedId, items) : acts.markUnseen(group.feedId, items));
      } else {
        const ids = refs.map((r) => r.postId);
        await (want ? acts.markPostsSeen(group.siteId!, ids) : acts.markPostsUnseen(group.siteId!, ids));
      }
      across.settle(() => seenAs(want));
      for (const ref of refs) this.seenConfirmed(ref, want, report);
      return;
    } catch (err) {
      cause = asError(err);
      if (!outcomeUnknown(cause)) {
        across.fail();
        for (const ref of refs) fail(report, ref, cause);
        return;
      }
    }
    // The answer was lost: the posts' streams say whether they are seen now.
    const now = await seenOnService(client, group.posts).catch(() => undefined);
    across.settle((h) => {
      const seen = now?.get(refKey(h.ref));
      return seen === undefined ? undefined : seenAs(seen);
    });
    for (const ref of refs) {
      const seen = now?.get(refKey(ref));
      if (seen === want) this.seenConfirmed(ref, want, report);
      else fail(report, ref, seen === undefined ? notAsked(cause) : stillBefore(cause));
    }
  }

  private seenConfirmed(ref: PostRef, on: boolean, report: ReaderReport): void {
    report.acted.push(ref);
    this.o.changes.readerPost({ ...idsOf(ref), patch: { is_seen: on }, from: this });
  }

  private async followNow(target: FollowTarget): Promise<SiteReport> {
    const report: SiteReport = { action: 'follow', on: true, target, done: false };
    const across = this.begin(this.matching(target), () => followingAs(true));
    await this.sendFollow(target, true, across, report);
    // The site's posts join Following: its first page again.
    if (report.done) await this.refreshFollowing();
    return report;
  }

  /** Follows or unfollows on the service and settles what shows; a lost answer asks whether the user follows it now. */
  private async sendFollow(target: FollowTarget, on: boolean, across: Across, report: SiteReport): Promise<void> {
    const client = this.o.client();
    const shows = (h: Holder) => (!on && h.model instanceof FollowingModel ? hidden : followingAs(on));
    let cause: ContentSiteError;
    try {
      if (target.siteId !== undefined) {
        const answer = await (on ? client.sites.follow(target.siteId) : client.sites.unfollow(target.siteId));
        if (answer.is_following !== on) throw unconfirmed();
      } else {
        const acts = await client.reader.actions();
        await (on ? acts.followUrl(target.url ?? '') : acts.unfollowUrl(target.url ?? ''));
      }
      this.followConfirmed(target, on, across, shows, report);
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
    if (now === on) this.followConfirmed(target, on, across, shows, report);
    else {
      across.fail();
      report.error = now === undefined ? notAsked(cause) : stillBefore(cause);
    }
  }

  private followConfirmed(
    target: FollowTarget,
    on: boolean,
    across: Across,
    shows: (h: Holder) => Effect<FeedPost>,
    report: SiteReport,
  ): void {
    across.settle(shows);
    report.done = true;
    this.o.changes.follow({ siteId: target.siteId, feedId: target.feedId, following: on, from: this });
  }

  /** Whether the user follows the site (asked by its ID) or the feed (found in the followed sites). */
  private async followingNow(target: FollowTarget): Promise<boolean> {
    const acts = await this.o.client().reader.actions();
    if (target.siteId !== undefined) return (await acts.followStatus(target.siteId)).is_following;
    const host = hostOf(target.url);
    for (let page = 1; ; page++) {
      const answer = await acts.followedSites({ number: 200, page });
      const subs = answer.subscriptions;
      if (subs.some((s) => (target.feedId !== undefined && Number(s.feed_ID) === target.feedId) || (host && hostOf(s.URL) === host)))
        return true;
      if (subs.length === 0 || page * 200 >= Number(answer.total_subscriptions)) return false;
    }
  }

  private async sendBlock(siteId: number, across: Across, report: SiteReport): Promise<void> {
    try {
      await (await this.o.client().reader.actions()).blockSite(siteId);
      across.settle(() => hidden);
      report.done = true;
      this.o.changes.follow({ siteId, blocked: true, from: this });
    } catch (err) {
      const cause = asError(err);
      across.fail();
      if (!outcomeUnknown(cause)) {
        report.error = cause;
        return;
      }
      // The service tells a block only by leaving the site out of its streams: the lists are read again.
      await this.refreshAll();
      report.error = cause.reworded(
        `Whether the site was blocked is unknown: ${unknownBecause(cause)}. The lists were read again and show what the service has. ${cause.userMessage}`,
      );
    }
  }

  /** What another view confirmed of a site: its posts leave or join the lists, or show it followed. */
  private followed(change: FollowChange): void {
    if (change.from === this) return;
    const target = { siteId: change.siteId, feedId: change.feedId };
    if (change.blocked === true) this.begin(this.matching(target), () => hidden).settle(() => hidden);
    else if (change.blocked === false) void this.refreshAll();
    if (change.following === undefined) return;
    const on = change.following;
    const shows = (h: Holder) => (!on && h.model instanceof FollowingModel ? hidden : followingAs(on));
    this.begin(this.matching(target), shows).settle(shows);
    if (on) void this.refreshFollowing();
  }

  /** What another view confirmed of a post (the detail view's like): every list shows it. */
  private postChanged(change: ReaderPostChange): void {
    if (change.from === this) return;
    const ref = { siteId: change.siteId, postId: change.postId };
    const patch: Effect<FeedPost> = (p) => ({ ...p, ...change.patch });
    this.begin(this.holders([ref]).get(refKey(ref)) ?? [], () => patch).settle(() => patch);
  }

  private async refreshFollowing(): Promise<void> {
    await Promise.all(
      this.o
        .lists()
        .filter((l) => l instanceof FollowingModel && l.state.kind !== 'idle')
        .map((l) => l.refresh()),
    );
  }

  private async refreshAll(): Promise<void> {
    await Promise.all(
      this.o
        .lists()
        .filter((l) => l.state.kind !== 'idle')
        .map((l) => l.refresh()),
    );
  }

  /** Shows `effectOf` over each post held, one operation per list. */
  private begin(holders: readonly Holder[], effectOf: (h: Holder) => Effect<FeedPost>): Across {
    const byList = new Map<ReaderList, Holder[]>();
    for (const h of holders) byList.set(h.model, [...(byList.get(h.model) ?? []), h]);
    const ops: Array<{ op: PendingOperation<FeedPost>; held: Holder[] }> = [];
    for (const [model, held] of byList) ops.push({ op: model.list.begin(new Map(held.map((h) => [h.key, effectOf(h)]))), held });
    return {
      settle: (confirmed) => {
        for (const { op, held } of ops) {
          const effects = new Map<string, Effect<FeedPost>>();
          for (const h of held) {
            const effect = confirmed(h);
            if (effect) effects.set(h.key, effect);
          }
          if (effects.size > 0) op.confirm(effects);
          else op.fail();
        }
      },
      fail: () => {
        for (const { op } of ops) op.fail();
      },
    };
  }

  /** Where each post is held, by refKey: every list that the service sent it in (shown or hidden by an operation). */
  private holders(refs: readonly PostRef[]): Map<string, Holder[]> {
    const wanted = new Set(refs.map(refKey));
    const found = new Map<string, Holder[]>();
    for (const model of this.o.lists())
      for (const post of model.list.sent()) {
        const ref = refOf(post);
        const k = refKey(ref);
        if (wanted.has(k)) found.set(k, [...(found.get(k) ?? []), { model, key: model.list.keyOf(post), ref }]);
      }
    return found;
  }

  /** Every post of the site or feed, in every list. */
  private matching(target: FollowTarget): Holder[] {
    const out: Holder[] = [];
    for (const model of this.o.lists())
      for (const post of model.list.sent()) if (ofTarget(post, target)) out.push({ model, key: model.list.keyOf(post), ref: refOf(post) });
    return out;
  }

  /** The post as a list shows it now, else as given. */
  private current(ref: PostRef, given: readonly FeedPost[]): FeedPost | undefined {
    const k = refKey(ref);
    for (const model of this.o.lists()) for (const post of model.items) if (refKey(refOf(post)) === k) return post;
    return given.find((p) => refKey(refOf(p)) === k);
  }
}

/** Posts marked seen in one request: a feed's items (the apps' way when a post has one), else a site's posts. */
interface SeenGroup {
  feedId?: number;
  siteId?: number;
  posts: FeedPost[];
}

function seenGroups(posts: readonly FeedPost[]): SeenGroup[] {
  const groups = new Map<string, SeenGroup>();
  for (const p of posts) {
    const byFeed = Number(p.feed_ID) > 0 && Number(p.feed_item_ID) > 0;
    const k = byFeed ? `feed:${Number(p.feed_ID)}` : `site:${Number(p.site_ID)}`;
    const g = groups.get(k) ?? (byFeed ? { feedId: Number(p.feed_ID), posts: [] } : { siteId: Number(p.site_ID), posts: [] });
    g.posts.push(p);
    groups.set(k, g);
  }
  // A request names at most LIMITS.seenIds posts.
  return [...groups.values()].flatMap((g) =>
    Array.from({ length: Math.ceil(g.posts.length / LIMITS.seenIds) }, (_, i) => ({
      ...g,
      posts: g.posts.slice(i * LIMITS.seenIds, (i + 1) * LIMITS.seenIds),
    })),
  );
}

function followTarget(given: FeedPost | FollowTarget): FollowTarget {
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

function unique(posts: readonly FeedPost[]): PostRef[] {
  const seen = new Map<string, PostRef>();
  for (const p of posts) seen.set(refKey(refOf(p)), refOf(p));
  return [...seen.values()];
}

const idsOf = (ref: PostRef): Pick<ReaderPostChange, 'siteId' | 'postId'> => ({ siteId: ref.siteId, postId: ref.postId });

function fail(report: ReaderReport, ref: PostRef, error: ContentSiteError): void {
  report.failed.push(ref);
  report.error ??= error;
}

/** Runs `act` for every item, `parallel` at a time. */
async function inPool<T>(items: readonly T[], parallel: number, act: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await act(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}

function hostOf(url: string | undefined): string | undefined {
  try {
    return url ? new URL(url).host || undefined : undefined;
  } catch {
    return undefined;
  }
}

function unconfirmed(): ContentSiteError {
  return new ContentSiteError({ kind: 'bad_response', userMessage: 'The service answered, but its answer does not show the change.' });
}

function notAsked(cause: ContentSiteError): ContentSiteError {
  return cause.reworded(
    `Whether the change was made is unknown: ${unknownBecause(cause)}, and the service could not be asked. ${cause.userMessage}`,
  );
}

function stillBefore(cause: ContentSiteError): ContentSiteError {
  return cause.reworded(`The service did not confirm the change, and it still shows the post as before. ${cause.userMessage}`);
}
