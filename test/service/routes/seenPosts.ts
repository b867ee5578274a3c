/**
 * Seen and unseen Reader posts (reader.md), under the `/wpcom/v2` namespace: by feed
 * (`seen-posts/seen/new|delete` with `feed_id` and `feed_item_ids[]`) or by site
 * (`seen-posts/seen/blog/new|delete` with `blog_id` and `post_ids[]`). Every ID is checked before
 * anything is marked, so a refused request changes nothing; the answer is `{status: true}`.
 */
import { ALL_COMMON, ApiError, list, str, type Ctx, type Params } from '../http';
import type { Route } from '../router';
import { feedIdOf, feedItemIdOf } from '../readerShapes';
import type { FeedPost, Site, World } from '../world';

const SEEN_AUTH = 'An active access token must be used to mark posts as seen.';

function id(params: Params, name: string): number {
  const raw = str(params, name);
  if (raw === undefined || !/^\d+$/.test(raw)) throw new ApiError(400, 'invalid_input', `"${name}" must be a positive whole number.`);
  return Number(raw);
}

function ids(params: Params, name: string): number[] {
  const raw = list(params, name) ?? [];
  if (!raw.length) throw new ApiError(400, 'invalid_input', `"${name}" must list at least one ID.`);
  const bad = raw.find((v) => !/^\d+$/.test(v));
  if (bad !== undefined) throw new ApiError(400, 'invalid_input', `"${name}" must be positive whole numbers (got "${bad}").`);
  return raw.map(Number);
}

const readerPostsOf = (world: World, site: Site): FeedPost[] => [...world.feed, ...world.featured].filter((p) => p.siteId === site.ID);

/** The feed items a request names, all of them known, or the refusal. */
function items(ctx: Ctx, byBlog: boolean): number[] {
  const p = ctx.params;
  if (byBlog) {
    const site = ctx.world.sites.get(id(p, 'blog_id'));
    if (!site) throw new ApiError(404, 'unknown_blog', 'Unknown blog');
    const posts = readerPostsOf(ctx.world, site);
    return ids(p, 'post_ids').map((postId) => {
      if (!posts.some((post) => post.ID === postId)) throw new ApiError(404, 'unknown_post', `Unknown post: ${postId}`);
      return feedItemIdOf(postId);
    });
  }
  const feedId = id(p, 'feed_id');
  const site = [...ctx.world.sites.values()].find((s) => feedIdOf(s.ID) === feedId);
  if (!site) throw new ApiError(404, 'unknown_blog', 'Unknown feed');
  const known = new Set(readerPostsOf(ctx.world, site).map((post) => feedItemIdOf(post.ID)));
  return ids(p, 'feed_item_ids').map((item) => {
    if (!known.has(item)) throw new ApiError(404, 'unknown_post', `Unknown feed item: ${item}`);
    return item;
  });
}

function mark(on: boolean, byBlog: boolean) {
  return (ctx: Ctx) => {
    const marked = items(ctx, byBlog);
    const seen = ctx.world.seen.get(ctx.user!.ID) ?? new Set<number>();
    ctx.world.seen.set(ctx.user!.ID, seen);
    for (const item of marked) {
      if (on) seen.add(item);
      else seen.delete(item);
    }
    return { body: { status: true } };
  };
}

const route = (pattern: string, on: boolean, byBlog: boolean): Route => ({
  method: 'POST',
  versions: ['wpcom/v2'],
  pattern,
  accepted: ALL_COMMON,
  auth: 'required',
  authMessage: SEEN_AUTH,
  handle: mark(on, byBlog),
});

export const seenPostRoutes: Route[] = [
  route('/seen-posts/seen/new', true, false),
  route('/seen-posts/seen/delete', false, false),
  route('/seen-posts/seen/blog/new', true, true),
  route('/seen-posts/seen/blog/delete', false, true),
];
