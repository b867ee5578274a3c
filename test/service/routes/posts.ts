/** Listing (the trash view's `status=trash`), one post, and the three restore endpoints. */
import { ALL_COMMON, ApiError, int, isoTime, list, oneOf, str, type Ctx } from '../http';
import { capsOf, checkRestore, requirePostView, requireSiteAccess } from '../permissions';
import type { Route } from '../router';
import { postV1, postV11 } from '../shapes';
import { feedPostJson } from '../readerShapes';
import { listedStatuses } from './postStatus';
import { findTerm } from '../terms';
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
  let offset = (page - 1) * number;
  const handle = str(p, 'page_handle');
  if (handle) {
    try {
      offset = (JSON.parse(Buffer.from(handle, 'base64url').toString()) as { offset: number }).offset;
      if (!Number.isInteger(offset) || offset < 0) throw new Error();
    } catch {
      throw new ApiError(400, 'invalid_input', '"page_handle" is not a handle this service gave out.');
    }
  }
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
  const matches = [...ctx.world.posts.values()]
    .filter((post) => post.siteId === site.ID && statuses.has(post.status) && (type === 'any' || post.type === type) && visible(post))
    .filter(
      (post) => inRange(post) && (!search || post.title.toLowerCase().includes(search) || post.content.toLowerCase().includes(search)),
    )
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      const c = x < y ? -1 : x > y ? 1 : a.ID - b.ID;
      return order === 'ASC' ? c : -c;
    });
  const slice = matches.slice(offset, offset + number);
  const next =
    offset + number < matches.length ? Buffer.from(JSON.stringify({ offset: offset + number })).toString('base64url') : undefined;
  return {
    body: {
      found: matches.length,
      posts: slice.map((post) => postV11(ctx.world, site, post, ctx.user, ctx.origin, context(ctx))),
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
