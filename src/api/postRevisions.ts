/**
 * A post's stored revisions (site-sync.md, "Revisions of a post"): GET /v1.1/sites/$site/post/$ID/diffs/,
 * read (schemas/revisions.ts, in the schemas' part) into the revisions newest last and each diff's counts.
 */
import { parseWith } from './decode';
import { schemas } from './lazy/loadSchemas';
import type { Prepared } from './request';
import { positiveInt, site as checkSite } from './validate';

export interface PostRevision {
  id: number;
  title: string;
  /** The post's content as the site stores it (HTML, block comments kept). */
  content: string;
  /** The post's date (`post_date_gmt`), ISO 8601; the revision's `modified` when the post had none. */
  date: string;
  /** When this revision was saved (`post_modified_gmt`), ISO 8601. */
  modified: string;
  /** The user ID of whoever saved it. */
  author: number;
}

/** What changed from revision `from` (0: from nothing) to `to`, in words added and deleted. */
export interface RevisionDiff {
  from: number;
  to: number;
  add: number;
  del: number;
}

export interface PostRevisions {
  /** Oldest first, newest last. */
  revisions: PostRevision[];
  /** In the order of their `to` revision. */
  diffs: RevisionDiff[];
}

/** The request, prepared (sent by PostsApi.revisions). */
export function revisionsRequest(site: string | number, postId: number): Prepared<PostRevisions> {
  const s = checkSite(site);
  positiveInt('post ID', postId);
  const path = `/sites/${encodeURIComponent(s)}/post/${postId}/diffs/`;
  return {
    spec: { method: 'GET', version: '1.1', path, messageContext: { site: s } },
    parse: (body) => parseWith(schemas().revisionsAnswerSchema, body, { request: `GET /v1.1${path}`, site: s }),
  };
}
