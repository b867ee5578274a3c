/**
 * How acting on a Reader post shows on it before (and after) the service answered: pure effects for
 * the list core (`ListCore.begin`), each copying the post, never changing it in place. Which
 * actions a post offers, and why not, is `offers`: the rows show its sentence. No vscode here.
 */
import type { FeedPost } from '../api';
import type { Effect } from './listCore';

export type ReaderPostAction = 'like' | 'comment' | 'follow' | 'seen' | 'block';

/** A Reader post as every list names it: its site and its ID there. */
export interface PostRef {
  siteId: number;
  postId: number;
}

export const refOf = (post: Pick<FeedPost, 'site_ID' | 'ID'>): PostRef => ({ siteId: Number(post.site_ID ?? 0), postId: Number(post.ID) });
export const refKey = (ref: PostRef): string => `${ref.siteId}/${ref.postId}`;

/** Liked or not, the count moved by one, before the service answered. */
export const liked =
  (on: boolean): Effect<FeedPost> =>
  (p) =>
    p.i_like === on ? p : { ...p, i_like: on, like_count: Math.max(0, Number(p.like_count ?? 0) + (on ? 1 : -1)) };

/** Exactly what the service answered (or, asked, says): its `i_like` and `like_count`. */
export const likedAs =
  (on: boolean, count: number): Effect<FeedPost> =>
  (p) => ({ ...p, i_like: on, like_count: count });

export const seenAs =
  (on: boolean): Effect<FeedPost> =>
  (p) => ({ ...p, is_seen: on });

export const followingAs =
  (on: boolean): Effect<FeedPost> =>
  (p) => ({ ...p, is_following: on });

/** A comment the site counts (an approved one: a held comment is not counted until approved). */
export const commented: Effect<FeedPost> = (p) => ({ ...p, comment_count: Number(p.comment_count ?? 0) + 1 });

export const hidden: Effect<FeedPost> = () => undefined;

/** Whether a post is of the followed site or feed (by site ID, else by feed ID). */
export function ofTarget(post: FeedPost, target: { siteId?: number; feedId?: number }): boolean {
  if (target.siteId !== undefined && Number(post.site_ID) === target.siteId) return true;
  return target.feedId !== undefined && Number(post.feed_ID) === target.feedId;
}
