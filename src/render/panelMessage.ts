/**
 * Messages between the detail webview and the extension. The page is ours, but what it sends is
 * checked anyway: only known types, only from the render the extension made last (its token),
 * links only over http(s); a note's messages only for the note it shows, and an action only when
 * that note (as the model has it now) offers it. A message not from the page shown now (another
 * render's token, another note) is ignored: the page that sent it is gone. The shown page's own
 * message that cannot run (the note changed, the reply is too long) is refused with a sentence
 * saying why, for the page to show: a refusal is answered, never dropped.
 *
 * Also the note's controls and their state, read from the note the way the service's panel reads
 * them (`noteActions`): the page's buttons and the checks come from the same function.
 */
import { REPLY_MAX_CHARS, replyContent } from '../api/act';
import { ContentSiteError } from '../api/errors';
import type { Notification } from '../api/notificationShape';
import { noteActions } from '../api/noteActions';
import { CATALOG, ENTRIES, offeredOn, REPLY_ENTRY, SHOWN_ENTRIES } from '../models/noteActionCatalog';
import { safeUrl } from './sanitize';

export type PanelMessage = { type: 'open'; href: string } | { type: 'loadImages' };

export function readPanelMessage(message: unknown, token: string): PanelMessage | undefined {
  const m = tokened(message, token);
  if (!m) return undefined;
  if (m.type === 'loadImages') return { type: 'loadImages' };
  if (m.type === 'open' && typeof m.href === 'string' && /^https?:\/\//i.test(m.href)) {
    const href = safeUrl(m.href, ['https', 'http']);
    return href ? { type: 'open', href } : undefined;
  }
  return undefined;
}

function tokened(message: unknown, token: string): Record<string, unknown> | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const m = message as Record<string, unknown>;
  return token && m.token === token ? m : undefined;
}

/** What a button (or key) in the note's page asks for: a catalog entry's id. `reply` is the reply box. */
export type NoteControl = string;
export type ActControl = NoteControl;

/** Why the shown note is not in the list any more: a spam/trash in its undo window, done, or gone. */
export type NoteRemoval = { kind: 'removed'; action: string; undoable: boolean } | { kind: 'gone' };

/** Each control the note offers now, with its state (`on`: approved, liked, followed, read, replied). */
export type NoteControls = Partial<Record<NoteControl, { on: boolean }>>;

/**
 * The controls of a note as the model has it now, one per catalog entry it offers. `note`
 * undefined: it left the list. `canReply`: the model can reply (to the comment, or to the post
 * when the note offers no comment reply).
 */
export function noteControls(note: Notification | undefined, o: { removal?: NoteRemoval; canReply?: boolean } = {}): NoteControls {
  const out: NoteControls = {};
  if (o.removal) {
    if (o.removal.kind !== 'gone' && o.removal.undoable) for (const e of ENTRIES) if (e.undoes) out[e.id] = { on: false };
    return out;
  }
  if (!note) return out;
  const a = noteActions(note);
  for (const e of SHOWN_ENTRIES) {
    const offered = offeredOn(a, e);
    switch (e.kind) {
      case 'toggle':
      case 'remove':
        if (offered) out[offered.entry.id] = { on: offered.action.value === true };
        break;
      case 'link':
        if (offered?.action.link && safeUrl(offered.action.link, ['https', 'http'])) out[e.id] = { on: false };
        break;
      case 'reply':
        if (offered || o.canReply) out[e.id] = { on: offered?.action.value === true || note.status?.i_replied === true };
        break;
      case 'local':
        if (e.readState) out[e.id] = { on: note.unread === 0 };
    }
  }
  return out;
}

/**
 * The longest draft kept. A draft may be longer than a reply may be (REPLY_MAX_CHARS, after
 * trimming) while it is being cut down; this only bounds what one message stores.
 */
export const DRAFT_MAX_CHARS = 2 * REPLY_MAX_CHARS;

export type NoteMessage =
  | { type: 'act'; action: ActControl; note: number }
  | { type: 'reply'; note: number; text: string }
  | { type: 'draft'; note: number; text: string }
  | { type: 'suggest'; note: number; letters: string; seq: number }
  | { type: 'go'; to: 'next' | 'previous'; note: number };

/** The shown page's message that cannot run, and why (a sentence for the page); `seq` of a refused `suggest`. */
export interface NoteRefusal {
  type: 'refused';
  refused: NoteMessage['type'];
  note: number;
  message: string;
  seq?: number;
}

