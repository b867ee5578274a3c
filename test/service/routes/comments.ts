/**
 * One comment: reading it, and acting on it: moderate (status) and edit its text, trash, like and
 * unlike, reply. Each change of state shows in the notes that offer it (their actions' values and
 * their hash).
 */
import { ALL_COMMON, ApiError, isoTime, str, type Ctx } from '../http';
import { commentHtml } from '../commentContent';
import { commentJson } from '../commentShape';
import { removeNotesAbout } from '../noteActions';
import { canEditComment, canModerate, requirePostView, requireSiteAccess } from '../permissions';
import type { Route } from '../router';
import type { Comment, CommentStatus, Site } from '../world';
import { context, findSite } from './posts';
import { actRoute as route } from './act';
import { addReply } from './replies';
import { likerIds, likerJson } from '../likers';

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

function requireModerator(ctx: Ctx, site: Site, message: string): void {
  if (!canModerate(ctx.user, site)) throw new ApiError(403, 'unauthorized', message);
}

/** What `status` may say on an update: the four statuses, and `unspam`/`untrash` back to the one before. */
const UPDATE_STATUSES = [...STATUSES, 'unspam', 'untrash'] as const;
type UpdateStatus = (typeof UPDATE_STATUSES)[number];

/** Into the spam or the trash, remembering the status it leaves (what unspam and untrash go back to). */
function setStatus(comment: Comment, status: CommentStatus): void {
  if ((status === 'spam' || status === 'trash') && comment.status !== 'spam' && comment.status !== 'trash')
    comment.statusBefore = comment.status;
  if (status !== 'spam' && status !== 'trash') comment.statusBefore = undefined;
  comment.status = status;
}

/** The status an update leaves: unspam and untrash act only on a comment in the spam or the trash. */
function nextStatus(comment: Comment, asked: UpdateStatus): CommentStatus {
  if (asked === 'unspam') return comment.status === 'spam' ? (comment.statusBefore ?? 'unapproved') : comment.status;
  if (asked === 'untrash') return comment.status === 'trash' ? (comment.statusBefore ?? 'unapproved') : comment.status;
  return asked;
}

/**
 * POST: a new `status` (moderators only), and/or new `content`, `author` (the name shown) or `date`
 * (whoever may edit the comment). Every input is checked before anything changes; a request with
 * none of them is refused.
 */
function update(ctx: Ctx) {
  const { site, comment } = findComment(ctx);
  if (!canEditComment(ctx.user, site, ctx.world.posts.get(comment.postId)))
    throw new ApiError(403, 'unauthorized', 'User cannot edit comment');
  const p = ctx.params;
  const status = str(p, 'status');
  const hasContent = p.content !== undefined;
  const author = str(p, 'author');
  if (status === undefined && !hasContent && author === undefined && p.date === undefined)
    throw new ApiError(400, 'invalid_input', 'Invalid request input');
  if (status !== undefined) {
    if (!UPDATE_STATUSES.includes(status as UpdateStatus))
      throw new ApiError(400, 'invalid_input', `"status" must be one of ${UPDATE_STATUSES.join(', ')}.`);
    requireModerator(ctx, site, 'User cannot moderate comments');
  }
  const content = hasContent ? commentHtml(p) : undefined;
  const date = isoTime(p, 'date');
  if (content !== undefined) comment.content = content;
  if (author !== undefined) comment.authorName = author.trim();
  if (date !== undefined) comment.date = date;
  const next = status === undefined ? comment.status : nextStatus(comment, status as UpdateStatus);
  if (next !== comment.status) setStatus(comment, next);
  return { body: commentJson(ctx.world, comment, ctx.origin, ctx.user?.ID, comment.status, context(ctx)) };
}

/**
 * `…/delete`, as WordPress's wp_delete_comment: a comment not in the trash or the spam goes to the
 * trash; one in either is deleted for good (answered with status `deleted`), and the notes about it
 * with it.
 */
function trash(ctx: Ctx) {
  const { site, comment } = findComment(ctx);
  requireModerator(ctx, site, 'User cannot delete comment');
  if (comment.status === 'trash' || comment.status === 'spam') {
    ctx.world.comments.delete(comment.ID);
    removeNotesAbout(ctx.world, comment.ID);
    return { body: commentJson(ctx.world, comment, ctx.origin, ctx.user?.ID, 'deleted', context(ctx)) };
  }
  setStatus(comment, 'trash');
  return { body: commentJson(ctx.world, comment, ctx.origin, ctx.user?.ID, comment.status, context(ctx)) };
}

function like(on: boolean) {
  return (ctx: Ctx) => {
    const { site, comment } = findComment(ctx);
    if (comment.likes.has(ctx.user!.ID) !== on) {
      if (on) comment.likes.add(ctx.user!.ID);
      else comment.likes.delete(ctx.user!.ID);
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

/** GET …/likes/: who likes the comment (users of this service). */
function likes(ctx: Ctx) {
  const { site, comment } = findComment(ctx);
  const post = ctx.world.posts.get(comment.postId);
  if (post) requirePostView(ctx.user, site, post);
  return {
    body: {
      found: comment.likes.size,
      i_like: ctx.user !== undefined && comment.likes.has(ctx.user.ID),
      can_like: ctx.user !== undefined,
      site_ID: site.ID,
      comment_ID: comment.ID,
      likes: likerIds(comment.likes, comment.likes.size, comment.ID).map((id) => likerJson(ctx.world, id, site.ID)),
    },
  };
}

function reply(ctx: Ctx) {
  const { site, comment } = findComment(ctx);
  if (comment.status === 'trash' || comment.status === 'spam') throw new ApiError(403, 'unauthorized', 'User cannot reply to this comment');
  const post = ctx.world.posts.get(comment.postId)!;
  const created = addReply(ctx, site, post, comment.ID);
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
  {
    method: 'GET',
    versions: ['1', '1.1'],
    pattern: '/sites/:site/comments/:comment_ID/likes/',
    accepted: ALL_COMMON,
    auth: 'optional',
    handle: likes,
  },
];
