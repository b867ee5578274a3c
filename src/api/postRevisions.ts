/**
 * A post's stored revisions (site-sync.md, "Revisions of a post"): GET /v1.1/sites/$site/post/$ID/diffs/,
 * read into the revisions newest last and each diff's counts. The real service sends the diffs
 * newest first and the revisions as a map by ID (WordPressKit's recording); the reference service
 * sends both oldest first: the order here is the revisions' own, by when each was saved.
 */
import { parseWith } from './decode';
import { schemas } from './lazy/loadSchemas';
import type { Prepared } from './request';
import type { RevisionsAnswer } from './schemas/revisions';
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

/** The revisions of the answer, newest last; the diffs in the same order. */
export function readRevisions(answer: RevisionsAnswer): PostRevisions {
  const revisions = Object.values(answer.revisions)
    .map((r): PostRevision => ({
      id: r.id,
      title: r.post_title,
      content: r.post_content,
      date: r.post_date_gmt ?? r.post_modified_gmt,
      modified: r.post_modified_gmt,
      author: r.post_author,
    }))
    // ISO dates of one form sort as text; two saved in the same second go by ID (WordPress counts them up).
    .sort((a, b) => (a.modified < b.modified ? -1 : a.modified > b.modified ? 1 : a.id - b.id));
  const place = new Map(revisions.map((r, i) => [r.id, i]));
  const diffs = answer.diffs
    .filter((d) => place.has(d.to))
    .map((d): RevisionDiff => ({ from: d.from, to: d.to, add: d.diff.totals?.add ?? 0, del: d.diff.totals?.del ?? 0 }))
    .sort((a, b) => (place.get(a.to) ?? 0) - (place.get(b.to) ?? 0));
  return { revisions, diffs };
}

/** The request, prepared (sent by PostsApi.revisions). */
export function revisionsRequest(site: string | number, postId: number): Prepared<PostRevisions> {
  const s = checkSite(site);
  positiveInt('post ID', postId);
  const path = `/sites/${encodeURIComponent(s)}/post/${postId}/diffs/`;
  return {
    spec: { method: 'GET', version: '1.1', path, messageContext: { site: s } },
    parse: (body) => readRevisions(parseWith(schemas().revisionsAnswerSchema, body, { request: `GET /v1.1${path}`, site: s })),
  };
}
