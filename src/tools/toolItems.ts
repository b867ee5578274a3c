/**
 * What an action tool acts on, for each kind of item: the notes, the Comments view's comments and
 * the Reader's posts, through the models their views render (so a tool's approve leaves Pending in
 * the Comments view at once, its spam waits for Undo, a refusal rolls back with the service's
 * reason). Each kind says what an item is in words (for the confirmation and the result: the site's
 * text kept apart as `siteContent`), which of the given items offer an entry, and runs each kind of
 * entry (toggle, removal, act, reply or edit, read state, undo). No vscode here.
 */
import type { Comment, FeedPost, Notification } from '../api';
import { ContentSiteError } from '../api/errors';
import { noteActions } from '../api/noteActions';
import type { ActionEntry } from '../models/actionCatalog';
import { offers as commentOffers } from '../models/commentActionCatalog';
import type { CommentsModel } from '../models/commentsModel';
import type { NoteActionsModel } from '../models/noteActionsModel';
import type { NotificationsModel } from '../models/notificationsModel';
import { READER_ACTIONS } from '../models/readerActionCatalog';
import type { ReaderPostActions } from '../models/readerPostActions';
import type { UndoResult } from '../models/undoRemovals';
import { bounded, htmlText, siteContent, type SiteContent } from './siteContent';

export type ItemId = number | string;

/** An item as a tool names it: its id, what it is (our words), its state, and what people wrote. */
export interface ItemText {
  readonly id: ItemId;
  /** What it is, in the tool's words (a pending comment, a like notification). */
  readonly is: string;
  /** Its state as the view shows it (status, liked…). */
  readonly state: Readonly<Record<string, string | number | boolean | undefined>>;
  /** Who wrote it and on which post, and what it says. */
  readonly content?: SiteContent;
  readonly on?: SiteContent;
}

/** What the service confirmed of a call. */
export interface ToolOutcome {
  readonly acted: readonly ItemId[];
  readonly failed: readonly ItemId[];
  readonly error?: ContentSiteError;
}

/** A removal in its undo window. */
export interface ToolRemoval {
  readonly ids: readonly ItemId[];
  /** Settles when the service answered, or at once when undone (nothing acted, nothing failed). */
  readonly done: Promise<ToolOutcome>;
  undo(): UndoResult;
  sendNow(): void;
}

export interface ToolItems {
  /** The item as its view holds it now (undefined: the view does not hold it). */
  describe(id: ItemId): ItemText | undefined;
  /** The ids among `ids` whose item offers the entry (the way `on` goes). */
  offering(ids: readonly ItemId[], e: ActionEntry, on?: boolean): ItemId[];
  toggle(ids: readonly ItemId[], e: ActionEntry, on: boolean): Promise<ToolOutcome>;
  /** A removal, or a toggle's way off that waits for Undo (an unfollow): undefined when none of them offers it. */
  remove(ids: readonly ItemId[], e: ActionEntry): Promise<ToolRemoval | undefined>;
  act(ids: readonly ItemId[], e: ActionEntry): Promise<ToolOutcome>;
  /** A reply or an edit: the comment as the service now holds it. */
  write(id: ItemId, e: ActionEntry, text: string): Promise<Comment>;
  markRead?(ids: readonly ItemId[], read: boolean): Promise<ToolOutcome>;
  undo(id?: ItemId): Promise<UndoResult | undefined>;
}

const num = (id: ItemId) => Number(id);

/** Not a kind of entry this item runs (the catalog and the tools disagree): a bug, said plainly. */
const unsupported = (e: ActionEntry): never => {
  throw new Error(`The ${e.id} action has no tool work of its kind (${e.kind}).`);
};

export function noteText(n: Notification): ItemText {
  const a = noteActions(n);
  const offered = Object.keys(a);
  return {
    id: n.id,
    is: `${n.type ?? 'notification'} notification`,
    state: {
      unread: n.unread > 0,
      date: new Date(n.timestamp * 1000).toISOString(),
      site: a.approve?.site ?? a.reply?.site ?? a.likePost?.site ?? a.follow?.site,
      comment: a.approve?.comment ?? a.reply?.comment,
      post: a.likePost?.post,
      commentStatus: n.status?.approval_status,
      offers: offered.join(', ') || 'nothing',
    },
    content: siteContent(bounded(n.subjectText)),
    ...(n.snippet ? { on: siteContent(bounded(n.snippet)) } : {}),
  };
}

