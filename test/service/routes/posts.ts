/** Listing (the trash view's `status=trash`), one post, and the three restore endpoints. */
import { ALL_COMMON, ApiError, int, isoTime, list, oneOf, str, type Ctx } from '../http';
import { capsOf, checkRestore, requirePostView, requireSiteAccess } from '../permissions';
import type { Route } from '../router';
import { postV1, postV11 } from '../shapes';
import { feedPostJson } from '../readerShapes';
import { listedStatuses } from './postStatus';
import { findTerm, withTermCounts } from '../terms';
import { decodeCursor, encodeCursor, firstOf, type Cursor } from '../listPage';
import { siteByIdOrDomain, type FeedPost, type Post, type Site, type Taxonomy } from '../world';

const ORDER_BY = ['date', 'modified', 'title', 'comment_count', 'ID'] as const;

export function findSite(ctx: Ctx): Site {
  const site = siteByIdOrDomain(ctx.world, ctx.route.site);
  if (!site) throw new ApiError(404, 'unknown_blog', 'Unknown blog');
  return site;
}

export function findPost(ctx: Ctx, site: Site, raw: string): Post {
  const post = /^\d+$/.test(raw) ? ctx.world.posts.get(Number(raw)) : undefined;
  if (!post || post.siteId !== site.ID) throw new ApiError(404, 'unknown_post', 'Unknown post');
  return post;
}

export const context = (ctx: Ctx): string => str(ctx.params, 'context') ?? 'display';

function listPosts(ctx: Ctx) {
  const site = findSite(ctx);
  requireSiteAccess(ctx.user, site);
  const p = ctx.params;
  const number = int(p, 'number', { min: 1, max: 100, def: 20 });
  const page = int(p, 'page', { min: 1, def: 1 });
  const order = oneOf(p, 'order', ['DESC', 'ASC'] as const, 'DESC');
  const orderBy = oneOf(p, 'order_by', ORDER_BY, 'date');
  const type = oneOf(p, 'type', ['post', 'page', 'any'] as const, 'post');
  const statuses = listedStatuses(p);
  const search = str(p, 'search')?.toLowerCase();
  const author = int(p, 'author', { min: 1 });
  const [after, before] = [isoTime(p, 'after'), isoTime(p, 'before')];
  const [modifiedAfter, modifiedBefore] = [isoTime(p, 'modified_after'), isoTime(p, 'modified_before')];
  // `meta_value` applies only with a `meta_key` (as the real service documents).
  const metaKey = str(p, 'meta_key');
  const metaValue = metaKey ? str(p, 'meta_value') : undefined;
  // `category` and `tag` (a slug or a name) keep the posts that carry that term.
  const termName = (taxonomy: Taxonomy, name: string): string | undefined => {
    const raw = str(p, name);
    return raw === undefined || raw === '' ? undefined : (findTerm(ctx.world, site.ID, taxonomy, raw)?.name ?? '\u0000none');
  };
  const [category, tag] = [termName('category', 'category'), termName('post_tag', 'tag')];
  const inRange = (post: Post): boolean =>
    (category === undefined || post.categories.includes(category)) &&
    (tag === undefined || post.tags.includes(tag)) &&
    (metaKey === undefined || post.metadata.some((m) => m.key === metaKey && (metaValue === undefined || m.value === metaValue))) &&
    (author === undefined || post.authorId === author) &&
    (after === undefined || post.date > after) &&
    (before === undefined || post.date < before) &&
    (modifiedAfter === undefined || post.modified > modifiedAfter) &&
    (modifiedBefore === undefined || post.modified < modifiedBefore);
  const caps = capsOf(ctx.user, site);
  const visible = (post: Post): boolean => {
    if (post.status === 'publish') return true;
    if (!caps.edit_posts) return false;
    return caps.edit_others_posts || post.authorId === ctx.user?.ID;
  };
  const key = (post: Post): string | number =>
    orderBy === 'date'
      ? post.date
      : orderBy === 'modified'
        ? post.modified
        : orderBy === 'title'
          ? post.title.toLowerCase()
          : orderBy === 'comment_count'
            ? post.commentCount
            : post.ID;
  // The list's order: the key, then the ID (so equal keys still have one order), DESC reversing both.
  const compare = (x: Cursor, y: Cursor): number => {
    const c = x.v < y.v ? -1 : x.v > y.v ? 1 : x.id - y.id;
    return order === 'ASC' ? c : -c;
  };
  const cursorOf = (post: Post): Cursor => ({ v: key(post), id: post.ID });
  const from = decodeCursor(str(p, 'page_handle'));
  const offset = from ? 0 : (page - 1) * number;
  let found = 0;
  const rest: Post[] = [];
  for (const post of ctx.world.posts.values()) {
    if (post.siteId !== site.ID || !statuses.has(post.status) || (type !== 'any' && post.type !== type) || !visible(post)) continue;
    if (!inRange(post) || (search && !post.title.toLowerCase().includes(search) && !post.content.toLowerCase().includes(search))) continue;
    found++;
    if (!from || compare(cursorOf(post), from) > 0) rest.push(post);
  }
  const slice = firstOf(rest, offset + number, (a, b) => compare(cursorOf(a), cursorOf(b))).slice(offset);
  // The next page starts after this page's last post (by its key and ID), not at a count: a post
  // that changes while a client pages moves in the order without making another one skipped or repeated.
  const last = slice[slice.length - 1];
  const next = last && rest.length > offset + number ? encodeCursor(cursorOf(last)) : undefined;
  return {
    body: {
      found,
      posts: withTermCounts(ctx.world, () => slice.map((post) => postV11(ctx.world, site, post, ctx.user, ctx.origin, context(ctx)))),
      meta: { links: { counts: `${ctx.origin}/rest/v1.1/sites/${site.ID}/post-counts/post` }, ...(next ? { next_page: next } : {}) },
    },
  };
}

