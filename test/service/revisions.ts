/**
 * Posts' revisions (site-sync.md): each save that changes a post's title, content or excerpt
 * stores the post as it now is, by whoever saved it (WordPress keeps no revision of a save that
 * changed none of them, e.g. a status alone). `Post.revisions` names them oldest first, so its
 * last is the post as it stands.
 */
import type { Post, Revision, World } from './world';

const sameText = (r: Revision, post: Post): boolean => r.title === post.title && r.content === post.content && r.excerpt === post.excerpt;

/** Stores the post's current state as a revision by `authorId`, unless the newest one already holds it. */
export function saveRevision(world: World, post: Post, authorId: number, id = world.nextRevisionId++): void {
  const newest = post.revisions.length ? world.revisions.get(post.revisions[post.revisions.length - 1]) : undefined;
  if (newest && sameText(newest, post)) return;
  const { title, content, excerpt, date, modified } = post;
  world.revisions.set(id, { id, postId: post.ID, title, content, excerpt, date, modified, authorId });
  post.revisions = [...post.revisions, id];
}

/** The post's stored revisions, oldest first. */
export const revisionsOf = (world: World, post: Post): Revision[] =>
  post.revisions.map((id) => world.revisions.get(id)).filter((r): r is Revision => r !== undefined);

/** A post deleted for good takes its revisions along. */
export function dropRevisions(world: World, post: Post): void {
  for (const id of post.revisions) world.revisions.delete(id);
}
