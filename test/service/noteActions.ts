/**
 * The keyed `actions` of a note as the real service sends them: on the body block (block shape) or
 * template item that offers them, each action's current value read from the world, with the ids
 * it acts on in that block's `meta.ids`. Moderation is offered only to a moderator of the site.
 */
import { canModerate } from './permissions';
import type { ActionName, Comment, Note, NoteActionSpot, User, World } from './world';

function myReply(world: World, user: User, comment: Comment): Comment | undefined {
  for (const c of world.comments.values()) if (c.parent === comment.ID && c.authorId === user.ID && c.status !== 'trash') return c;
  return undefined;
}

function valueOf(name: ActionName, spot: NoteActionSpot, world: World, user: User): boolean | undefined {
  const comment = spot.ids.comment !== undefined ? world.comments.get(spot.ids.comment) : undefined;
  switch (name) {
    case 'approve-comment':
      return comment ? comment.status === 'approved' : undefined;
    case 'spam-comment':
      return comment ? comment.status === 'spam' : undefined;
    case 'trash-comment':
      return comment ? comment.status === 'trash' : undefined;
    case 'like-comment':
      return comment ? comment.likes.has(user.ID) : undefined;
    case 'replyto-comment':
      return comment ? myReply(world, user, comment) !== undefined : undefined;
    case 'like-post':
      return spot.ids.post !== undefined ? (world.postLikes.get(spot.ids.post)?.has(user.ID) ?? false) : undefined;
    case 'follow':
      return world.follows.get(user.ID)?.has(spot.ids.site) ?? false;
  }
}

const MODERATION: ActionName[] = ['approve-comment', 'spam-comment', 'trash-comment'];

/** `{ "approve-comment": true, … }` and the block's ids for one spot. */
function spotJson(spot: NoteActionSpot, world: World, user: User): { actions: Record<string, boolean>; ids: Record<string, number> } {
  const site = world.sites.get(spot.ids.site);
  const moderator = site !== undefined && canModerate(user, site);
  const actions: Record<string, boolean> = {};
  for (const name of spot.names) {
    if (MODERATION.includes(name) && !moderator) continue;
    const value = valueOf(name, spot, world, user);
    if (value !== undefined) actions[name] = value;
  }
  const ids: Record<string, number> = { ...spot.ids };
  const comment = spot.ids.comment !== undefined ? world.comments.get(spot.ids.comment) : undefined;
  const reply = comment && myReply(world, user, comment);
  if (reply) ids.reply_comment = reply.ID;
  return { actions, ids };
}

/** The note's body with its keyed actions, and its `status` with the comment's own state. */
export function withActions(note: Note, world: World): { body: Note['body']; status?: Record<string, unknown> } {
  const user = world.users.get(note.userId);
  if (!user || !note.actionSpots?.length) return { body: note.body, status: note.status };
  const blocks = Array.isArray(note.body) ? [...note.body] : [...((note.body.items as Array<Record<string, unknown>> | undefined) ?? [])];
  let status = note.status;
  for (const spot of note.actionSpots) {
    const block = blocks[spot.index];
    if (!block) continue;
    const { actions, ids } = spotJson(spot, world, user);
    const meta = (block.meta as { ids?: Record<string, number> } | undefined) ?? {};
    blocks[spot.index] = { ...block, actions, meta: { ...meta, ids: { ...meta.ids, ...ids } } };
    const comment = spot.ids.comment !== undefined ? world.comments.get(spot.ids.comment) : undefined;
    if (comment)
      status = { undo_status: 0, ...status, approval_status: comment.status, i_replied: myReply(world, user, comment) !== undefined };
  }
  return { body: Array.isArray(note.body) ? blocks : { ...note.body, items: blocks }, status };
}

/** Every note (of any user) whose actions point at what `matches` picks: its hash changes. */
export function touchNotesWhere(world: World, matches: (ids: NoteActionSpot['ids']) => boolean): void {
  for (const note of world.notes) if (note.actionSpots?.some((s) => matches(s.ids))) note.hash = (note.hash * 31 + 7919) % 2 ** 31;
}

/** The comment a comment note is about: its own id, or the comment its actions act on. */
function commentOf(note: Note): number | undefined {
  return note.type === 'comment' ? (note.meta.ids.comment ?? note.actionSpots?.[0]?.ids.comment) : undefined;
}

/** A comment deleted for good takes the notes about it along (as the real service's do). */
export function removeNotesAbout(world: World, commentId: number): void {
  world.notes = world.notes.filter((n) => commentOf(n) !== commentId);
}