export interface ShownNote {
  /** The latest render's token. */
  token: string;
  /** The note the page shows. */
  note: number;
  /** The note's controls now (noteControls of the model's copy). */
  controls: NoteControls;
}

/**
 * A note's message, checked against what the panel shows now: the message to run, a refusal to
 * answer (the shown page's own message that cannot run), or undefined when it is not this page's
 * note message at all (ignored; the panel may read it).
 */
export function readNoteMessage(message: unknown, shown: ShownNote | undefined): NoteMessage | NoteRefusal | undefined {
  const m = shown ? tokened(message, shown.token) : undefined;
  if (!m || !shown || m.note !== shown.note) return undefined;
  const note = shown.note;
  const refuse = (refused: NoteMessage['type'], why: string, seq?: number): NoteRefusal =>
    seq === undefined ? { type: 'refused', refused, note, message: why } : { type: 'refused', refused, note, message: why, seq };
  switch (m.type) {
    case 'act': {
      const action = m.action;
      const e = typeof action === 'string' ? CATALOG.get(action) : undefined;
      return e && e.kind !== 'reply' && shown.controls[e.id]
        ? { type: 'act', action: e.id, note }
        : refuse('act', 'This note no longer offers that action: the buttons now show what it offers.');
    }
    case 'reply': {
      if (typeof m.text !== 'string') return refuse('reply', 'The reply must be text.');
      if (!shown.controls[REPLY_ENTRY.id]) return refuse('reply', 'This note no longer offers a reply. Your text is kept.');
      try {
        replyContent(m.text);
      } catch (err) {
        return refuse('reply', err instanceof ContentSiteError ? err.userMessage : String(err));
      }
      return { type: 'reply', note, text: m.text };
    }
    case 'draft':
      if (typeof m.text !== 'string') return refuse('draft', 'The draft must be text.');
      return m.text.length <= DRAFT_MAX_CHARS
        ? { type: 'draft', note, text: m.text }
        : refuse(
            'draft',
            `The draft is not kept: it is longer than ${DRAFT_MAX_CHARS.toLocaleString('en')} characters (a reply may have ${REPLY_MAX_CHARS.toLocaleString('en')}).`,
          );
    case 'suggest': {
      const seq = Number.isSafeInteger(m.seq) ? (m.seq as number) : undefined;
      return shown.controls.reply && typeof m.letters === 'string' && /^[\w.-]{0,50}$/.test(m.letters) && seq !== undefined
        ? { type: 'suggest', note, letters: m.letters, seq }
        : refuse('suggest', 'No writers to suggest.', seq);
    }
    case 'go':
      return m.to === 'next' || m.to === 'previous' ? { type: 'go', to: m.to, note } : refuse('go', 'There is no such note to go to.');
    default:
      return undefined;
  }
}

/** What the page shows of the note's state; sent as a message when it changes, so typing is kept. */
export interface NoteState {
  note: number;
  controls: NoteControls;
  unread: boolean;
  /** "Comment status: approved · You replied", or ''. */
  status: string;
  /** A sentence when the note left the list ("Comment trashed."), or ''. */
  removed: string;
  hasPrevious: boolean;
  hasNext: boolean;
}

export function statusText(note: Notification | undefined): string {
  const st = note?.status;
  if (!st) return '';
  const parts: string[] = [];
  if (st.approval_status) parts.push(`Comment status: ${st.approval_status}`);
  if (st.i_replied) parts.push('You replied');
  return parts.join(' · ');
}

export function removalText(removal: NoteRemoval | undefined): string {
  if (!removal) return '';
  if (removal.kind === 'gone') return 'This note is no longer in the list.';
  return CATALOG.get(removal.action)?.removed?.one ?? 'This note is no longer in the list.';
}

export function noteState(
  id: number,
  note: Notification | undefined,
  o: { removal?: NoteRemoval; canReply?: boolean; hasPrevious: boolean; hasNext: boolean },
): NoteState {
  return {
    note: id,
    controls: noteControls(note, o),
    unread: o.removal ? false : (note?.unread ?? 0) > 0,
    status: o.removal ? '' : statusText(note),
    removed: removalText(o.removal),
    hasPrevious: o.hasPrevious,
    hasNext: o.hasNext,
  };
}
