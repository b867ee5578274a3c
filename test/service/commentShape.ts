/**
 * A comment in the real service's JSON shape (the answer of GET, of the lists, of status changes,
 * delete and replies). Those who may edit the comment (WordPress's edit_comment: the site's
 * moderators and whoever may edit its post) also get the author's email and `can_moderate: true`;
 * context=edit adds `raw_content`, the text as stored.
 */
import { canEditComment } from './permissions';
import { forContext, iso } from './shapes';
import type { Comment, World } from './world';

export function commentJson(
  world: World,
  c: Comment,
  origin: string,
  viewerId: number | undefined,
  status: string = c.status,
  context = 'display',
): Record<string, unknown> {
  const site = world.sites.get(c.siteId)!;
  const post = world.posts.get(c.postId);
  const postUrl = `https://${site.domain}/?p=${c.postId}`;
  const user = world.users.get(c.authorId);
  const login = user?.login ?? c.authorName.toLowerCase().replace(/ /g, '.');
  const self = `${origin}/rest/v1.1/sites/${c.siteId}/comments/${c.ID}`;
  const parent = c.parent ? world.comments.get(c.parent) : undefined;
  const viewer = viewerId !== undefined ? world.users.get(viewerId) : undefined;
  const editor = canEditComment(viewer, site, post);
  return {
    ID: c.ID,
    post: {
      ID: c.postId,
      title: post?.title ?? '',
      type: post?.type ?? 'post',
      link: `${origin}/rest/v1.1/sites/${c.siteId}/posts/${c.postId}`,
    },
    author: {
      ID: c.authorId,
      login,
      // The name stored with the comment (a user's display name when written, or as edited since).
      name: c.authorName,
      // As the real service: the email only for those who may edit the comment.
      ...(editor ? { email: user?.email ?? `${login}@example.net` } : {}),
      avatar_URL: `https://gravatar.example/avatar/${encodeURIComponent(login)}?s=96`,
      URL: '',
    },
    date: iso(c.date),
    URL: `${postUrl}#comment-${c.ID}`,
    short_URL: `https://wp.example/p${c.siteId}-${c.postId}%23comment-${c.ID}`,
    content: forContext(c.content, context),
    ...(context === 'edit' ? { raw_content: forContext(c.content, 'edit') } : {}),
    status,
    parent: parent
      ? { ID: parent.ID, type: parent.type ?? 'comment', link: `${origin}/rest/v1.1/sites/${c.siteId}/comments/${parent.ID}` }
      : false,
    type: c.type ?? 'comment',
    like_count: c.likes.size,
    i_like: viewerId !== undefined && c.likes.has(viewerId),
    meta: {
      links: {
        self,
        help: `${self}/help`,
        site: `${origin}/rest/v1.1/sites/${c.siteId}`,
        post: `${origin}/rest/v1.1/sites/${c.siteId}/posts/${c.postId}`,
        replies: `${self}/replies/`,
        likes: `${self}/likes/`,
      },
    },
    can_moderate: editor,
  };
}
