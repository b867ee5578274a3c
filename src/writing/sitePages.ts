/**
 * Every post and page of a site (any status but the trash), a page of 100 at a time, newest change
 * first, paged by `page_handle` (site-sync.md): one list request per 100 posts, content as stored
 * (`context=edit`), so nothing is fetched again post by post. The next page is asked for while the
 * caller writes this one: two requests' worth in memory and in flight at most, never the whole site.
 * The client backs off on 429 as it always does.
 */
import type { PostListParams, PostsApi, PostsPage } from '../api/posts';

/** The most a listing's page holds (the service's bound). */
export const PAGE_SIZE = 100;

const SYNC_LISTING: PostListParams = {
  type: 'any',
  status: 'any',
  context: 'edit',
  number: PAGE_SIZE,
  order_by: 'modified',
  order: 'DESC',
};

export type ListPosts = Pick<PostsApi, 'list'>;

/**
 * The site's pages of posts, in order; with `modifiedAfter` (ISO 8601, the service's clock), only
 * the posts changed since. With `fields` (e.g. `ID,modified`), only those fields of each post and no
 * `context=edit`: a status check or a comparison of IDs needs no content, a few dozen bytes a post
 * instead of a few kilobytes. Stops asking when the caller stops reading (the request already asked
 * for is aborted with `signal`, and its failure then is nobody's).
 */
export async function* sitePages(
  posts: ListPosts,
  site: string,
  o: { modifiedAfter?: string; fields?: string; signal?: AbortSignal } = {},
): AsyncGenerator<PostsPage> {
  const { context: _edit, ...fewFields } = SYNC_LISTING;
  const params: PostListParams = {
    ...(o.fields ? { ...fewFields, fields: o.fields } : SYNC_LISTING),
    ...(o.modifiedAfter ? { modified_after: o.modifiedAfter } : {}),
  };
  let next: Promise<PostsPage> = posts.list(site, params, { signal: o.signal });
  for (;;) {
    const page = await next;
    if (page.nextPage) {
      next = posts.list(site, { ...params, page_handle: page.nextPage }, { signal: o.signal });
      // Awaited on the next turn; when the caller stops first, its failure (an abort) is not unhandled.
      next.catch(() => undefined);
    }
    yield page;
    if (!page.nextPage) return;
  }
}

/** A moment for `modified_after` one second before `modified` (the service compares whole seconds, strictly). */
export function secondBefore(modified: string): string {
  return new Date(Date.parse(modified) - 1000).toISOString().replace(/\.\d+Z$/, 'Z');
}
