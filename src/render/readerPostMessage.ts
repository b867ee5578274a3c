/**
 * A Reader post's page in the detail view: its controls as the post offers them now (the Reader
 * table's entries with a `button` place, and the comment box), and the check of the page's
 * messages, as panelMessage.ts checks a note's: only from the render the extension made last (its
 * token), only for the post it shows, an action only when the post (as its list has it now) offers
 * it, a comment or a reply only within the client's rules. The shown page's own message that
 * cannot run is refused with a sentence the page shows: a refusal is answered, never dropped.
 */
import { replyContent } from '../api/act';
import { ContentSiteError } from '../api/errors';
import { READER_ACTIONS, type ReaderEntry, type ReaderPost } from '../models/readerActionCatalog';

/** The toolbar's entries, in their page order. */
export const POST_BUTTONS: readonly ReaderEntry[] = READER_ACTIONS.shown
  .filter((e) => e.button !== undefined)
  .sort((a, b) => a.button! - b.button!);

/** The comment box's entry. */
export const COMMENT_ENTRY: ReaderEntry = READER_ACTIONS.shown.find((e) => e.kind === 'reply')!;

/** A control's state: on (liked, following, seen), and why it is not offered ('' when it is). */
export interface PostControl {
  on: boolean;
  why: string;
}

export type PostControls = Record<string, PostControl>;

/** A comment's like as the page shows it. */
export interface CommentLike {
  on: boolean;
  count: number;
  /** The like is on its way: the button waits. */
  busy: boolean;
}

/** What the page shows of the post and its conversation that may change without a render. */
export interface ReaderPostState {
  post: string;
  controls: PostControls;
  likes: number;
  /** '' or why the post is not in its list any more (the page still shows it). */
  gone: string;
  comments: Record<string, CommentLike>;
  /**
   * How each comment or reply the page named (its `send`) ended, the latest few: a render that
   * follows a send (the conversation gained the comment) tells the new page what the lost `sent`
   * message would have, so a sent text never comes back into its box.
   */
  answered: Record<string, SendOutcome>;
  /** The page's named sends still on their way (a name in neither never reached the extension). */
  sending: string[];
}

/** What became of a comment or reply the page sent. */
export interface SendOutcome {
  ok: boolean;
  message: string;
}

/** Each button's and the comment box's state on the post now; undefined post: it left its list (nothing offered). */
export function postControls(post: ReaderPost | undefined): PostControls {
  const out: PostControls = {};
  for (const e of [...POST_BUTTONS, COMMENT_ENTRY]) {
    const offers = post ? e.offers(post) : 'This post is no longer in its list.';
    out[e.id] = { on: post !== undefined && e.value?.(post) === true, why: offers === true ? '' : offers };
  }
  return out;
}

export type PostMessage =
  | { type: 'act'; post: string; action: string; on: boolean }
  | { type: 'comment'; post: string; text: string; send?: string }
  | { type: 'reply'; post: string; comment: number; text: string; send?: string }
  | { type: 'likeComment'; post: string; comment: number; on: boolean }
  | { type: 'more'; post: string }
  | { type: 'suggest'; post: string; letters: string; seq: number };

export interface PostRefusal {
  type: 'refused';
  refused: PostMessage['type'];
  post: string;
  message: string;
  /** The comment a refused reply or like was about; the `seq` of a refused suggestion. */
  comment?: number;
  seq?: number;
  /** The page's name for a refused comment or reply. */
  send?: string;
}

/** What the page shows now, to check its messages against. */
export interface ShownPost {
  token: string;
  post: string;
  controls: PostControls;
  /** The comments of the conversation on the page, by ID (their like state). */
  comments: ReadonlyMap<number, { on: boolean; busy: boolean }>;
  hasMore: boolean;
}

const textError = (text: string): string | undefined => {
  try {
    replyContent(text);
    return undefined;
  } catch (err) {
    return err instanceof ContentSiteError ? err.userMessage : String(err);
  }
};

/**
 * A post page's message, checked against what the panel shows now: the message to run, a refusal
 * to answer, or undefined when it is not this page's post message (ignored; the panel may read it).
 */
export function readPostMessage(message: unknown, shown: ShownPost | undefined): PostMessage | PostRefusal | undefined {
  if (!shown || typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const m = message as Record<string, unknown>;
  if (!shown.token || m.token !== shown.token || m.post !== shown.post) return undefined;
  const post = shown.post;
  // The page's own name for a comment or reply it sends (a few letters and digits).
  const send = typeof m.send === 'string' && /^[\w-]{1,40}$/.test(m.send) ? m.send : undefined;
  const refuse = (refused: PostMessage['type'], why: string, more: { comment?: number; seq?: number } = {}): PostRefusal => ({
    type: 'refused',
    refused,
    post,
    message: why,
    ...(more.comment !== undefined ? { comment: more.comment } : {}),
    ...(more.seq !== undefined ? { seq: more.seq } : {}),
    ...(send !== undefined && (refused === 'comment' || refused === 'reply') ? { send } : {}),
  });
  const named = send === undefined ? {} : { send };
  const commentId = Number.isSafeInteger(m.comment) ? (m.comment as number) : undefined;
  switch (m.type) {
    case 'act': {
      const e = POST_BUTTONS.find((b) => b.id === m.action);
      const c = e ? shown.controls[e.id] : undefined;
      if (!e || !c) return refuse('act', 'This post does not offer that action.');
      if (c.why) return refuse('act', c.why);
      return { type: 'act', post, action: e.id, on: c.on };
    }
    case 'comment': {
      if (typeof m.text !== 'string') return refuse('comment', 'The comment must be text.');
      const closed = shown.controls[COMMENT_ENTRY.id]?.why;
      if (closed) return refuse('comment', `${closed} Your text is kept.`);
      const why = textError(m.text);
      return why ? refuse('comment', why) : { type: 'comment', post, text: m.text, ...named };
    }
    case 'reply': {
      if (commentId === undefined || !shown.comments.has(commentId))
        return refuse('reply', 'That comment is not on this page.', { comment: commentId });
      if (typeof m.text !== 'string') return refuse('reply', 'The reply must be text.', { comment: commentId });
      const closed = shown.controls[COMMENT_ENTRY.id]?.why;
      if (closed) return refuse('reply', `${closed} Your text is kept.`, { comment: commentId });
      const why = textError(m.text);
      return why ? refuse('reply', why, { comment: commentId }) : { type: 'reply', post, comment: commentId, text: m.text, ...named };
    }
    case 'likeComment': {
      const c = commentId === undefined ? undefined : shown.comments.get(commentId);
      if (commentId === undefined || !c) return refuse('likeComment', 'That comment is not on this page.', { comment: commentId });
      if (c.busy) return refuse('likeComment', 'A like of this comment is still on its way: wait for its answer.', { comment: commentId });
      return { type: 'likeComment', post, comment: commentId, on: !c.on };
    }
    case 'more':
      return shown.hasMore ? { type: 'more', post } : refuse('more', 'Every comment is shown.');
    case 'suggest': {
      const seq = Number.isSafeInteger(m.seq) ? (m.seq as number) : undefined;
      return typeof m.letters === 'string' && /^[\w.-]{0,50}$/.test(m.letters) && seq !== undefined
        ? { type: 'suggest', post, letters: m.letters, seq }
        : refuse('suggest', 'No writers to suggest.', { seq });
    }
    default:
      return undefined;
  }
}
