/**
 * The reader: followed-blogs feed, featured posts (freshly pressed), subscribed tags and a tag's
 * posts, one site's posts. A blocked site's posts leave every stream; an unfollowed site's leave read/following.
 */
import { ALL_COMMON, ApiError, int, isoTime, oneOf, type Ctx } from '../http';
import type { Route } from '../router';
import { featuredPostJson, feedPostJson, notBlocked } from '../readerShapes';
import { iso } from '../shapes';
import type { FeedPost } from '../world';
import { canRead } from '../permissions';
import { isFollowing } from './follows';
import { findSite } from './posts';

const PERSONAL = 'An active access token must be used to query information about the current user.';

/** A dated stream's page (`number`, `page`, `order`, `after`/`before` inclusive), as read/following answers. */
function datedPage(ctx: Ctx, stream: FeedPost[]) {
  const p = ctx.params;
  const number = int(p, 'number', { min: 1, max: 40, def: 10 });
  const page = int(p, 'page', { min: 1, def: 1 });
  const order = oneOf(p, 'order', ['DESC', 'ASC'] as const, 'DESC');
  const after = isoTime(p, 'after');
  const before = isoTime(p, 'before');
  if (after !== undefined && before !== undefined && after > before)
    throw new ApiError(400, 'invalid_input', '"after" must not be later than "before".');
  const all = stream
    .filter((post) => (after === undefined || post.date >= after) && (before === undefined || post.date <= before))
    .sort((a, b) => (order === 'DESC' ? b.date - a.date : a.date - b.date) || a.ID - b.ID);
  const posts = all.slice((page - 1) * number, page * number);
  const dates = posts.map((post) => post.date);
  return {
    body: {
      date_range: {
        before: iso(before ?? (dates.length ? Math.max(...dates) : ctx.world.now)),
        after: iso(after ?? (dates.length ? Math.min(...dates) : ctx.world.now)),
      },
      number: posts.length,
      posts: posts.map((post) => feedPostJson(ctx.world, post, ctx.origin, ctx.user)),
    },
  };
}

function following(ctx: Ctx) {
  const followed = ctx.world.follows.get(ctx.user!.ID);
  return datedPage(ctx, ctx.world.feed.filter((p) => followed?.has(p.siteId) === true).filter(notBlocked(ctx.world, ctx.user)));
}

/**
 * GET read/sites/$site/posts: one site's posts as the Reader shows them (a followed site's row opens
 * them). A private site's are for its members and its followers.
 */
function sitePosts(ctx: Ctx) {
  const site = findSite(ctx);
  const user = ctx.user;
  if (!canRead(user, site) && !(user && isFollowing(ctx.world, user, site.ID)))
    throw new ApiError(403, 'unauthorized', 'User cannot access this private blog.');
  return datedPage(ctx, ctx.world.feed.filter((p) => p.siteId === site.ID).filter(notBlocked(ctx.world, user)));
}

/** GET read/tags/$tag/posts: the Reader's posts (followed blogs' and featured) tagged $tag. */
function tagPosts(ctx: Ctx) {
  const tag = tagSlug(ctx);
  const seen = new Set<number>();
  const stream = [...ctx.world.feed, ...ctx.world.featured].filter((p) => {
    if (seen.has(p.ID) || !p.tags.includes(tag)) return false;
    seen.add(p.ID);
    return true;
  });
  return datedPage(ctx, stream.filter(notBlocked(ctx.world, ctx.user)));
}