/** The notes, through the Notifications view's model and the note actions' model. */
export function noteItems(notes: NotificationsModel, actions: NoteActionsModel): ToolItems {
  const ids = (given: readonly ItemId[]) => given.map(num);
  const outcome = (r: { acted: number[]; failed: number[]; error?: ContentSiteError }): ToolOutcome => r;
  return {
    describe: (id) => {
      const n = notes.get(num(id));
      return n ? noteText(n) : undefined;
    },
    offering: (given, e, on) =>
      actions.offering(ids(given), e.id).filter((id) => on === undefined || e.kind !== 'toggle' || actions.valueOf(id, e.id) !== on),
    toggle: async (given, e, on) => outcome(await actions.toggle(ids(given), e.id, on)),
    remove: async (given, e) => actions.remove(ids(given), e.id),
    act: async (_given, e) => unsupported(e),
    write: async (id, e, text) => (e.kind === 'reply' ? actions.reply(num(id), text) : unsupported(e)),
    markRead: async (given, read) => {
      const todo = ids(given).filter((id) => notes.get(id) !== undefined);
      await (read ? notes.markRead(todo) : notes.markUnread(todo));
      const now = todo.map((id) => notes.get(id));
      return {
        acted: todo.filter((_id, i) => now[i] !== undefined && now[i]!.unread > 0 !== read),
        failed: todo.filter((_id, i) => now[i] === undefined || now[i]!.unread > 0 === read),
      };
    },
    undo: async (id) => actions.undo(id === undefined ? undefined : num(id)),
  };
}

export function commentText(c: Comment, approvedBefore?: boolean): ItemText {
  return {
    id: c.ID,
    is: `${c.status === 'unapproved' ? 'pending' : c.status} comment`,
    state: {
      status: c.status === 'unapproved' ? 'pending' : c.status,
      date: c.date,
      post: c.post.ID,
      liked: c.i_like === true,
      ...(approvedBefore !== undefined ? { authorApprovedBefore: approvedBefore } : {}),
    },
    content: siteContent(htmlText(c.content), c.author?.name || c.author?.login || 'someone'),
    on: siteContent(htmlText(c.post.title, 200)),
  };
}

/** The Comments view's comments (of the chosen site), through its model. */
export function commentItems(model: CommentsModel): ToolItems {
  const ids = (given: readonly ItemId[]) => given.map(num);
  return {
    describe: (id) => {
      const c = model.get(num(id));
      return c ? commentText(c) : undefined;
    },
    offering: (given, e, on) => ids(given).filter((id) => model.get(id) !== undefined && commentOffers(model.get(id)!, e.id, on)),
    toggle: (given, e, on) => model.toggle(ids(given), e.id, on),
    remove: async (given, e) => model.remove(ids(given), e.id),
    act: (given, e) => model.act(ids(given), e.id),
    write: (id, e, text) => (e.kind === 'edit' ? model.edit(num(id), text) : model.reply(num(id), text)),
    undo: async (id) => model.undo(id === undefined ? undefined : num(id)),
  };
}

export function readerText(p: FeedPost): ItemText {
  const limits = READER_ACTIONS.shown.map((e) => e.offers(p)).filter((r): r is string => r !== true);
  return {
    id: `${String(p.site_ID)}/${String(p.ID)}`,
    is: 'Reader post',
    state: {
      date: p.date,
      seen: p.is_seen === true,
      liked: p.i_like === true,
      following: p.is_following === true,
      ...(limits.length ? { cannot: [...new Set(limits)].join(' ') } : {}),
    },
    content: siteContent(htmlText(p.title, 300), p.author?.name ?? p.site_name),
    on: siteContent(htmlText(p.excerpt || p.content, 400), p.site_name),
  };
}

