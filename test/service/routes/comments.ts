/**
 * One comment: reading it, and acting on it: moderate (status) and edit its text, trash, like and
 * unlike, reply. Each change of state shows in the notes that offer it (their actions' values and
 * their hash).
 */
import { ALL_COMMON, ApiError, str, type Ctx } from '../http';
import { commentHtml } from '../commentContent';
import { commentJson } from '../commentShape';
import { removeNotesAbout, touchNotesWhere } from '../noteActions';
import { canEditComment, canModerate, requirePostView, requireSiteAccess } from '../permissions';
import type { Route } from '../router';
import type { Comment, CommentStatus, Site } from '../world';
import { findSite } from './posts';
import { actRoute as route } from './act';
import { addReply } from './replies';

const STATUSES: CommentStatus[] = ['approved', 'unapproved', 'spam', 'trash'];

/** The comment of this site, if the user may see the site. */
function locateComment(ctx: Ctx): { site: Site; comment: Comment } {
  const site = findSite(ctx);
  requireSiteAccess(ctx.user, site);
  const raw = ctx.route.comment_ID;
  const comment = /^\d+$/.test(raw) ? ctx.world.comments.get(Number(raw)) : undefined;
  if (!comment || comment.siteId !== site.ID) throw new ApiError(404, 'unknown_comment', 'Unknown comment');
  return { site, comment };
}

/** One that is not approved is for its author and for those who may edit it. */
function requireReadable(ctx: Ctx, site: Site, comment: Comment): void {
  if (
    comment.status !== 'approved' &&
    comment.authorId !== ctx.user?.ID &&
    !canEditComment(ctx.user, site, ctx.world.posts.get(comment.postId))
  )
    throw new ApiError(403, 'unauthorized', 'User cannot read unapproved comment');
}

/** The comment, if this user may see it. */
function findComment(ctx: Ctx): { site: Site; comment: Comment } {
  const found = locateComment(ctx);
  requireReadable(ctx, found.site, found.comment);
  return found;
}

/** GET: the comment; with context=edit (its stored text) only for those who may edit it. */
function read(ctx: Ctx) {
  const { site, comment } = locateComment(ctx);
  const post = ctx.world.posts.get(comment.postId);
  const context = str(ctx.params, 'context') ?? 'display';
  if (context === 'edit' && !canEditComment(ctx.user, site, post)) throw new ApiError(403, 'unauthorized', 'User cannot edit comment');
  requireReadable(ctx, site, comment);
  if (post) requirePostView(ctx.user, site, post);
  return { body: commentJson(ctx.world, comment, ctx.origin, ctx.user?.ID, comment.status, context) };
}

function changed(ctx: Ctx, comment: Comment): void {
  touchNotesWhere(ctx.world, (ids) => ids.comment === comment.ID);
}

function requireModerator(ctx: Ctx, site: Site, message: string): void {
  if (!canModerate(ctx.user, site)) throw new ApiError(403, 'unauthorized', message);
}

/**
 * POST: a new `status` (moderators only) and/or new `content` (whoever may edit the comment). Every
 * input is checked before anything changes; a request with neither is refused.
 */
function update(ctx: Ctx) {
  const { site, comment } = findComment(ctx);
  if (!canEditComment(ctx.user, site, ctx.world.posts.get(comment.postId)))
    throw new ApiError(403, 'unauthorized', 'User cannot edit comment');
  const status = str(ctx.params, 'status');
  const hasContent = ctx.params.content !== undefined;
  if (status === undefined && !hasContent) throw new ApiError(400, 'invalid_input', 'Invalid request input');
  if (status !== undefined) {
    if (!STATUSES.includes(status as CommentStatus))
      throw new ApiError(400, 'invalid_input', `"status" must be one of ${STATUSES.join(', ')}.`);
    requireModerator(ctx, site, 'User cannot moderate comments');
  }
  const content = hasContent ? commentHtml(ctx.params) : undefined;
  if (content !== undefined) comment.content = content;
  if (status !== undefined && comment.status !== status) {
    comment.status = status as CommentStatus;
    changed(ctx, comment);
  }
  return { body: commentJson(ctx.world, comment, ctx.origin, ctx.user?.ID) };
}

/**
 * To the trash; a comment already there is deleted for good (answered with status `deleted`), and
 * the notes about it with it.
 */
function trash(ctx: Ctx) {
  const { site, comment } = findComment(ctx);
  requireModerator(ctx, site, 'User cannot delete comment');
  if (comment.status === 'trash') {
    ctx.world.comments.delete(comment.ID);
    changed(ctx, comment);
    removeNotesAbout(ctx.world, comment.ID);
    return { body: commentJson(ctx.world, comment, ctx.origin, ctx.user?.ID, 'deleted') };
  }
  comment.status = 'trash';
  changed(ctx, comment);
  return { body: commentJson(ctx.world, comment, ctx.origin, ctx.user?.ID) };
}

function like(on: boolean) {
  return (ctx: Ctx) => {
    const { site, comment } = findComment(ctx);
    if (comment.likes.has(ctx.user!.ID) !== on) {
      if (on) comment.likes.add(ctx.user!.ID);
      else comment.likes.delete(ctx.user!.ID);
      changed(ctx, comment);
    }
    const self = `${ctx.origin}/rest/v1.1/sites/${site.ID}/comments/${comment.ID}`;
    return {
      body: {
        success: true,
        i_like: on,
        like_count: comment.likes.size,
        meta: { links: { site: `${ctx.origin}/rest/v1.1/sites/${site.ID}`, comment: self } },
      },
    };
  };
}

function reply(ctx: Ctx) {
  const { site, comment } = findComment(ctx);
  if (comment.status === 'trash' || comment.status === 'spam') throw new ApiError(403, 'unauthorized', 'User cannot reply to this comment');
  const post = ctx.world.posts.get(comment.postId)!;
  const created = addReply(ctx, site, post, comment.ID);
  changed(ctx, comment);
  return { body: commentJson(ctx.world, created, ctx.origin, ctx.user?.ID) };
}

export const commentRoutes: Route[] = [
  // Reading needs no token (an approved comment on a public site is public); the real service
  // registers it under v1 as well, as its example request shows.
  {
    method: 'GET',
    versions: ['1', '1.1'],
    pattern: '/sites/:site/comments/:comment_ID',
    accepted: ALL_COMMON,
    auth: 'optional',
    handle: read,
  },
  route('/sites/:site/comments/:comment_ID', update),
  route('/sites/:site/comments/:comment_ID/delete', trash),
  route('/sites/:site/comments/:comment_ID/likes/new', like(true)),
  route('/sites/:site/comments/:comment_ID/likes/mine/delete', like(false)),
  route('/sites/:site/comments/:comment_ID/replies/new', reply),
];