function freshlyPressed(ctx: Ctx) {
  const p = ctx.params;
  const number = int(p, 'number', { min: 1, max: 40, def: 10 });
  const after = isoTime(p, 'after');
  const before = isoTime(p, 'before');
  const contentWidth = int(p, 'content_width', { min: 1, max: 4096, def: 480 });
  const thumbWidth = int(p, 'thumb_width', { min: 1, max: 4096, def: 252 });
  const thumbHeight = int(p, 'thumb_height', { min: 1, max: 4096, def: 160 });
  const posts = ctx.world.featured
    .filter(notBlocked(ctx.world, ctx.user))
    .filter((post) => (after === undefined || post.pickedOn >= after) && (before === undefined || post.pickedOn <= before))
    .sort((a, b) => b.pickedOn - a.pickedOn)
    .slice(0, number);
  const picked = posts.map((post) => post.pickedOn);
  return {
    body: {
      date_range: picked.length ? { newest: iso(Math.max(...picked)), oldest: iso(Math.min(...picked)) } : {},
      number: posts.length,
      posts: posts.map((post) => featuredPostJson(ctx.world, post, ctx.origin, ctx.user, { contentWidth, thumbWidth, thumbHeight })),
    },
  };
}

function tagList(ctx: Ctx) {
  return ctx.user!.followedTags.map((t) => ({
    ID: t.ID,
    slug: t.slug,
    title: t.title,
    display_name: t.title.toLowerCase(),
    URL: `${ctx.origin}/rest/v1/read/tags/${t.slug}/posts`,
  }));
}

function tags(ctx: Ctx) {
  return { body: { tags: tagList(ctx) } };
}

/** A tag's slug as a path names it: letters, digits, `-` and `_`. */
function tagSlug(ctx: Ctx): string {
  const slug = ctx.route.tag.toLowerCase();
  if (!/^[\p{L}\p{N}_-]{1,100}$/u.test(slug))
    throw new ApiError(400, 'invalid_input', 'Invalid tag: a tag is letters, digits, "-" or "_".');
  return slug;
}

/** POST read/tags/$tag/mine/new|delete: `subscribed` says the state after, `tags` the user's tags. */
function followTag(on: boolean) {
  return (ctx: Ctx) => {
    const slug = tagSlug(ctx);
    const user = ctx.user!;
    const had = user.followedTags.some((t) => t.slug === slug);
    if (on && !had) {
      // A tag someone follows keeps its ID; a new one gets the next.
      const known = [...ctx.world.users.values()].flatMap((u) => u.followedTags).find((t) => t.slug === slug);
      user.followedTags.push(known ?? { ID: ctx.world.nextId++, slug, title: slug.replace(/^./, (c) => c.toUpperCase()) });
    }
    if (!on && had) user.followedTags = user.followedTags.filter((t) => t.slug !== slug);
    return { body: { subscribed: on, tags: tagList(ctx) } };
  };
}

export const readerRoutes: Route[] = [
  {
    method: 'GET',
    versions: ['1'],
    pattern: '/read/following/',
    accepted: ['http_envelope', 'pretty', 'meta', 'callback'],
    auth: 'required',
    authMessage: PERSONAL,
    handle: following,
  },
  {
    method: 'GET',
    // The spec shows it under v1; the real service and its official client use v1.1 as well.
    versions: ['1', '1.1'],
    pattern: '/freshly-pressed/',
    accepted: ['http_envelope', 'pretty', 'callback'],
    auth: 'optional',
    handle: freshlyPressed,
  },
  {
    method: 'GET',
    versions: ['1'],
    pattern: '/read/tags',
    accepted: ['http_envelope', 'pretty', 'meta', 'callback', 'context'],
    auth: 'required',
    authMessage: PERSONAL,
    handle: tags,
  },
  {
    method: 'GET',
    versions: ['1.1', '1.2'],
    pattern: '/read/sites/:site/posts',
    accepted: ['http_envelope', 'pretty', 'meta', 'callback', 'context'],
    auth: 'optional',
    handle: sitePosts,
  },
  {
    method: 'GET',
    versions: ['1.1', '1.2'],
    pattern: '/read/tags/:tag/posts',
    accepted: ['http_envelope', 'pretty', 'meta', 'callback', 'context'],
    auth: 'optional',
    handle: tagPosts,
  },
  ...[true, false].map((on): Route => ({
    method: 'POST',
    versions: ['1.1'],
    pattern: `/read/tags/:tag/mine/${on ? 'new' : 'delete'}`,
    accepted: ALL_COMMON,
    auth: 'required',
    authMessage: PERSONAL,
    handle: followTag(on),
  })),
];
