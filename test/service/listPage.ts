/**
 * One page of a long list without sorting the whole list for it: the first `n` items in a given
 * order (a bounded insertion, O(items · log n) for the usual page), and the opaque `page_handle`
 * that names where the next page starts: the last item's sort key and ID.
 */
import { ApiError } from './http';

/** Where a page ends: the last item's sort key and its ID. */
export interface Cursor {
  v: string | number;
  id: number;
}

export const encodeCursor = (c: Cursor): string => Buffer.from(JSON.stringify(c)).toString('base64url');

/** The cursor a `page_handle` names (undefined when none was given); one this service did not give out is 400. */
export function decodeCursor(handle: string | undefined): Cursor | undefined {
  if (!handle) return undefined;
  try {
    const c = JSON.parse(Buffer.from(handle, 'base64url').toString()) as Partial<Cursor>;
    if ((typeof c.v === 'string' || typeof c.v === 'number') && Number.isInteger(c.id)) return { v: c.v, id: c.id! };
  } catch {
    // Not base64url JSON: refused below, as any other handle this service did not give out.
  }
  throw new ApiError(400, 'invalid_input', '"page_handle" is not a handle this service gave out.');
}

/** The first `n` of `items` by `compare`, in order (the whole list is never sorted). */
export function firstOf<T>(items: readonly T[], n: number, compare: (a: T, b: T) => number): T[] {
  // Asked for all of them (a late `page`): a sort is no dearer then.
  if (n >= items.length) return [...items].sort(compare);
  const kept: T[] = [];
  for (const item of items) {
    if (kept.length === n && compare(item, kept[n - 1]) >= 0) continue;
    let [lo, hi] = [0, kept.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(kept[mid], item) <= 0) lo = mid + 1;
      else hi = mid;
    }
    kept.splice(lo, 0, item);
    if (kept.length > n) kept.pop();
  }
  return kept;
}
