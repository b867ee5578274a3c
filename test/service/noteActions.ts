/**
 * The keyed `actions` of a note as the real service sends them: on the body block (block shape) or
 * template item that offers them, each action's current value read from the world, with the ids
 * it acts on in that block's `meta.ids`. Moderation is offered only to a moderator of the site.
 *
 * A note's `note_hash` follows what the note shows, as the real service's does: its own stored
 * content (`Note.hash`, which a test bumps when it edits a note by hand), its read state, and the
 * values and ids its actions show to its owner. So an action changes the hash of exactly the notes
 * that show it differently (a like changes the liker's notes, not the post author's), and a new
 * comment changes only the note it makes, plus the replier's notes about the comment it answers.
 */
import { canModerate } from './permissions';
import type { ActionName, Comment, Note, NoteActionSpot, User, World } from './world';

/** Each comment's replies, the first (in the world's order) by each author, trashed ones left out. */
type Replies = Map<number, Map<number, Comment>>;

function repliesIn(world: World): Replies {
  const replies: Replies = new Map();
  for (const c of world.comments.values()) {
    if (!c.parent || c.status === 'trash') continue;
    const byAuthor = replies.get(c.parent) ?? new Map<number, Comment>();
    if (!byAuthor.has(c.authorId)) byAuthor.set(c.authorId, c);
    replies.set(c.parent, byAuthor);
  }
  return replies;
}

function valueOf(name: ActionName, spot: NoteActionSpot, world: World, user: User, myReply: Comment | undefined): boolean | undefined {
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
      return comment ? myReply !== undefined : undefined;
    case 'like-post':
      return spot.ids.post !== undefined ? (world.postLikes.get(spot.ids.post)?.has(user.ID) ?? false) : undefined;
    case 'follow':
      return world.follows.get(user.ID)?.has(spot.ids.site) ?? false;
  }
}

const MODERATION: ActionName[] = ['approve-comment', 'spam-comment', 'trash-comment'];

/** `{ "approve-comment": true, … }` and the block's ids for one spot. */
function spotJson(
  spot: NoteActionSpot,
  world: World,
  user: User,
  replies: Replies,
): { actions: Record<string, boolean>; ids: Record<string, number> } {
  const site = world.sites.get(spot.ids.site);
  const moderator = site !== undefined && canModerate(user, site);
  const comment = spot.ids.comment !== undefined ? world.comments.get(spot.ids.comment) : undefined;
  const reply = comment && replies.get(comment.ID)?.get(user.ID);
  const actions: Record<string, boolean> = {};
  for (const name of spot.names) {
    if (MODERATION.includes(name) && !moderator) continue;
    const value = valueOf(name, spot, world, user, reply);
    if (value !== undefined) actions[name] = value;
  }
  const ids: Record<string, number> = { ...spot.ids };
  if (reply) ids.reply_comment = reply.ID;
  return { actions, ids };
}

/** How notes read the world's live state (their actions, their hash); made once per answer or sync. */
export interface NoteReader {
  /** The note's body with its keyed actions, and its `status` with the comment's own state. */
  withActions(note: Note): { body: Note['body']; status?: Record<string, unknown> };
  /** The note's `note_hash` (see the top of this file). */
  hash(note: Note): string;
}

export function noteReader(world: World): NoteReader {
  let replies: Replies | undefined;
  /** What the note's actions show its owner: each spot's values and ids, and the comment's state. */
  const live = (note: Note): { spots: Array<ReturnType<typeof spotJson>>; status?: Record<string, unknown> } | undefined => {
    const user = world.users.get(note.userId);
    if (!user || !note.actionSpots?.length) return undefined;
    replies ??= repliesIn(world);
    let status = note.status;
    const spots = note.actionSpots.map((spot) => {
      const json = spotJson(spot, world, user, replies!);
      const comment = spot.ids.comment !== undefined ? world.comments.get(spot.ids.comment) : undefined;
      if (comment) status = { undo_status: 0, ...status, approval_status: comment.status, i_replied: json.ids.reply_comment !== undefined };
      return json;
    });
    return { spots, status };
  };
  return {
    withActions(note) {
      const shown = live(note);
      if (!shown) return { body: note.body, status: note.status };
      const blocks = Array.isArray(note.body)
        ? [...note.body]
        : [...((note.body.items as Array<Record<string, unknown>> | undefined) ?? [])];
      note.actionSpots!.forEach((spot, i) => {
        const block = blocks[spot.index];
        if (!block) return;
        const { actions, ids } = shown.spots[i];
        const meta = (block.meta as { ids?: Record<string, number> } | undefined) ?? {};
        blocks[spot.index] = { ...block, actions, meta: { ...meta, ids: { ...meta.ids, ...ids } } };
      });
      return { body: Array.isArray(note.body) ? blocks : { ...note.body, items: blocks }, status: shown.status };
    },
    hash(note) {
      const shown = live(note);
      const base = note.hash + note.unread;
      return String(shown ? (base + digest(JSON.stringify(shown))) % 2 ** 32 : base);
    },
  };
}

/** FNV-1a of a string: a stable 32-bit number. */
function digest(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The comment a comment note is about: its own id, or the comment its actions act on. */
function commentOf(note: Note): number | undefined {
  return note.type === 'comment' ? (note.meta.ids.comment ?? note.actionSpots?.[0]?.ids.comment) : undefined;
}

/** A comment deleted for good takes the notes about it along (as the real service's do). */
export function removeNotesAbout(world: World, commentId: number): void {
  world.notes = world.notes.filter((n) => commentOf(n) !== commentId);
}
