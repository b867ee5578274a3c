/**
 * A tag's posts (GET /v1.1/read/tags/$tag/posts) as a prepared request: a tag's row in the Reader
 * pages it through the list core (client.reader.tagPostsRequest), and ReaderActions reads it whole.
 */
import { parseWith } from './decode';
import { invalidInput } from './errors';
import { feedPagingQuery, type FeedPaging } from './feedPaging';
import type { CommonParams, Prepared } from './request';
import type { Following } from './schemas/reader';
import { schemas } from './schemasLoad';

export interface TagPostsParams extends FeedPaging, Pick<CommonParams, 'http_envelope' | 'pretty' | 'meta' | 'context'> {}

/** A tag as a path names it: its slug (letters, digits, `-`, `_`), lowercased. */
export function tagSlug(tag: string): string {
  const slug = typeof tag === 'string' ? tag.trim().toLowerCase() : '';
  if (!/^[\p{L}\p{N}_-]{1,100}$/u.test(slug))
    throw invalidInput(`A tag is its slug: letters, digits, "-" or "_", at most 100 (got "${String(tag)}").`);
  return slug;
}

/** The tag's posts, newest first by default. */
export function tagPostsRequest(tag: string, params: TagPostsParams = {}): Prepared<Following> {
  const slug = tagSlug(tag);
  const { number, page, order, after, before, ...common } = params;
  const query = feedPagingQuery({ number, page, order, after, before });
  const path = `/read/tags/${encodeURIComponent(slug)}/posts`;
  return {
    spec: { method: 'GET', version: '1.1', path, query, common },
    parse: (body) => parseWith(schemas().followingSchema, body, { request: `GET /v1.1${path}` }),
  };
}
