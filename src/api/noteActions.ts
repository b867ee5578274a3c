/**
 * Which actions a note offers, and the ids each needs, read the way the service's own panel reads
 * them: the keyed `actions` of the **last** body block that has any (block shape, or the items of
 * the spec's templates), with ids from that block's `meta.ids` over the note's; failing that, the
 * spec's list form (`actions: [{type, params}]` on the template body). Pure; no requests.
 */
import type { Notification } from './notificationShape';

export interface NoteAction {
  site: number;
  /** The action's current state: true when done (approved, liked, followed, replied). Unknown in the list form. */
  value?: boolean;
  comment?: number;
  post?: number;
  user?: number;
  /** The user's own reply to the comment, when they have replied. */
  replyComment?: number;
  /** edit-comment: the page where the comment is edited. */
  link?: string;
}

export interface NoteActions {
  approve?: NoteAction & { comment: number };
  spam?: NoteAction & { comment: number };
  trash?: NoteAction & { comment: number };
  like?: NoteAction & { comment: number };
  reply?: NoteAction & { comment: number };
  likePost?: NoteAction & { post: number };
  follow?: NoteAction;
  edit?: NoteAction & { comment: number };
}

type Key = keyof NoteActions;

/** The service's action names → ours, and the id each one cannot do without. */
const NAMES: Record<string, { key: Key; needs: 'comment' | 'post' | 'site' }> = {
  'approve-comment': { key: 'approve', needs: 'comment' },
  'spam-comment': { key: 'spam', needs: 'comment' },
  'trash-comment': { key: 'trash', needs: 'comment' },
  'like-comment': { key: 'like', needs: 'comment' },
  'replyto-comment': { key: 'reply', needs: 'comment' },
  'like-post': { key: 'likePost', needs: 'post' },
  follow: { key: 'follow', needs: 'site' },
  'edit-comment': { key: 'edit', needs: 'comment' },
};

/** Each of our keys → the service's action name (what a block's keyed `actions` calls it). */
export const SERVICE_NAMES = Object.fromEntries(Object.entries(NAMES).map(([name, { key }]) => [key, name])) as Record<Key, string>;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A positive whole id from a number or a string of digits. */
function id(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

function idsOf(meta: unknown): Obj {
  return isObj(meta) && isObj(meta.ids) ? meta.ids : {};
}

function value(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string' && /^(0|1|true|false)$/.test(v)) return v === '1' || v === 'true';
  return undefined;
}

/** The blocks a body offers actions on: the block shape's blocks, or a template's items. */
function blocksOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (isObj(body) && Array.isArray(body.items)) return body.items;
  return [];
}

function build(name: string, raw: Obj, v: boolean | undefined, link?: string): [Key, NoteAction] | undefined {
  const known = NAMES[name];
  if (!known) return undefined;
  const action: NoteAction = { site: id(raw.site) ?? 0 };
  if (!action.site) return undefined;
  // A follow is about a site (and its owner); a post's like is not about any comment.
  const wanted =
    known.key === 'follow'
      ? (['user'] as const)
      : known.key === 'likePost'
        ? (['post', 'user'] as const)
        : (['comment', 'post', 'user'] as const);
  for (const k of wanted) {
    const n = id(raw[k]);
    if (n) action[k] = n;
  }
  if (known.needs !== 'site' && action[known.needs] === undefined) return undefined;
  if (v !== undefined) action.value = v;
  const reply = id(raw.reply_comment);
  if (reply && (known.key === 'reply' || known.key === 'like')) action.replyComment = reply;
  if (link) action.link = link;
  return [known.key, action];
}

/** List form params `[{key, value}]` (or an object) → ids named as in meta.ids. */
function paramIds(params: unknown): Obj {
  const pairs: Array<[string, unknown]> = Array.isArray(params)
    ? params.filter(isObj).map((p) => [String(p.key), p.value])
    : isObj(params)
      ? Object.entries(params)
      : [];
  const out: Obj = {};
  for (const [k, v] of pairs) out[k.replace(/_id$/i, '').toLowerCase()] = v;
  return out;
}

/** In the list form only moderation has a known state: the comment's own status. */
function listValue(name: string, status: unknown): boolean | undefined {
  const s = isObj(status) ? status.approval_status : undefined;
  if (typeof s !== 'string') return undefined;
  if (name === 'approve-comment') return s === 'approved';
  if (name === 'spam-comment') return s === 'spam';
  if (name === 'trash-comment') return s === 'trash';
  return undefined;
}

/** Read once per note object: notes are never changed in place (an action's effect makes a copy). */
const read = new WeakMap<object, NoteActions>();

/** The actions the note offers, and their state; the same object for the same note (do not change it). */
export function noteActions(note: Pick<Notification, 'body' | 'meta' | 'status'>): NoteActions {
  let actions = read.get(note);
  if (!actions) read.set(note, (actions = readActions(note)));
  return actions;
}

function readActions(note: Pick<Notification, 'body' | 'meta' | 'status'>): NoteActions {
  const noteIds = idsOf(note.meta);
  const out: NoteActions = {};
  const put = (entry: [Key, NoteAction] | undefined): void => {
    if (entry) (out as Record<Key, NoteAction>)[entry[0]] = entry[1];
  };
  const block = blocksOf(note.body)
    .filter(isObj)
    .reverse()
    .find((b) => isObj(b.actions) && Object.keys(b.actions).length > 0);
  if (block) {
    const ids = { ...noteIds, ...idsOf(block.meta) };
    const link = typeof block.edit_comment_link === 'string' ? block.edit_comment_link : undefined;
    for (const [name, v] of Object.entries(block.actions as Obj))
      put(build(name, ids, value(v), name === 'edit-comment' ? link : undefined));
    return out;
  }
  const list = isObj(note.body) && Array.isArray(note.body.actions) ? note.body.actions : [];
  for (const entry of list.filter(isObj)) {
    if (typeof entry.type !== 'string') continue;
    put(build(entry.type, { ...noteIds, ...paramIds(entry.params) }, listValue(entry.type, note.status)));
  }
  return out;
}
