/**
 * A notification as HTML for the detail webview: title, subject, header blocks, the body in its template
 * (single-line-list, multi-line-list, big-badge) or in the block shape (text with ranges as links,
 * media as images), status and time. Every piece of service HTML goes through sanitize().
 */
import type { Block, Notification, TemplateBody, TemplateItem } from '../api';
import { REPLY_MAX_CHARS } from '../api/act';
import { BUTTON_ENTRIES, CATALOG, type CatalogEntry } from '../models/noteActionCatalog';
import { type NoteState, statusText } from './panelMessage';
import { boxed, escapeHtml, IMAGE_SCHEMES, safeUrl, sanitize } from './sanitize';

const img = (src: unknown, alt = '', cls = 'icon'): string => {
  const url = safeUrl(src, IMAGE_SCHEMES);
  return url ? `<img class="${cls}" src="${escapeHtml(url)}" alt="${escapeHtml(alt)}">` : '';
};
const link = (href: unknown, inner: string): string => {
  const url = safeUrl(href);
  return url ? `<a href="${escapeHtml(url)}">${inner}</a>` : inner;
};

/** Text with `ranges` (links over spans) and `media` (images at positions). */
export function blockHtml(block: Block): string {
  const text = block.text ?? '';
  const marks: Array<{ at: number; open?: string; close?: string }> = [];
  for (const r of block.ranges ?? []) {
    const [start, end] = r.indices;
    if (!(start >= 0 && end <= text.length && start < end)) continue;
    const url = safeUrl(r.url);
    if (!url) continue;
    marks.push({ at: start, open: `<a href="${escapeHtml(url)}" data-range="${escapeHtml(r.type ?? '')}">` }, { at: end, close: '</a>' });
  }
  // Overlapping ranges would nest badly: keep the first that starts at each place, drop overlaps.
  marks.sort((a, b) => a.at - b.at || (a.close ? -1 : 1));
  let out = '';
  let pos = 0;
  let open = false;
  for (const m of marks) {
    if (m.open && open) continue;
    if (m.close && !open) continue;
    out += escapeHtml(text.slice(pos, m.at));
    pos = m.at;
    out += m.open ?? m.close;
    open = Boolean(m.open);
  }
  out += escapeHtml(text.slice(pos));
  if (open) out += '</a>';
  const media = (block.media ?? []).map((m) => img(m.url, '', m.type === 'badge' ? 'badge' : 'media')).join('');
  return `<div class="block">${media}<p>${out}</p></div>`;
}

function itemHtml(item: TemplateItem): string {
  const header = item.header ? sanitize(item.header) : escapeHtml(item.header_text);
  return `<li class="item">${img(item.icon, item.header_text ?? '')}<div>${boxed(link(item.header_link, header), 'item-header')}${item.html ? boxed(sanitize(item.html), 'item-html') : ''}</div></li>`;
}

/** `replyBox`: the page has its own reply box, so a plain-text footer ("Reply from the comments screen") goes. */
export function templateHtml(body: TemplateBody, replyBox = false): string {
  const header = body.header ? `<header>${sanitize(body.header)}</header>` : '';
  const footer =
    body.footer && !(replyBox && !body.footer_link)
      ? `<footer>${body.footer_link ? link(body.footer_link, escapeHtml(body.footer_text ?? '')) : sanitize(body.footer)}</footer>`
      : '';
  if (body.template === 'big-badge') {
    return `<section class="big-badge">${img(body.badge, '', 'badge')}${header}${body.html ? boxed(sanitize(body.html), 'badge-html') : ''}${footer}</section>`;
  }
  const items = (body.items ?? []).map(itemHtml).join('');
  return `<section class="${body.template}">${header}<ul class="items">${items}</ul>${footer}</section>`;
}

function subjectHtml(note: Notification): string {
  const s = note.subject;
  if (Array.isArray(s)) return s.map(blockHtml).join('');
  if (!s) return `<p>${escapeHtml(note.subjectText)}</p>`;
  return `<div class="subject">${img(s.icon)}${s.html ? boxed(sanitize(s.html), 'subject-html') : `<div>${escapeHtml(s.text ?? note.subjectText)}</div>`}</div>`;
}

/** The block shape's title ("1 Like") and header blocks (what the note is about), as the service's panel shows them. */
function titleHtml(note: Notification): string {
  return note.title?.trim() ? `<h2 class="note-title">${escapeHtml(note.title)}</h2>` : '';
}
function headerHtml(note: Notification): string {
  const blocks = note.header ?? [];
  return blocks.length > 0 ? `<header class="note-header">${blocks.map(blockHtml).join('')}</header>` : '';
}

function bodyHtml(note: Notification, replyBox: boolean): string {
  const b = note.body;
  if (!b) return '';
  if (Array.isArray(b)) return b.map(blockHtml).join('');
  if ('template' in b && typeof b.template === 'string') return templateHtml(b as TemplateBody, replyBox);
  return '';
}

/** The page's controls for the note: its state now and the reply draft to show in the box. */
export interface NoteView {
  state: NoteState;
  draft: string;
  /** Replies posted from the page, shown under the note as plain text. */
  replies?: ReadonlyArray<{ text: string; url?: string }>;
}

