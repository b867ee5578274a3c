/**
 * Lists of comments (site-data.md): a site's (`GET /sites/$site/comments/`) and one post's
 * (`GET /sites/$site/posts/$post_ID/replies/`), with the real service's parameters: `status`
 * (approved by default; the moderation statuses and `all` only for those with moderate_comments),
 * `type`, `number`/`offset`/`page`, `order`, `after`/`before` (inclusive), `context`, and
 * `hierarchical` (each comment followed by its replies, the pages cut from that thread order). Only comments
 * on posts the user may view are listed, and with context=edit only those the user may edit, so
 * `found` counts exactly what the pages hold.
 */
import { ALL_COMMON, ApiError, bool, int, isoTime, oneOf, type Ctx } from '../http';
import { commentJson } from '../commentShape';
import { canEditComment, canModerate, postCapabilities, requirePostView, requireSiteAccess } from '../permissions';
import type { Route } from '../router';
import type { Comment, Post, Site } from '../world';
import { context, findPost, findSite } from './posts';

export const COMMENT_LIST_STATUSES = ['approved', 'unapproved', 'spam', 'trash', 'all'] as const;
const TYPES = ['any', 'comment', 'trackback', 'pingback', 'pings'] as const;

/** Whether `c` is of the asked `type` (`pings`: trackbacks and pingbacks). */
function ofType(c: Comment, type: (typeof TYPES)[number]): boolean {
  const own = c.type ?? 'comment';
  if (type === 'any') return true;
  if (type === 'pings') return own === 'trackback' || own === 'pingback';
  return own === type;
}

/** `sorted` as threads: each comment followed by its replies (in the same order), depth first. */
function threaded(sorted: Comment[]): Comment[] {
  const listed = new Set(sorted.map((c) => c.ID));
  const replies = new Map<number, Comment[]>();
  for (const c of sorted) {
    // A reply whose parent is not listed (another status, another page of dates) starts a thread of its own.
    const parent = listed.has(c.parent) ? c.parent : 0;
    replies.set(parent, [...(replies.get(parent) ?? []), c]);
  }
  const out: Comment[] = [];
  const visit = (parent: number): void => {
    for (const c of replies.get(parent) ?? []) {
      out.push(c);
      visit(c.ID);
    }
  };
  visit(0);
  return out;
}

/** A post whose comments this user may read: published, or one the user may edit (as requirePostView). */
const viewable = (ctx: Ctx, site: Site, post: Post | undefined): boolean =>
  post !== undefined && (post.status === 'publish' || postCapabilities(ctx.user, site, post).edit_post);

function listComments(ctx: Ctx, postId?: number) {
  const site = findSite(ctx);
  requireSiteAccess(ctx.user, site);
  const p = ctx.params;
  const post = postId === undefined ? undefined : findPost(ctx, site, String(postId));
  if (post) requirePostView(ctx.user, site, post);
  const status = oneOf(p, 'status', COMMENT_LIST_STATUSES, 'approved');
  const type = oneOf(p, 'type', TYPES, 'any');
  const number = int(p, 'number', { min: 1, max: 100, def: 20 });
  const page = int(p, 'page', { min: 1 });
  // `page` takes precedence over `offset`, as on the real service.
  const offset = page !== undefined ? (page - 1) * number : int(p, 'offset', { min: 0, def: 0 });
  const order = oneOf(p, 'order', ['DESC', 'ASC'] as const, 'DESC');
  const [after, before] = [isoTime(p, 'after'), isoTime(p, 'before')];
  const edit = context(ctx) === 'edit';
  const hierarchical = bool(p, 'hierarchical');
  if (status !== 'approved' && !canModerate(ctx.user, site))
    throw new ApiError(403, 'unauthorized', 'User cannot read unapproved comments');
  // `all` is WordPress's: approved and pending, not the spam or the trash.
  const statuses = status === 'all' ? ['approved', 'unapproved'] : [status];
  const matches = [...ctx.world.comments.values()]
    .filter((c) => c.siteId === site.ID && (post === undefined || c.postId === post.ID))
    .filter((c) => statuses.includes(c.status) && ofType(c, type))
    .filter((c) => (after === undefined || c.date >= after) && (before === undefined || c.date <= before))
    .filter((c) => {
      const on = ctx.world.posts.get(c.postId);
      return viewable(ctx, site, on) && (!edit || canEditComment(ctx.user, site, on));
    })
    .sort((a, b) => (order === 'ASC' ? a.date - b.date || a.ID - b.ID : b.date - a.date || b.ID - a.ID));
  const listed = hierarchical ? threaded(matches) : matches;
  return {
    body: {
      found: listed.length,
      site_ID: site.ID,
      comments: listed
        .slice(offset, offset + number)
        .map((c) => commentJson(ctx.world, c, ctx.origin, ctx.user?.ID, c.status, edit ? 'edit' : 'display')),
    },
  };
}

/** The real service registers both under v1 as well (its example requests use v1). */
export const commentListRoutes: Route[] = [
  {
    method: 'GET',
    versions: ['1', '1.1'],
    pattern: '/sites/:site/comments/',
    accepted: ALL_COMMON,
    auth: 'optional',
    handle: (ctx) => listComments(ctx),
  },
  {
    method: 'GET',
    versions: ['1', '1.1'],
    pattern: '/sites/:site/posts/:post_ID/replies/',
    accepted: ALL_COMMON,
    auth: 'optional',
    handle: (ctx) => {
      if (!/^\d+$/.test(ctx.route.post_ID)) throw new ApiError(404, 'unknown_post', 'Unknown post');
      return listComments(ctx, Number(ctx.route.post_ID));
    },
  },
];
