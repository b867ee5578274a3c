/**
 * GET /v1.1/sites/$site/posts/slug:$slug (writing.md). Found as the real service finds it: the slug
 * is sanitized like a title, then a published post of the site with that slug, else a page with it
 * in any status (WordPress's get_posts defaults to published posts; get_page_by_path does not look
 * at the status). Then answered exactly as by its ID, with the same refusals.
 */
import { ALL_COMMON, ApiError, type Ctx } from '../http';
import { requireSiteAccess } from '../permissions';
import type { Route } from '../router';
import type { Post } from '../world';
import { findSite, postAnswer } from './posts';

/** WordPress's sanitize_title (with dashes): no accents, no markup, lower case, `a-z0-9_-` only. */
function sanitizeTitle(raw: string): string {
  return raw
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/<[^>]*>/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

function bySlug(ctx: Ctx) {
  const site = findSite(ctx);
  requireSiteAccess(ctx.user, site);
  const slug = sanitizeTitle(ctx.route.post_slug);
  if (!slug) throw new ApiError(400, 'invalid_post', 'Invalid post');
  const ofSite = [...ctx.world.posts.values()].filter((p) => p.siteId === site.ID && p.slug === slug);
  const post: Post | undefined = ofSite.find((p) => p.status === 'publish') ?? ofSite.find((p) => p.type === 'page');
  if (!post) throw new ApiError(404, 'unknown_post', 'Unknown post');
  return postAnswer(ctx, site, post);
}

/** Listed before `/sites/:site/posts/:post_ID`, which would take `slug:…` for an ID. */
export const postSlugRoutes: Route[] = [
  {
    method: 'GET',
    versions: ['1.1'],
    pattern: '/sites/:site/posts/slug::post_slug',
    accepted: ALL_COMMON,
    auth: 'optional',
    handle: bySlug,
  },
];
