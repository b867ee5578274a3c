/**
 * The first page of each view, the unread count and the chosen site's name, kept from the last
 * session so the next start paints at once, before any request (marked with when it was loaded).
 * Kept per user and API address, bounded in size; never the token. What is read back is checked:
 * a corrupt, foreign or old-format store is ignored (and later rewritten), never an error; each
 * item goes through the client's own checks of an answer (`cachedItem`).
 */
import { normalizeNotification, type Notification } from '../api/notificationShape';
import type { FeaturedPost, FeedPost, PostV11 } from '../api/schemas/post';
import type { SubscribedTags } from '../api/schemas/reader';
import { schemas } from '../api/schemasLoad';

type Tag = SubscribedTags['tags'][number];

export const CACHE_FORMAT = 1;
/** Items kept per list, and the most the whole record may take (JSON characters). */
export const CACHE_MAX_ITEMS = 50;
export const CACHE_MAX_CHARS = 512 * 1024;

export interface FirstPages {
  format: typeof CACHE_FORMAT;
  /** Whose and which service's pages these are. */
  owner: string;
  /** When each list's page was loaded (ms since the epoch). */
  savedAt: Record<string, number>;
  lists: Record<string, unknown[]>;
  siteName?: string;
}

export function cacheOwner(userId: number, baseUrl: string): string {
  return `${userId}@${baseUrl}`;
}

/** The stored record if it is well-formed, of this format and this owner; otherwise nothing. */
export function readFirstPages(raw: unknown, owner: string): FirstPages | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Partial<FirstPages>;
  if (r.format !== CACHE_FORMAT || r.owner !== owner) return undefined;
  if (typeof r.lists !== 'object' || r.lists === null || typeof r.savedAt !== 'object' || r.savedAt === null) return undefined;
  const lists: Record<string, unknown[]> = {};
  const savedAt: Record<string, number> = {};
  for (const [name, items] of Object.entries(r.lists)) {
    const at = (r.savedAt as Record<string, unknown>)[name];
    if (!Array.isArray(items) || typeof at !== 'number' || !Number.isFinite(at)) continue;
    lists[name] = items.filter((i) => typeof i === 'object' && i !== null).slice(0, CACHE_MAX_ITEMS);
    savedAt[name] = at;
  }
  return { format: CACHE_FORMAT, owner, lists, savedAt, siteName: typeof r.siteName === 'string' ? r.siteName : undefined };
}

/** The record with one list's first page put in (trimmed), or unchanged when it would grow too large. */
export function withFirstPage(
  current: FirstPages | undefined,
  owner: string,
  name: string,
  items: readonly unknown[],
  at: number,
): FirstPages {
  const base: FirstPages = current?.owner === owner ? current : { format: CACHE_FORMAT, owner, lists: {}, savedAt: {} };
  const next: FirstPages = {
    ...base,
    lists: { ...base.lists, [name]: items.slice(0, CACHE_MAX_ITEMS) },
    savedAt: { ...base.savedAt, [name]: at },
  };
  return JSON.stringify(next).length <= CACHE_MAX_CHARS ? next : base;
}

/** `schema.safeParse` as a reader: the item it makes, or undefined. */
const reader =
  <T>(schema: () => { safeParse(v: unknown): { success: true; data: T } | { success: false } }) =>
  (v: unknown): T | undefined => {
    const r = schema().safeParse(v);
    return r.success ? r.data : undefined;
  };

/**
 * A kept item read back through the checks the client gives the service's answer (the same
 * schemas; a note through the same normaliser, so its text and its link are worked out again, not
 * taken from the store): the item as the views read it, or undefined when it is not one the
 * service could have sent. A store is written by us, but it may be from another version, damaged
 * on disk or edited: a bad item is left out on its own, the rest of its page still shows.
 */
export const cachedItem = {
  note: (v: unknown): Notification | undefined => {
    const raw = reader(() => schemas().rawNotificationSchema)(v);
    if (!raw) return undefined;
    const note = normalizeNotification(raw);
    // Kept from the service's answer: whether it said how many updates, or only read/unread.
    const { unreadIsCount } = v as { unreadIsCount?: unknown };
    return typeof unreadIsCount === 'boolean' ? { ...note, unreadIsCount } : note;
  },
  feedPost: reader<FeedPost>(() => schemas().feedPostSchema),
  featuredPost: reader<FeaturedPost>(() => schemas().featuredPostSchema),
  trashedPost: reader<PostV11>(() => schemas().postV11Schema),
  post: reader<PostV11>(() => schemas().postV11Schema),
  tag: reader<Tag>(() => schemas().subscribedTagSchema),
};
