/**
 * A new reply comment, to a post or to a comment (pending when the site holds comments for
 * moderation), with the refusals of the real service (comments closed, a post the user may not view, a post that is not published or private: "Comments on
 * drafts are not allowed"); the post's author (when someone else wrote it) gets a note about it.
 */
import { ApiError, type Ctx } from '../http';
import { commentHtml } from '../commentContent';
import { notifyPostAuthor } from '../commentNote';
import { canModerate, requirePostView } from '../permissions';
import type { Comment, Post, Site } from '../world';

export function addReply(ctx: Ctx, site: Site, post: Post, parent: number): Comment {
  const content = commentHtml(ctx.params);
  if (post.commentsClosed) throw new ApiError(403, 'comments_closed', 'Sorry, comments are closed for this item.');
  requirePostView(ctx.user, site, post);
  // Only a public or a private status takes comments (the real service's check of the post status object).
  if (post.status !== 'publish' && post.status !== 'private') throw new ApiError(403, 'unauthorized', 'Comments on drafts are not allowed');
  const user = ctx.user!;
  for (const c of ctx.world.comments.values()) {
    if (c.postId === post.ID && c.authorId === user.ID && c.content === content)
      throw new ApiError(409, 'comment_duplicate', 'Duplicate comment detected; it looks as though you’ve already said that!');
  }
  let ID = ctx.world.nextId++;
  while (ctx.world.comments.has(ID)) ID = ctx.world.nextId++;
  const comment: Comment = {
    ID,
    siteId: site.ID,
    postId: post.ID,
    authorId: user.ID,
    authorName: user.name,
    date: ctx.world.now,
    content,
    // A site that holds comments for moderation keeps them pending unless the commenter may moderate.
    status: site.holdsComments && !canModerate(user, site) ? 'unapproved' : 'approved',
    parent,
    likes: new Set(),
  };
  ctx.world.comments.set(ID, comment);
  // The post's count is of approved comments.
  if (comment.status === 'approved') post.commentCount++;
  notifyPostAuthor(ctx.world, site, post, comment);
  return comment;
}