/** A post of a followed blog (the reader's feed and featured posts), where feed meta links lead. */
function followedPost(ctx: Ctx, site: Site, raw: string): FeedPost | undefined {
  return [...ctx.world.feed, ...ctx.world.featured].find((p) => p.siteId === site.ID && String(p.ID) === raw);
}

function getPost(ctx: Ctx) {
  const site = findSite(ctx);
  requireSiteAccess(ctx.user, site);
  const followed = followedPost(ctx, site, ctx.route.post_ID);
  if (followed) return { body: feedPostJson(ctx.world, followed, ctx.origin, ctx.user) };
  return postAnswer(ctx, site, findPost(ctx, site, ctx.route.post_ID));
}

/** One post as GET answers it (by ID or by slug), to those who may see it. */
export function postAnswer(ctx: Ctx, site: Site, post: Post) {
  requirePostView(ctx.user, site, post);
  return { body: postV11(ctx.world, site, post, ctx.user, ctx.origin, context(ctx)) };
}

function restore(ctx: Ctx, site: Site, post: Post): void {
  checkRestore(ctx.world, ctx.user, site, post);
  post.status = post.statusBeforeTrash ?? 'draft';
  post.statusBeforeTrash = undefined;
  post.modified = ctx.world.now;
}

function restoreOne(ctx: Ctx) {
  const site = findSite(ctx);
  requireSiteAccess(ctx.user, site);
  const post = findPost(ctx, site, ctx.route.post_ID);
  restore(ctx, site, post);
  const shape = ctx.version === '1' ? postV1 : postV11;
  return { body: shape(ctx.world, site, post, ctx.user, ctx.origin, context(ctx)) };
}

function restoreMany(ctx: Ctx) {
  if (!ctx.user) throw new ApiError(403, 'unauthorized', 'User cannot restore trashed posts');
  const site = findSite(ctx);
  requireSiteAccess(ctx.user, site);
  const ids = list(ctx.params, 'post_ids') ?? [];
  if (ids.length === 0) throw new ApiError(400, 'empty_post_ids', 'No post IDs were given.');
  for (const id of ids) if (!/^\d+$/.test(id)) throw new ApiError(400, 'invalid_input', `"${id}" is not a post ID.`);
  const results: Record<string, unknown> = {};
  for (const id of ids) {
    try {
      const post = findPost(ctx, site, id);
      restore(ctx, site, post);
      results[id] = postV11(ctx.world, site, post, ctx.user, ctx.origin, context(ctx));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      results[id] = { errors: { [err.code]: [err.message] }, error_data: { [err.code]: err.status } };
    }
  }
  return { body: { results } };
}

const RESTORE_AUTH = 'An active access token must be used to restore posts.';

export const postRoutes: Route[] = [
  { method: 'GET', versions: ['1.1'], pattern: '/sites/:site/posts/', accepted: ALL_COMMON, auth: 'optional', handle: listPosts },
  { method: 'POST', versions: ['1.1'], pattern: '/sites/:site/posts/restore', accepted: ALL_COMMON, auth: 'optional', handle: restoreMany },
  { method: 'GET', versions: ['1.1'], pattern: '/sites/:site/posts/:post_ID', accepted: ALL_COMMON, auth: 'optional', handle: getPost },
  {
    method: 'POST',
    versions: ['1', '1.1'],
    pattern: '/sites/:site/posts/:post_ID/restore',
    accepted: ALL_COMMON,
    auth: 'required',
    authMessage: RESTORE_AUTH,
    handle: restoreOne,
  },
];
