/**
 * What the Reader acts on (reader.md), seeded after the rest so that no random draw moves: the
 * followed blogs' posts stored as posts of their sites (so likes, comments and their lists answer
 * as on any post), a thread of comments, a post with comments closed, and a blog that holds
 * comments for moderation. An external feed's posts stay Reader posts only: nothing to act on.
 */
import type { Comment, FeedPost, World } from './world';

/** The posts and sites the Reader's tests rely on. */
export const READER = {
  /** Longhand Quarterly (3101): its post 7000 has a thread (READER.thread), 7004 has comments closed. */
  longhand: 3101,
  /** The Margin (3102): an external feed (`is_external`), no likes or comments through the API. */
  external: 3102,
  /** Small Press Diary (3103): holds comments for moderation (a reader's comment is `unapproved`). */
  holding: 3103,
  /** Friends Only Letters (3104): private, demo and ed follow it without being members. */
  private: 3104,
  threadPost: 7000,
  externalPost: 7001,
  heldPost: 7002,
  closedPost: 7004,
  /** On 7000: a top-level comment, ed's reply to it (the newest), and a second top-level comment. */
  thread: { first: 9900, reply: 9901, second: 9902 },
} as const;

/** An outside commenter's ID (4000+: known only by name). */
const OUTSIDE = { rosa: 4101, tomas: 4102 } as const;
const ED = 1002;

export function seedReader(world: World): void {
  for (const p of [...world.feed, ...world.featured]) {
    if (p.ID === READER.closedPost) p.commentsClosed = true;
    if (p.ID === READER.threadPost) p.commentCount = 3;
    if (!p.external) storeAsPost(world, p);
  }
  world.sites.get(READER.holding)!.holdsComments = true;
  const post = world.posts.get(READER.threadPost)!;
  const comment = (ID: number, authorId: number, authorName: string, after: number, parent: number, content: string): Comment => ({
    ID,
    siteId: post.siteId,
    postId: post.ID,
    authorId,
    authorName,
    date: post.date + after,
    content,
    status: 'approved',
    parent,
    likes: new Set(),
  });
  for (const c of [
    comment(READER.thread.first, OUTSIDE.rosa, 'Rosa Quill', 3600, 0, '<p>The part about drafts by hand rang true.</p>'),
    comment(READER.thread.second, OUTSIDE.tomas, 'Tomás Ferreira', 5400, 0, '<p>Which notebook do you use?</p>'),
    comment(READER.thread.reply, ED, 'Ed Itor', 7200, READER.thread.first, '<p>Same here: the second draft is the real one.</p>'),
  ])
    world.comments.set(c.ID, c);
}

/** A followed blog's post as a post of its site: the Reader post shows its live counts. */
function storeAsPost(world: World, p: FeedPost): void {
  world.posts.set(p.ID, {
    ID: p.ID,
    siteId: p.siteId,
    authorId: 4000 + (p.ID % 7),
    date: p.date,
    modified: p.date,
    title: p.title,
    content: p.content,
    excerpt: p.excerpt,
    slug: p.slug,
    status: 'publish',
    type: 'post',
    sticky: false,
    password: '',
    format: 'standard',
    tags: [...p.tags],
    categories: [],
    attachments: [],
    metadata: [],
    commentCount: p.commentCount,
    likeCount: p.likeCount,
    revisions: [],
    commentsClosed: p.commentsClosed,
  });
}