/**
 * The Reader's posts (Following, Freshly Pressed, the tags' posts), through the lists that hold
 * them and the Reader's actions (loaded with the first). A removal here is an unfollow or a block
 * of the post's site; its Undo is by site.
 */
export function readerItems(find: (key: string) => FeedPost | undefined, actions: () => Promise<ReaderPostActions>): ToolItems {
  const posts = (given: readonly ItemId[]) => given.map((id) => find(String(id))).filter((p): p is FeedPost => p !== undefined);
  const key = (p: FeedPost) => `${String(p.site_ID)}/${String(p.ID)}`;
  const siteOf = (id: ItemId) => Number(String(id).split('/')[0]);
  const keys = (refs: readonly { siteId: number; postId: number }[]) => refs.map((r) => `${r.siteId}/${r.postId}`);
  const entryOf = (e: ActionEntry) => READER_ACTIONS.entry(e.id);
  /** Site removals (unfollows, blocks) as one tool's: each post's site, its answers as one outcome, Undo for all. */
  type SiteRemoval = { undo(): UndoResult; sendNow(): void; done: Promise<{ done: boolean; error?: ContentSiteError }> };
  const removal = (made: Array<[id: string, r: SiteRemoval | undefined]>): ToolRemoval | undefined => {
    const held = made.filter((m): m is [string, SiteRemoval] => m[1] !== undefined);
    if (held.length === 0) return undefined;
    return {
      ids: held.map(([id]) => id),
      // Undone when any was (the message's Undo takes them all back together).
      undo: () => held.map(([, r]) => r.undo()).reduce((a, b) => (a === 'undone' || b === 'undone' ? 'undone' : a)),
      sendNow: () => held.forEach(([, r]) => r.sendNow()),
      done: Promise.all(held.map(([id, r]) => r.done.then((s) => ({ id, ...s })))).then((all) => ({
        acted: all.filter((s) => s.done).map((s) => s.id),
        failed: all.filter((s) => !s.done && s.error).map((s) => s.id),
        error: all.find((s) => s.error)?.error,
      })),
    };
  };
  /** One post per site (following, unfollowing or blocking a site once, by its first post given). */
  const perSite = (given: readonly ItemId[]) => {
    const seen = new Set<string>();
    return posts(given).filter((p) => {
      const site = String(p.site_ID ?? p.feed_ID ?? p.feed_URL ?? key(p));
      if (seen.has(site)) return false;
      seen.add(site);
      return true;
    });
  };
  return {
    describe: (id) => {
      const p = find(String(id));
      return p ? readerText(p) : undefined;
    },
    offering: (given, e, on) =>
      posts(given)
        .filter((p) => entryOf(e).offers(p) === true && (on === undefined || e.kind !== 'toggle' || entryOf(e).value?.(p) !== on))
        .map(key),
    toggle: async (given, e, on) => {
      const a = await actions();
      const chosen = posts(given);
      if (e.id === 'like' || e.id === 'seen') {
        const r = await a[e.id](chosen, on);
        return { acted: keys(r.acted), failed: keys(r.failed), error: r.error };
      }
      // An unfollow waits for Undo: the work file runs it as a removal.
      if (e.id !== 'follow' || !on) return unsupported(e);
      const followed = await Promise.all(perSite(given).map(async (p) => ({ p, r: await a.follow(p, true) })));
      return {
        acted: followed.filter((f) => f.r.done).map((f) => key(f.p)),
        failed: followed.filter((f) => !f.r.done).map((f) => key(f.p)),
        error: followed.find((f) => f.r.error)?.r.error,
      };
    },
    // Unfollows or blocks: each given post's site once.
    remove: async (given, e) => {
      const a = await actions();
      return removal(perSite(given).map((p) => [key(p), e.id === 'block' ? a.block(Number(p.site_ID)) : a.follow(p, false)]));
    },
    act: async (_given, e) => unsupported(e),
    write: async (id, e, text) => {
      const p = find(String(id));
      if (!p || e.kind !== 'reply') return unsupported(e);
      return (await actions()).comment(p, text);
    },
    undo: async (id) => (await actions()).undo(id === undefined ? undefined : siteOf(id)),
  };
}
