/**
 * Real notes come in two shapes (the spec's templates, and arrays of text blocks) and say `unread`
 * or `read`, Unix seconds or ISO dates. This normalises them into one Notification that the rest of
 * the extension reads, keeping subject and body for the renderer.
 */
import type { Block, RawNotification, Subject, TemplateBody } from './schemas/notification';

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
  body?: TemplateBody | Block[] | Record<string, unknown>;
  status?: RawNotification['status'];
  meta?: unknown;
  note_hash?: string | number;
  /** A link to the note's subject on the web, when the note carries one. */
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
  if (Array.isArray(subject)) return subject.map((b) => b.text ?? '').filter(Boolean).join(' ').trim();
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

function noteUrl(raw: RawNotification): string | undefined {
  const candidates: unknown[] = [];
  if (raw.body && !Array.isArray(raw.body)) {
    const b = raw.body as Record<string, unknown>;
    candidates.push(b.header_link, b.footer_link);
  }
  // meta.links are API endpoints (the spec says so), never a page to open.
  if (Array.isArray(raw.subject)) for (const block of raw.subject) for (const r of block.ranges ?? []) candidates.push(r.url);
  if (Array.isArray(raw.body)) for (const block of raw.body) for (const r of block.ranges ?? []) candidates.push(r.url);
  return candidates.find((c): c is string => typeof c === 'string' && /^https?:\/\//i.test(c));
}
