/**
 * The cheap status checks of a site kept in a folder (issue 34, site-sync.md), in plain Node:
 *
 * - `siteVersions`: each post's version (ID, `modified`, status, type) as the site lists it now,
 *   or only what changed since a moment (`since`, the service's clock). With nothing changed that
 *   is one request of a few hundred bytes, whatever the size of the site.
 * - `siteIds`: every ID the site lists now and every ID in its trash (`fields=ID`, paged), so a
 *   caller can tell a post deleted for good (in neither) from one in the trash.
 *
 * Both page through sitePages.ts (`page_handle`), and either answer whole or reject with the
 * client's ContentSiteError: a failed page fails the check, never half a list taken for the site.
 */
import { ContentSiteError } from '../api/errors';
import type { PostsApi } from '../api/posts';
import { PAGE_SIZE, sitePages, type ListPosts } from './sitePages';

/** What a status check asks of each post: enough to compare with the version the folder holds. */
export const VERSION_FIELDS = 'ID,modified,status,type';

export interface SiteVersion {
  id: number;
  /** As the service wrote it (its clock, ISO 8601). */
  modified: string;
  status?: string;
  type?: string;
}

export interface SiteVersions {
  /** Newest change first, as listed. */
  versions: SiteVersion[];
  /**
   * The newest `modified` listed that is not a scheduled post's (a scheduled post's `modified` is
   * its future date, a moment the site has not reached). The next check asks
   * `since: secondBefore(newest)` (sitePages.ts): the service compares whole seconds strictly, so a
   * post changed later in that same second is not missed, and the posts listed again are those
   * whose version the caller already holds. Undefined when nothing but scheduled posts was listed.
   */
  newest?: string;
  /** List requests made (one per page of 100). */
  requests: number;
}

/**
 * Every post and page of the site but the trash, as versions; with `since` (ISO 8601, passed as
 * `modified_after` unchanged), only those changed after it, and the scheduled ones (the service
 * lists them until their date).
 */
export async function siteVersions(
  posts: ListPosts,
  site: string,
  o: { since?: string; signal?: AbortSignal } = {},
): Promise<SiteVersions> {
  const versions: SiteVersion[] = [];
  let newest: string | undefined;
  let requests = 0;
  for await (const page of sitePages(posts, site, { modifiedAfter: o.since, fields: VERSION_FIELDS, signal: o.signal })) {
    requests++;
    for (const post of page.posts) {
      // A version without its time cannot be compared with the folder's: the answer is not one to act on.
      if (!post.modified || Number.isNaN(Date.parse(post.modified)))
        throw new ContentSiteError({
          kind: 'bad_response',
          userMessage: `The site listed post ${post.ID} without a readable modified time (${JSON.stringify(post.modified ?? null)}), so what changed cannot be told.`,
          request: `GET /v1.1/sites/${site}/posts/`,
        });
      versions.push({ id: post.ID, modified: post.modified, status: post.status, type: post.type });
      if (post.status !== 'future' && (!newest || Date.parse(post.modified) > Date.parse(newest))) newest = post.modified;
    }
  }
  return { versions, newest, requests };
}

export type ListAndTrash = ListPosts & Pick<PostsApi, 'trashed'>;

export interface SiteIds {
  /** Every post and page the site lists now, in any status but the trash. */
  live: Set<number>;
  /** Every ID in the site's trash (`type=any`: posts and pages, and whatever other type the trash holds, which no folder holds). */
  trashed: Set<number>;
  /** List requests made, both listings together. */
  requests: number;
}

/**
 * The IDs the site holds now, live and trashed. The two listings run side by side (three requests
 * in flight at most), which also narrows the moment a post trashed or restored between them could
 * be missing from both: a caller confirms a post in neither (its GET answers 404) before it takes
 * the post for deleted for good. A failure of either aborts the other.
 */
export async function siteIds(posts: ListAndTrash, site: string, o: { signal?: AbortSignal } = {}): Promise<SiteIds> {
  const stop = new AbortController();
  const onAbort = () => stop.abort(o.signal?.reason);
  if (o.signal?.aborted) onAbort();
  o.signal?.addEventListener('abort', onAbort, { once: true });
  let requests = 0;
  const listLive = async (): Promise<Set<number>> => {
    const ids = new Set<number>();
    for await (const page of sitePages(posts, site, { fields: 'ID', signal: stop.signal })) {
      requests++;
      for (const post of page.posts) ids.add(post.ID);
    }
    return ids;
  };
  const listTrash = async (): Promise<Set<number>> => {
    const ids = new Set<number>();
    let handle: string | undefined;
    do {
      const params = { type: 'any', number: PAGE_SIZE, fields: 'ID', ...(handle ? { page_handle: handle } : {}) } as const;
      const page = await posts.trashed(site, params, { signal: stop.signal });
      requests++;
      for (const post of page.posts) ids.add(post.ID);
      handle = page.nextPage;
    } while (handle);
    return ids;
  };
  const failFast = <T>(p: Promise<T>): Promise<T> =>
    p.catch((err: unknown) => {
      stop.abort();
      throw err;
    });
  try {
    const [live, trashed] = await Promise.all([failFast(listLive()), failFast(listTrash())]);
    return { live, trashed, requests };
  } finally {
    o.signal?.removeEventListener('abort', onAbort);
  }
}
