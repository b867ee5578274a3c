/**
 * A notification as HTML for the detail webview: subject, the body in its template
 * (single-line-list, multi-line-list, big-badge) or in the block shape (text with ranges as links,
 * media as images), status and time. Every piece of service HTML goes through sanitize().
 */
import type { Block, Notification, TemplateBody, TemplateItem } from '../api';
import { escapeHtml, IMAGE_SCHEMES, safeUrl, sanitize } from './sanitize';

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
  return `<li class="item">${img(item.icon, item.header_text ?? '')}<div><div class="item-header">${link(item.header_link, header)}</div>${item.html ? `<div class="item-html">${sanitize(item.html)}</div>` : ''}</div></li>`;
}

export function templateHtml(body: TemplateBody): string {
  const header = body.header ? `<header>${sanitize(body.header)}</header>` : '';
  const footer = body.footer ? `<footer>${body.footer_link ? link(body.footer_link, escapeHtml(body.footer_text ?? '')) : sanitize(body.footer)}</footer>` : '';
  if (body.template === 'big-badge') {
    return `<section class="big-badge">${img(body.badge, '', 'badge')}${header}${body.html ? `<div>${sanitize(body.html)}</div>` : ''}${footer}</section>`;
  }
  const items = (body.items ?? []).map(itemHtml).join('');
  return `<section class="${body.template}">${header}<ul class="items">${items}</ul>${footer}</section>`;
}

function subjectHtml(note: Notification): string {
  const s = note.subject;
  if (Array.isArray(s)) return s.map(blockHtml).join('');
  if (!s) return `<p>${escapeHtml(note.subjectText)}</p>`;
  return `<div class="subject">${img(s.icon)}<div>${s.html ? sanitize(s.html) : escapeHtml(s.text ?? note.subjectText)}</div></div>`;
}

function bodyHtml(note: Notification): string {
  const b = note.body;
  if (!b) return '';
  if (Array.isArray(b)) return b.map(blockHtml).join('');
  if ('template' in b && typeof b.template === 'string') return templateHtml(b as TemplateBody);
  return '';
}

function statusHtml(note: Notification): string {
  const st = note.status;
  if (!st) return '';
  const parts: string[] = [];
  if (st.approval_status) parts.push(`Comment status: ${escapeHtml(st.approval_status)}`);
  if (st.i_replied) parts.push('You replied');
  return parts.length ? `<p class="status">${parts.join(' · ')}</p>` : '';
}

export function noteHtml(note: Notification, when: string): string {
  const meta = `<p class="meta">${escapeHtml(note.type ?? 'note')} · ${escapeHtml(when)}${note.unread > 0 ? ' · unread' : ''}</p>`;
  const open = note.url ? `<p class="actions">${link(note.url, 'Open in Browser')}</p>` : '';
  return `<article class="note">${subjectHtml(note)}${meta}${statusHtml(note)}${bodyHtml(note)}${open}</article>`;
}
