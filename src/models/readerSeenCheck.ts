/**
 * Asking the service whether Reader posts are seen, to settle a seen mark whose answer was lost:
 * the service tells a post's `is_seen` only in its streams (reader.md), so the posts are read again
 * from Following between their oldest and newest dates (inclusive), and those not found there (a
 * featured post, a site no longer followed) from their tag's stream the same way. A post found in
 * neither is left out: its state stays unknown, never guessed. No vscode here.
 */
import type { ContentSiteClient, FeedPost } from '../api';
import { LIMITS } from '../api/validate';
import { refKey, refOf } from './readerPostEffects';

/** Pages read per stream at most: a seen mark covers a page or a few of posts. */
const MAX_PAGES = 5;

/** Each post's `is_seen` as the service answers it now, by `refKey`; a post not found is not in the map. */
export async function seenOnService(client: ContentSiteClient, posts: readonly FeedPost[]): Promise<Map<string, boolean>> {
  const found = new Map<string, boolean>();
  const missing = () => posts.filter((p) => !found.has(refKey(refOf(p))));
  await readStream(posts, found, (paging) => client.reader.following(paging));
  const byTag = new Map<string, FeedPost[]>();
  for (const p of missing()) {
    const tag = Object.values(p.tags ?? {})[0]?.slug;
    if (tag) byTag.set(tag, [...(byTag.get(tag) ?? []), p]);
  }
  if (byTag.size > 0) {
    const actions = await client.reader.actions();
    for (const [tag, some] of byTag) await readStream(some, found, (paging) => actions.tagPosts(tag, paging));
  }
  return found;
}

interface Paging {
  number: number;
  page: number;
  after: string;
  before: string;
}

async function readStream(
  posts: readonly FeedPost[],
  found: Map<string, boolean>,
  read: (paging: Paging) => Promise<{ posts: FeedPost[] }>,
): Promise<void> {
  const dates = posts.map((p) => Date.parse(p.date ?? '')).filter((t) => !Number.isNaN(t));
  if (dates.length === 0) return;
  const wanted = new Set(posts.map((p) => refKey(refOf(p))));
  const after = new Date(Math.min(...dates)).toISOString();
  const before = new Date(Math.max(...dates)).toISOString();
  const number = LIMITS.feedNumber;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await read({ number, page, after, before });
    for (const p of answer.posts) {
      const key = refKey(refOf(p));
      if (wanted.has(key) && typeof p.is_seen === 'boolean') found.set(key, p.is_seen);
    }
    if (answer.posts.length < number || [...wanted].every((k) => found.has(k))) return;
  }
}
