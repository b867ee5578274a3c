/**
 * Real notes come in two shapes (the spec's templates, and arrays of text blocks) and say `unread`
 * or `read`, Unix seconds or ISO dates. This normalises them into one Notification that the rest of
 * the extension reads, keeping subject and body for the renderer.
 */
import type { Block, RawNotification, Subject, TemplateBody } from './schemas/notification';
import { webLink } from './webLink';

export interface Notification {
  id: number;
  type?: string;
  /** Unread updates; 0 means read. */
  unread: number;
  /** False when the note only said read/unread (a `read` flag or a boolean), not how many updates. */
  unreadIsCount: boolean;
  /** Last update, Unix seconds. */
  timestamp: number;
  date?: string;
  noticon?: string;
  /** Plain text of the subject (no HTML), at most what the service sent. */
  subjectText: string;
  subject?: Subject | Block[];
  snippet?: string;
  /** What the note is about (a post, a comment), as text blocks with ranges; the block shape only. */
  header?: Block[];
  /** A short title ("1 Like"), plain text; the block shape only. */
  title?: string;
  body?: TemplateBody | Block[] | Record<string, unknown>;
  status?: RawNotification['status'];
  meta?: unknown;
  note_hash?: string | number;
  /** A link to the note's subject on the web, when the note carries one: an http(s) URL as `URL.href` writes it (see webLink). */
  url?: string;
}

export function normalizeNotification(raw: RawNotification): Notification {
  return {
    id: raw.id,
    type: raw.type,
    unread: unreadCount(raw),
    unreadIsCount: typeof raw.unread === 'number',
    timestamp: raw.timestamp ?? (raw.date ? Math.floor(Date.parse(raw.date) / 1000) || 0 : 0),
    date: raw.date,
    noticon: raw.noticon,
    subjectText: subjectText(raw.subject),
    subject: raw.subject,
    snippet: raw.snippet,
    header: raw.header,
    title: raw.title,
    body: raw.body,
    status: raw.status,
    meta: raw.meta,
    note_hash: raw.note_hash,
    url: noteUrl(raw),
  };
}

function unreadCount(raw: RawNotification): number {
  if (raw.unread !== undefined) return typeof raw.unread === 'boolean' ? (raw.unread ? 1 : 0) : Math.max(0, raw.unread);
  if (raw.read !== undefined) {
    const read = typeof raw.read === 'boolean' ? raw.read : raw.read > 0;
    return read ? 0 : 1;
  }
  return 0;
}

export function subjectText(subject: Subject | Block[] | undefined): string {
  if (!subject) return '';
  if (Array.isArray(subject))
    return subject
      .map((b) => b.text ?? '')
      .filter(Boolean)
      .join(' ')
      .trim();
  if (subject.text) return subject.text;
  return stripHtml(subject.html ?? '');
}

/**
 * A subject that came back with nothing to show: what `trap=1` leaves on the notes it folds into
 * another one (the spec: clients delete notes with empty subjects). A note whose subject was not
 * asked for (`fields` without `subject`) is not empty.
 */
export function hasEmptySubject(raw: Pick<RawNotification, 'subject'>): boolean {
  const s = raw.subject;
  if (s === undefined) return false;
  if (Array.isArray(s)) return s.every((b) => !(b.text ?? '').trim());
  return !(s.text ?? '').trim() && !stripHtml(s.html ?? '');
}

/** Text content of an HTML fragment, for labels (never for rendering). */
export function stripHtml(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[\da-f]+|amp|lt|gt|quot|apos|nbsp);/gi, (m, e: string) => {
      const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
      }
      return named[e.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The note's page on the web: the note's own `url` when the service sends one; for a comment, the
 * comment's own link (its post's link with `#comment-ID`); otherwise the note's links, the post or
 * site before a person's profile. Never `meta.links`: the spec defines those as API endpoints.
 */
function noteUrl(raw: RawNotification): string | undefined {
  const own = webLink((raw as { url?: unknown }).url);
  if (own) return own;
  const ranges: Array<{ type?: string; url?: unknown }> = [];
  for (const list of [raw.subject, raw.body]) if (Array.isArray(list)) for (const block of list) ranges.push(...(block.ranges ?? []));
  const first = (candidates: unknown[]): string | undefined => {
    for (const c of candidates) {
      const link = webLink(c);
      if (link) return link;
    }
    return undefined;
  };
  const commentLink = first(ranges.filter((r) => r.type === 'comment').map((r) => r.url));
  if (commentLink) return commentLink;
  const b = raw.body && !Array.isArray(raw.body) ? (raw.body as Record<string, unknown>) : undefined;
  const headerHref = typeof b?.header === 'string' ? /href="(https?:\/\/[^"]+)"/i.exec(b.header)?.[1] : undefined;
  const postLink = first([b?.header_link, headerHref, ...ranges.filter((r) => r.type === 'post' || r.type === 'site').map((r) => r.url)]);
  const comment = commentId(raw);
  if (postLink && comment && (raw.type === 'comment' || raw.type === 'comment_like'))
    return `${postLink.replace(/#.*$/, '')}#comment-${comment}`;
  return postLink ?? first([b?.footer_link, ...ranges.map((r) => r.url)]);
}

/** The comment a note is about: the note's `meta.ids.comment`, or its comment block's. */
function commentId(raw: RawNotification): number | undefined {
  const idOf = (meta: unknown): number | undefined => {
    const c = (meta as { ids?: { comment?: unknown } } | undefined)?.ids?.comment;
    return typeof c === 'number' && Number.isSafeInteger(c) && c > 0 ? c : undefined;
  };
  const fromNote = idOf(raw.meta);
  if (fromNote) return fromNote;
  if (Array.isArray(raw.body))
    for (const block of raw.body) {
      const id = idOf((block as { meta?: unknown }).meta);
      if (id) return id;
    }
  return undefined;
}
