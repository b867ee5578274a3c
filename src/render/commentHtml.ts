/** A comment's conversation (its post, the comment it answers, the comment, its replies) as HTML for the detail webview. */
import { plainTitle } from './postHtml';
import { boxed, escapeHtml, safeUrl, sanitize } from './sanitize';

export interface ConversationComment {
  ID: number;
  author?: { name?: string };
  date?: string;
  status?: string;
  content?: string;
  URL?: string;
}

export interface Conversation {
  post: { title?: string; link?: string };
  parent?: ConversationComment;
  comment: ConversationComment;
  replies: readonly ConversationComment[];
  /** "5 min ago" for a comment's date. */
  when(date: string | undefined): string;
}

const STATUS: Record<string, string> = { unapproved: 'Pending', spam: 'Spam', trash: 'Trash' };

function one(c: ConversationComment, when: Conversation['when'], cls: string): string {
  const status = c.status && STATUS[c.status] ? ` · <span class="status">${escapeHtml(STATUS[c.status])}</span>` : '';
  const url = safeUrl(c.URL);
  const meta = [c.author?.name || 'Someone', when(c.date)]
    .filter(Boolean)
    .map((s) => escapeHtml(s))
    .join(' · ');
  const link = url ? ` · <a href="${escapeHtml(url)}">Open</a>` : '';
  return `<section class="${cls}"><p class="meta">${meta}${status}${link}</p>${boxed(sanitize(c.content ?? ''), 'content')}</section>`;
}

export function conversationHtml(v: Conversation): string {
  const link = safeUrl(v.post.link);
  const title = escapeHtml(plainTitle(v.post.title));
  const head = link ? `<h1><a href="${escapeHtml(link)}">${title}</a></h1>` : `<h1>${title}</h1>`;
  const parent = v.parent ? `<h2>In reply to</h2>${one(v.parent, v.when, 'parent')}` : '';
  const replies = v.replies.length ? `<h2>Replies (${v.replies.length})</h2>${v.replies.map((r) => one(r, v.when, 'reply')).join('')}` : '';
  return `<article class="conversation">${head}${parent}${one(v.comment, v.when, 'comment')}${replies}</article>`;
}
