/**
 * A post's stored revisions (site-sync.md, "Revisions of a post"): GET /v1.1/sites/$site/post/$ID/diffs/,
 * read (schemas/revisions.ts, in the schemas' part) into the revisions newest last and each diff's counts.
 */
import { parseWith } from './decode';
import { schemas } from './schemasLoad';
import type { Prepared } from './request';
import type { PostRevisions } from './schemas/revisions';
import { positiveInt, site as checkSite } from './validate';

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
