/**
 * Acting on Reader posts (reader.md) on the list core, in every list that holds the post
 * (Following, Freshly Pressed, a tag's posts…: found by site_ID + ID in each, readerHolders.ts):
 * - like shows at once, one request per post (PARALLEL_ACTIONS at a time), and the answer's
 *   `i_like`/`like_count` confirm it; a refusal drops it with the service's reason; a lost answer
 *   (or one that does not show the change) is settled by asking the post's likes (`i_like`);
 * - seen and Mark All as Seen show at once and send one request per feed (a post with a feed item,
 *   as the apps do) or per site, never one per post; a lost answer is settled by reading the posts
 *   again from their streams (readerSeenCheck.ts);
 * - follow, unfollow and block (with their undo window) are readerSiteActions.ts's;
 * - comment posts to the post and counts it once the site shows it (an approved comment).
 * What the service confirmed is told to SiteChanges; what another view confirmed (the detail view's
 * like) shows here. Nothing edits items: every change is an operation of the core (begin, then
 * confirm or fail), so no refresh, poll or Load more undoes one. No vscode here.
 */
import type { Comment, ContentSiteClient, ContentSiteError, FeedPost } from '../api';
import { SEEN_MAX_IDS } from '../api/readerLimits';
import { asError, outcomeUnknown, unknownBecause } from './asError';
import type { Effect } from './listCore';
import { PARALLEL_ACTIONS, UNDO_MS } from './actionPace';
import { ReaderHolders, type Across, type Holder, type ReaderList } from './readerHolders';
import { hostOf, inPool, notAsked, stillBefore, unconfirmed } from './readerOutcome';
import { commented, liked, likedAs, refKey, refOf, seenAs, type PostRef } from './readerPostEffects';
import { seenOnService } from './readerSeenCheck';
import { followTarget, ReaderSiteActions, type FollowTarget, type SiteRemoval, type SiteReport } from './readerSiteActions';
import type { ReaderPostChange, SiteChanges } from './siteChanges';
import { realTimers, type Timers } from './timers';
import type { UndoResult } from './undoRemovals';

export type { PostRef, ReaderPostAction } from './readerPostEffects';
export type { FollowTarget, ReaderList, SiteRemoval, SiteReport, UndoResult };

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

/** The actions as a command is handed them: imported with the first use, so a promise (or the actions at hand). */
export type LoadedActions<K extends keyof ReaderPostActions> = Pick<ReaderPostActions, K> | Promise<Pick<ReaderPostActions, K>>;

export class ReaderPostActions {
  private readonly holders: ReaderHolders;
  private readonly sites: ReaderSiteActions;
  /** An unfollow or a block started or ended its undo window. */
  readonly onDidChange: ReaderSiteActions['onDidChange'];
  private readonly subscription: { dispose(): void };

  constructor(private readonly o: ReaderPostActionsOptions) {
    this.holders = new ReaderHolders(o.lists);
    this.sites = new ReaderSiteActions({
      client: o.client,
      holders: this.holders,
      changes: o.changes,
      timers: o.timers ?? realTimers,
      undoMs: () => o.undoMs?.() ?? UNDO_MS,
      from: this,
    });
    this.onDidChange = this.sites.onDidChange;
    this.subscription = o.changes.onReaderPost((c) => this.postChanged(c));
  }

  /** The unfollows and blocks still in their window, newest last. */
  get pending(): readonly SiteRemoval[] {
    return this.sites.pending;
  }

  /**
   * Likes (or unlikes: `on` false) each post; `on` defaults to the opposite of the first post's
   * state, and posts already that way are left alone. Never rejects: the outcome is in the report.
   */
  async like(posts: readonly FeedPost[], on?: boolean): Promise<ReaderReport> {
    const refs = unique(posts);
    const want = on ?? !(refs.length > 0 && this.holders.current(refs[0], posts)?.i_like === true);
    const report: ReaderReport = { action: 'like', on: want, acted: [], failed: [] };
    const todo = refs.filter((r) => this.holders.current(r, posts)?.i_like !== want);
    const held = this.holders.of(todo);
    await inPool(todo, this.o.parallel ?? PARALLEL_ACTIONS, (ref) => this.likeOne(ref, want, held.get(refKey(ref)) ?? [], report));
    return report;
  }