/** A toolbar button of the catalog's: its label off and on (pressed), what pressing does then, and its key. */
function buttonHtml(b: CatalogEntry, on: boolean): string {
  const key = b.key ?? (b.variantOf ? CATALOG.get(b.variantOf)?.key : undefined) ?? '';
  const title = (t: string) => (key ? `${t} (${key})` : t);
  const [offTitle, onTitle] = b.labels.hint;
  // Pressed shows a state that is on (approved, liked, followed); read/unread only changes its label.
  const toggle = b.kind === 'toggle';
  const attrs = [
    `type="button"`,
    `class="act"`,
    `data-action="${escapeHtml(b.id)}"`,
    key ? `data-key="${escapeHtml(key)}"` : '',
    `data-off="${escapeHtml(b.labels.on)}"`,
    `data-on="${escapeHtml(b.labels.done)}"`,
    `data-off-title="${escapeHtml(title(offTitle))}"`,
    `data-on-title="${escapeHtml(title(onTitle))}"`,
    toggle ? `aria-pressed="${on}"` : '',
    `title="${escapeHtml(title(on ? onTitle : offTitle))}"`,
  ].filter(Boolean);
  return `<button ${attrs.join(' ')}>${escapeHtml(on ? b.labels.done : b.labels.on)}</button>`;
}

/** The undo banner's button. */
const UNDO = [...CATALOG.values()].find((e) => e.undoes)!;

function controlsHtml(note: Notification, view: NoteView): string {
  const c = view.state.controls;
  const buttons = BUTTON_ENTRIES.filter((b) => c[b.id]).map((b) => buttonHtml(b, c[b.id]!.on));
  const open = note.url ? link(note.url, 'Open in Browser') : '';
  const removed = view.state.removed;
  const banner = `<div id="removed" class="removed" role="status"${removed ? '' : ' hidden'}><span id="removed-text">${escapeHtml(removed)}</span> <button type="button" class="act" data-action="${UNDO.id}" data-key="${UNDO.key}" title="${UNDO.labels.on} (${UNDO.key})"${c[UNDO.id] ? '' : ' hidden'}>${UNDO.labels.on}</button></div>`;
  const nav = `<nav class="note-nav"><button type="button" data-go="previous" title="Previous note (k)"${view.state.hasPrevious ? '' : ' disabled'}>‹ Previous</button><button type="button" data-go="next" title="Next note (j)"${view.state.hasNext ? '' : ' disabled'}>Next ›</button></nav>`;
  return `${banner}<div class="toolbar" role="toolbar" aria-label="Note actions">${buttons.join('')}${open ? `<span class="open">${open}</span>` : ''}</div>${nav}`;
}

function replyHtml(view: NoteView): string {
  const reply = view.state.controls.reply;
  if (!reply) return '';
  const mine = (view.replies ?? [])
    .map(
      (r) =>
        `<li class="item my-reply"><div><div class="item-header"><b>You</b>${r.url ? ` · ${link(r.url, 'View')}` : ''}</div><p class="my-reply-text">${escapeHtml(r.text)}</p></div></li>`,
    )
    .join('');
  return `<ul id="my-replies" class="items" aria-label="Your replies">${mine}</ul><section id="reply-box" class="reply"><label for="reply-text">Reply <span class="hint">(r; Ctrl+Enter or ⌘+Enter sends; @ mentions a writer)</span></label>
<div class="reply-field"><textarea id="reply-text" rows="4" placeholder="Write a reply…" aria-autocomplete="list" aria-controls="mentions" data-max-chars="${REPLY_MAX_CHARS}">${escapeHtml(view.draft)}</textarea>
<ul id="mentions" class="mentions" role="listbox" aria-label="Writers" hidden></ul></div>
<div class="reply-row"><button type="button" id="reply-send">Send</button><span id="reply-status" role="status"></span></div></section>`;
}

/**
 * A note's page in three parts: `chrome` (ours: the undo banner, the action buttons, only those it
 * offers, pressed when on, previous/next, the read and status line, the line that says why a
 * request of the page was refused), `body` (the service's subject
 * and body, for the page's image gate) and `reply` (ours: the reply box). The parts that follow
 * the note live have ids (`note-unread`, `note-status`) so that a state message can change them
 * without a render; the page never passes its own parts through the gate (it would strip them).
 */
export function noteParts(note: Notification, when: string, view: NoteView): { chrome: string; body: string; reply: string } {
  const { unread, status } = view.state;
  const meta = `<p class="meta">${escapeHtml(note.type ?? 'note')} · ${escapeHtml(when)}<span id="note-unread">${unread ? ' · unread' : ''}</span></p>`;
  const statusLine = `<p class="status" id="note-status"${status ? '' : ' hidden'}>${escapeHtml(status)}</p><p class="error" id="note-message" role="status" hidden></p>`;
  return {
    chrome: `<div id="note-controls" data-note="${note.id}">${controlsHtml(note, view)}${meta}${statusLine}</div>`,
    body: `<article class="note">${titleHtml(note)}${subjectHtml(note)}${headerHtml(note)}${bodyHtml(note, Boolean(view.state.controls.reply))}</article>`,
    reply: replyHtml(view),
  };
}

/** The note as HTML; with `view`, all of noteParts in order (what the page shows). */
export function noteHtml(note: Notification, when: string, view?: NoteView): string {
  if (view) {
    const p = noteParts(note, when, view);
    return p.chrome + p.body + p.reply;
  }
  const status = statusText(note);
  const meta = `<p class="meta">${escapeHtml(note.type ?? 'note')} · ${escapeHtml(when)}${note.unread > 0 ? ' · unread' : ''}</p>`;
  const open = note.url ? `<p class="actions">${link(note.url, 'Open in Browser')}</p>` : '';
  return `<article class="note">${titleHtml(note)}${subjectHtml(note)}${meta}${status ? `<p class="status">${escapeHtml(status)}</p>` : ''}${headerHtml(note)}${bodyHtml(note, false)}${open}</article>`;
}
