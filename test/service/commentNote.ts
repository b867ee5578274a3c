/**
 * The note a new comment gives the author of the post, as on the real service: the seed's template
 * comment shape (a multi-line list whose item is the comment, with a reply action and keyed
 * actions on it), unread, the newest of that user's notes. A comment by the post's own author
 * notifies no one.
 */
import { avatar, COMMENT_ACTIONS } from './seed';
import type { Comment, Note, Post, Site, World } from './world';

const plain = (html: string): string =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

export function notifyPostAuthor(world: World, site: Site, post: Post, comment: Comment): Note | undefined {
  if (post.authorId === comment.authorId || !world.users.has(post.authorId)) return undefined;
  const id = world.notes.reduce((max, n) => Math.max(max, n.id), 0) + 1;
  const newest = world.notes.filter((n) => n.userId === post.authorId).reduce((max, n) => Math.max(max, n.timestamp), 0);
  const who = comment.authorName;
  const verb = comment.parent ? 'replied to a comment on' : 'commented on';
  const postUrl = `https://${site.domain}/?p=${post.ID}`;
  const text = plain(comment.content);
  const ids = { site: site.ID, post: post.ID, comment: comment.ID, user: comment.authorId };
  const note: Note = {
    id,
    userId: post.authorId,
    type: 'comment',
    noticon: '\uf300',
    timestamp: Math.max(world.now, newest + 1),
    unread: 1,
    hash: (id * 2654435761) % 2 ** 31,
    subject: {
      icon: avatar(who),
      noticon: '\uf300',
      status: comment.status === 'unapproved' ? 'pending' : '',
      html: `<b>${who}</b> ${verb} <i>${post.title}</i>`,
      text: `${who} ${verb} ${post.title}`.slice(0, 100),
    },
    snippet: text.slice(0, 90),
    body: {
      template: 'multi-line-list',
      header: `<a href="${postUrl}">${post.title}</a>`,
      footer: 'Reply from the comments screen',
      items: [
        {
          icon: avatar(who),
          header: `<b>${who}</b>`,
          html: comment.content,
          action: { type: 'reply', params: [{ key: 'comment_id', value: String(comment.ID) }] },
          objects: {},
        },
      ],
      actions: [{ type: 'approve-comment', params: [{ key: 'comment_id', value: String(comment.ID) }] }],
    },
    status: { approval_status: comment.status, undo_status: 0, i_replied: false },
    meta: {
      ids,
      links: { site: `/rest/v1/sites/${site.ID}`, post: `/rest/v1.1/sites/${site.ID}/posts/${post.ID}` },
    },
    actionSpots: [{ index: 0, names: COMMENT_ACTIONS, ids }],
  };
  world.notes.push(note);
  return note;
}
