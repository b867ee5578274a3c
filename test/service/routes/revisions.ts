/**
 * `GET /sites/$site/post/$post_ID/diffs/` (site-sync.md): a post's stored revisions and the diff
 * from each to the next, oldest first, as the mobile apps read them (their `RevisionsResponse`):
 * `{diffs: [{from, to, diff: {post_title, post_content, totals: {add, del}}}], revisions: {<id>:
 * {post_title, post_content, post_excerpt, post_date_gmt, post_modified_gmt, post_author, id}}}`.
 * The first diff is `from: 0` (from nothing). For those who may edit the post.
 */
import { ApiError, type Ctx } from '../http';
import { postCapabilities, requireSiteAccess } from '../permissions';
import { revisionsOf } from '../revisions';
import type { Route } from '../router';
import { textDiff } from '../textDiff';
import { findPost, findSite } from './posts';

/** As WordPress stores a GMT date (`post_date_gmt`): `2026-11-01 12:00:00`. */
const gmt = (t: number): string => new Date(t * 1000).toISOString().slice(0, 19).replace('T', ' ');

function diffs(ctx: Ctx) {
  const site = findSite(ctx);
  requireSiteAccess(ctx.user, site);
  const post = findPost(ctx, site, ctx.route.post_ID);
  if (!postCapabilities(ctx.user, site, post).edit_post) throw new ApiError(403, 'unauthorized', 'User cannot view revisions of this post');
  const revisions = revisionsOf(ctx.world, post);
  return {
    body: {
      diffs: revisions.map((r, i) => {
        const before = revisions[i - 1];
        const title = textDiff(before?.title ?? '', r.title);
        const content = textDiff(before?.content ?? '', r.content);
        return {
          from: before?.id ?? 0,
          to: r.id,
          diff: {
            post_title: title.parts,
            post_content: content.parts,
            totals: { add: title.add + content.add, del: title.del + content.del },
          },
        };
      }),
      revisions: Object.fromEntries(
        revisions.map((r) => [
          String(r.id),
          {
            post_title: r.title,
            post_content: r.content,
            post_excerpt: r.excerpt,
            post_date_gmt: gmt(r.date),
            post_modified_gmt: gmt(r.modified),
            // The service sends the author's ID as a string, as WordPress stores it.
            post_author: String(r.authorId),
            id: r.id,
          },
        ]),
      ),
    },
  };
}

export const revisionRoutes: Route[] = [
  {
    method: 'GET',
    versions: ['1.1'],
    pattern: '/sites/:site/post/:post_ID/diffs/',
    // No context (the revisions are raw already) and no meta (the answer links nothing).
    accepted: ['http_envelope', 'pretty', 'fields', 'callback'],
    auth: 'required',
    authMessage: 'An active access token must be used to read revisions.',
    handle: diffs,
  },
];
