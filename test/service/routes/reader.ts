/** The reader: followed-blogs feed, featured posts (freshly pressed) and subscribed tags. */
import { ApiError, int, isoTime, oneOf, type Ctx } from '../http';
import type { Route } from '../router';
import { featuredPostJson, feedPostJson, iso } from '../shapes';

const PERSONAL = 'An active access token must be used to query information about the current user.';

function following(ctx: Ctx) {
  const p = ctx.params;
  const number = int(p, 'number', { min: 1, max: 40, def: 10 });
  const page = int(p, 'page', { min: 1, def: 1 });
  const order = oneOf(p, 'order', ['DESC', 'ASC'] as const, 'DESC');
  const after = isoTime(p, 'after');
  const before = isoTime(p, 'before');
  if (after !== undefined && before !== undefined && after > before)
    throw new ApiError(400, 'invalid_input', '"after" must not be later than "before".');
  const all = (ctx.world.following.get(ctx.user!.ID) ?? [])
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
      posts: posts.map((post) => feedPostJson(post, ctx.origin)),
    },
  };
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
    .filter((post) => (after === undefined || post.pickedOn >= after) && (before === undefined || post.pickedOn <= before))
    .sort((a, b) => b.pickedOn - a.pickedOn)
    .slice(0, number);
  const picked = posts.map((post) => post.pickedOn);
  return {
    body: {
      date_range: picked.length ? { newest: iso(Math.max(...picked)), oldest: iso(Math.min(...picked)) } : {},
      number: posts.length,
      posts: posts.map((post) => featuredPostJson(post, ctx.origin, { contentWidth, thumbWidth, thumbHeight })),
    },
  };
}

function tags(ctx: Ctx) {
  return {
    body: {
      tags: ctx.user!.followedTags.map((t) => ({
        ID: t.ID,
        slug: t.slug,
        title: t.title,
        display_name: t.title.toLowerCase(),
        URL: `${ctx.origin}/rest/v1/read/tags/${t.slug}/posts`,
      })),
    },
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
];
