/**
 * Acting on a comment: moderate (status), trash, like and unlike, reply. Each change shows in the
 * notes that offer it (their actions' values and their hash).
 */
import { ApiError, str, type Ctx } from '../http';
import { commentJson } from '../commentShape';
import { removeNotesAbout, touchNotesWhere } from '../noteActions';
import { canModerate, requireSiteAccess } from '../permissions';
import type { Route } from '../router';
import type { Comment, CommentStatus, Site } from '../world';
import { findSite } from './posts';
import { actRoute as route } from './act';
import { addReply } from './replies';

const STATUSES: CommentStatus[] = ['approved', 'unapproved', 'spam', 'trash'];

/** The comment, if this user may see it: others' comments that are not approved are moderators' business. */
function findComment(ctx: Ctx): { site: Site; comment: Comment } {
  const site = findSite(ctx);
  requireSiteAccess(ctx.user, site);
  const raw = ctx.route.comment_ID;
  const comment = /^\d+$/.test(raw) ? ctx.world.comments.get(Number(raw)) : undefined;
  if (!comment || comment.siteId !== site.ID) throw new ApiError(404, 'unknown_comment', 'Unknown comment');
  if (comment.status !== 'approved' && !canModerate(ctx.user, site) && comment.authorId !== ctx.user?.ID)
    throw new ApiError(403, 'unauthorized', 'User cannot read unapproved comment');
  return { site, comment };
}

function changed(ctx: Ctx, comment: Comment): void {
  touchNotesWhere(ctx.world, (ids) => ids.comment === comment.ID);
}

function requireModerator(ctx: Ctx, site: Site, message: string): void {
  if (!canModerate(ctx.user, site)) throw new ApiError(403, 'unauthorized', message);
}

function setStatus(ctx: Ctx) {
  const { site, comment } = findComment(ctx);
  requireModerator(ctx, site, 'User cannot edit comment');
  const status = str(ctx.params, 'status');
  if (status !== undefined) {
    if (!STATUSES.includes(status as CommentStatus))
      throw new ApiError(400, 'invalid_input', `"status" must be one of ${STATUSES.join(', ')}.`);
    if (comment.status !== status) {
      comment.status = status as CommentStatus;
      changed(ctx, comment);
    }
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
  route('/sites/:site/comments/:comment_ID', setStatus),
  route('/sites/:site/comments/:comment_ID/delete', trash),
  route('/sites/:site/comments/:comment_ID/likes/new', like(true)),
  route('/sites/:site/comments/:comment_ID/likes/mine/delete', like(false)),
  route('/sites/:site/comments/:comment_ID/replies/new', reply),
];
