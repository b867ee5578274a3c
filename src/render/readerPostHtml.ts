/**
 * A Reader post's page in the detail view, in three parts as a note's (noteHtml.ts): `chrome` (ours:
 * the Reader table's buttons, pressed when on, disabled with the reason when the post does not
 * offer them, Open in Browser, the likes and the line that says why a request was refused), `body`
 * (the post, sanitized, for the page's image gate) and `after` (the conversation, threaded, with
 * each comment's Like and Reply, Load more, and the comment box). Every piece of service HTML goes
 * through sanitize(), and a comment's through the image gate too.
 */
import { REPLY_MAX_CHARS } from '../api/act';
import type { ThreadedComment } from '../models/readerConversation';
import type { ReaderEntry, ReaderPost } from '../models/readerActionCatalog';
import { postHtml } from './postHtml';
import { COMMENT_ENTRY, POST_BUTTONS, type ReaderPostState } from './readerPostMessage';
import { gateImages } from './remoteImages';
import { boxed, escapeHtml, sanitize } from './sanitize';

/** How deep a reply is indented at most (deeper replies stay at that depth). */
export const MAX_DEPTH = 4;

export interface ReaderPostView {
  state: ReaderPostState;
  /** A request to put the focus in the comment box (`r` on the post's row): its token, the same in every render of that request. */
  focus?: string;
  conversation: {
    comments: readonly ThreadedComment[];
    found?: number;
    hasMore: boolean;
    loading: boolean;
    error: string;
  };
  /** "5 min ago" for a date. */
  when(date: string | undefined): string;
  /** Remote images allowed in the comments (as in the post). */
  remoteImages: boolean;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n.toLocaleString('en')} ${many}`);
export const likesText = (n: number): string => (n > 0 ? plural(n, 'like', 'likes') : '');

function buttonHtml(e: ReaderEntry, c: { on: boolean; why: string }): string {
  const title = (t: string) => (e.key ? `${t} (${e.key})` : t);
  const [offTitle, onTitle] = e.labels.hint;
  const attrs = [
    `type="button"`,
    `class="act"`,
    `data-action="${escapeHtml(e.id)}"`,
    e.key ? `data-key="${escapeHtml(e.key)}"` : '',
    `data-off="${escapeHtml(e.labels.on)}"`,
    `data-on="${escapeHtml(e.labels.done)}"`,
    `data-off-title="${escapeHtml(title(offTitle))}"`,
    `data-on-title="${escapeHtml(title(onTitle))}"`,
    e.kind === 'toggle' ? `aria-pressed="${c.on}"` : '',
    // A control the post does not offer says why instead (an external feed takes no likes).
    `title="${escapeHtml(c.why || title(c.on ? onTitle : offTitle))}"`,
    c.why ? 'disabled' : '',
  ].filter(Boolean);
  return `<button ${attrs.join(' ')}>${escapeHtml(c.on ? e.labels.done : e.labels.on)}</button>`;
}

function commentHtml(t: ThreadedComment, view: ReaderPostView): string {
  const c = t.comment;
  const id = Number(c.ID);
  const liked = c.i_like === true;
  const held = c.status === 'unapproved' ? ` · <span class="held">Held for moderation</span>` : '';
  const meta = [c.author?.name || 'Someone', view.when(c.date)]
    .filter(Boolean)
    .map((s) => escapeHtml(s))
    .join(' · ');
  const content = gateImages(sanitize(c.content), view.remoteImages).html;
  const canReply = !view.state.controls[COMMENT_ENTRY.id]?.why;
  const like = `<button type="button" class="like-comment" data-comment="${id}" aria-pressed="${liked}"${t.liking ? ' disabled' : ''}>${liked ? 'Unlike' : 'Like'}</button>`;
  const reply = canReply ? ` <button type="button" class="reply-to" data-comment="${id}">Reply</button>` : '';
  return `<li class="comment depth-${Math.min(t.depth, MAX_DEPTH)}" id="comment-${id}" data-comment="${id}"><p class="meta">${meta}${held}</p>${boxed(content, 'content')}<div class="comment-actions">${like} <span class="like-count">${escapeHtml(likesText(c.like_count ?? 0))}</span>${reply}</div></li>`;
}

function conversationHtml(view: ReaderPostView): string {
  const v = view.conversation;
  const count = v.found !== undefined ? ` (${v.found.toLocaleString('en')})` : '';
  const items = v.comments.map((t) => commentHtml(t, view)).join('');
  const empty =
    !v.loading && !v.hasMore && v.comments.length === 0 && !v.error ? '<p class="meta" id="no-comments">No comments yet.</p>' : '';
  const error = `<p class="error" id="conversation-error" role="status"${v.error ? '' : ' hidden'}>${escapeHtml(v.error)}</p>`;
  const more = v.hasMore
    ? `<button type="button" id="load-more"${v.loading ? ' disabled' : ''}>${v.loading ? 'Loading comments…' : 'Load more comments'}</button>`
    : '';
  return `<section id="conversation" aria-label="Comments"><h2>Comments${escapeHtml(count)}</h2><ul id="comments" class="comments">${items}</ul>${empty}${error}${more}</section>`;
}

function commentBoxHtml(view: ReaderPostView): string {
  const why = view.state.controls[COMMENT_ENTRY.id]?.why ?? '';
  const key = COMMENT_ENTRY.key ? `${COMMENT_ENTRY.key}; ` : '';
  const focus = view.focus && !why ? ` data-focus="${escapeHtml(view.focus)}"` : '';
  return `<p class="meta" id="comment-closed"${why ? '' : ' hidden'}>${escapeHtml(why)}</p><section id="comment-box" class="reply"${why ? ' hidden' : ''}${focus}><label for="comment-text">Comment <span class="hint">(${escapeHtml(key)}Ctrl+Enter or ⌘+Enter sends; @ mentions a writer)</span></label>
<div class="reply-field"><textarea id="comment-text" rows="4" placeholder="Write a comment…" aria-autocomplete="list" aria-controls="mentions" data-max-chars="${REPLY_MAX_CHARS}"></textarea>
<ul id="mentions" class="mentions" role="listbox" aria-label="Writers" hidden></ul></div>
<div class="reply-row"><button type="button" id="comment-send">Send</button><span id="comment-status" role="status"></span></div></section>`;
}

export function readerPostParts(post: ReaderPost, when: string, view: ReaderPostView): { chrome: string; body: string; after: string } {
  const c = view.state.controls;
  const buttons = POST_BUTTONS.filter((e) => c[e.id]).map((e) => buttonHtml(e, c[e.id]));
  const gone = `<p id="post-gone" class="removed" role="status"${view.state.gone ? '' : ' hidden'}>${escapeHtml(view.state.gone)}</p>`;
  const meta = `<p class="meta"><span id="post-likes">${escapeHtml(likesText(view.state.likes))}</span></p>`;
  return {
    chrome: `<div id="post-controls" data-post="${escapeHtml(view.state.post)}" data-sends="${escapeHtml(JSON.stringify({ answered: view.state.answered, sending: view.state.sending }))}">${gone}<div class="toolbar" role="toolbar" aria-label="Post actions">${buttons.join('')}</div>${meta}<p class="error" id="post-message" role="status" hidden></p></div>`,
    body: postHtml(post, when),
    after: conversationHtml(view) + commentBoxHtml(view),
  };
}
