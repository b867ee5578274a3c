/**
 * `GET /v1.1/sites/$site/post-counts/$post_type` (site-data.md): how many posts of a type are in
 * each status, the site's (`all`) and the user's own (`mine`), and with `author` that author's.
 * As the real service counts: a token is required; everyone gets `publish`, and those who may edit
 * posts also draft, pending, private, future and trash; a status with no posts is left out. The
 * types are post, page and those the site lets through rest_api_allowed_post_types; any other is
 * 404 unknown_post_type.
 */
import { ALL_COMMON, ApiError, int, type Ctx } from '../http';
import { capsOf, requireSiteAccess } from '../permissions';
import type { Route } from '../router';
import type { Post, PostStatus } from '../world';
import { findSite } from './posts';

const EDITOR_STATUSES: readonly PostStatus[] = ['publish', 'draft', 'pending', 'private', 'future', 'trash'];

function counts(posts: Post[], statuses: readonly PostStatus[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const status of statuses) {
    const n = posts.filter((p) => p.status === status).length;
    if (n > 0) out[status] = n;
  }
  return out;
}

function postCounts(ctx: Ctx) {
  const site = findSite(ctx);
  requireSiteAccess(ctx.user, site);
  const type = ctx.route.post_type;
  if (type !== 'post' && type !== 'page' && !site.allowedPostTypes.includes(type))
    throw new ApiError(404, 'unknown_post_type', 'Unknown post type requested.');
  const author = int(ctx.params, 'author', { min: 1 });
  const statuses = capsOf(ctx.user, site).edit_posts ? EDITOR_STATUSES : (['publish'] as const);
  const ofType = [...ctx.world.posts.values()].filter((p) => p.siteId === site.ID && p.type === type);
  const by = (id: number) => ofType.filter((p) => p.authorId === id);
  return {
    body: {
      counts: {
        all: counts(ofType, statuses),
        mine: counts(by(ctx.user!.ID), statuses),
        ...(author !== undefined ? { author: counts(by(author), statuses) } : {}),
      },
    },
  };
}

export const postCountRoutes: Route[] = [
  {
    method: 'GET',
    versions: ['1.1'],
    pattern: '/sites/:site/post-counts/:post_type',
    accepted: ALL_COMMON,
    auth: 'required',
    authMessage: 'An active access token must be used to retrieve post counts.',
    handle: postCounts,
  },
];
