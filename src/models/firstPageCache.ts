/**
 * The first page of each view, the unread count and the chosen site's name, kept from the last
 * session so the next start paints at once, before any request (marked with when it was loaded).
 * Kept per user and API address, bounded in size; never the token. What is read back is checked:
 * a corrupt, foreign or old-format store is ignored (and later rewritten), never an error.
 */

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

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The shapes the views read of a kept item (a store from another version may hold others). */
export const cachedShape = {
  note: (v: unknown) =>
    isObject(v) &&
    typeof v.id === 'number' &&
    typeof v.unread === 'number' &&
    typeof v.timestamp === 'number' &&
    typeof v.subjectText === 'string',
  post: (v: unknown) => isObject(v) && typeof v.ID === 'number',
  tag: (v: unknown) => isObject(v),
};