  /**
   * Marks the posts seen (or unseen: `on` false); `on` defaults to the opposite of the first post's
   * state, and posts already that way are left alone. One request per feed or site. Never rejects.
   */
  async seen(posts: readonly FeedPost[], on?: boolean): Promise<ReaderReport> {
    const refs = unique(posts);
    const want = on ?? !(refs.length > 0 && this.holders.current(refs[0], posts)?.is_seen === true);
    const report: ReaderReport = { action: 'seen', on: want, acted: [], failed: [] };
    const todo = refs.map((r) => this.holders.current(r, posts)!).filter((p) => p.is_seen !== want);
    const held = this.holders.of(todo.map(refOf));
    await inPool(seenGroups(todo), this.o.parallel ?? PARALLEL_ACTIONS, (g) => this.seenGroup(g, want, held, report));
    return report;
  }

  /** Every post the list shows that is not seen yet, marked seen: one request per feed or site. */
  markAllSeen(list: ReaderList): Promise<ReaderReport> {
    return this.seen(
      list.items.filter((p) => p.is_seen !== true),
      true,
    );
  }

  /**
   * Follows (at once) or unfollows the post's site, or its feed for an external feed. Unfollowing
   * hides its posts from Following at once, shows them unfollowed elsewhere, and is sent when the
   * undo window ends (undefined when that site's unfollow or block already waits).
   */
  follow(target: FeedPost | FollowTarget, on: true): Promise<SiteReport>;
  follow(target: FeedPost | FollowTarget, on: false): SiteRemoval | undefined;
  follow(target: FeedPost | FollowTarget, on: boolean): Promise<SiteReport> | SiteRemoval | undefined;
  follow(given: FeedPost | FollowTarget, on: boolean): Promise<SiteReport> | SiteRemoval | undefined {
    const target = followTarget(given);
    return on ? this.sites.follow(target) : this.sites.unfollow(target);
  }

  /** Blocks the site (the caller asked the user first): its posts leave every list at once; sent when the undo window ends. */
  block(siteId: number): SiteRemoval | undefined {
    return this.sites.block(siteId);
  }

  /** Undoes the newest unfollow or block still in its window (or the one of a site or feed ID). */
  undo(id?: number): UndoResult | undefined {
    return this.sites.undo(id);
  }

  /** Sends every unfollow and block still in its window now, and resolves when they were answered. */
  flush(): Promise<void> {
    return this.sites.flush();
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
      const holders = this.holders.of([ref]).get(refKey(ref)) ?? [];
      this.holders.confirmed(holders, () => commented);
      const now = this.holders.current(ref, [post]);
      const count = Number(now?.comment_count ?? 0) + (holders.length ? 0 : 1);
      this.o.changes.readerPost({ siteId: ref.siteId, postId: ref.postId, patch: { comment_count: count }, from: this });
    }
    return comment;
  }

  dispose(): void {
    this.subscription.dispose();
    this.sites.dispose();
  }

  private async likeOne(ref: PostRef, want: boolean, holders: readonly Holder[], report: ReaderReport): Promise<void> {
    const across = this.holders.begin(holders, () => liked(want));
    const client = this.o.client();
    const posts = client.posts;
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
    const now = await client.reader
      .actions()
      .then((acts) => acts.postLikes(ref.siteId, ref.postId))
      .catch(() => undefined);
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
    const across = this.holders.begin(
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

  /** What another view confirmed of a post (the detail view's like): every list shows it. */
  private postChanged(change: ReaderPostChange): void {
    if (change.from === this) return;
    const ref = { siteId: change.siteId, postId: change.postId };
    const patch: Effect<FeedPost> = (p) => ({ ...p, ...change.patch });
    this.holders.confirmed(this.holders.of([ref]).get(refKey(ref)) ?? [], () => patch);
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
  // A request names at most SEEN_MAX_IDS posts.
  return [...groups.values()].flatMap((g) =>
    Array.from({ length: Math.ceil(g.posts.length / SEEN_MAX_IDS) }, (_, i) => ({
      ...g,
      posts: g.posts.slice(i * SEEN_MAX_IDS, (i + 1) * SEEN_MAX_IDS),
    })),
  );
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
