/**
 * A site's categories and tags (site-data.md): `GET /sites/$site/categories` and `…/tags` (`number`
 * default 100, at most 1000; `offset` or `page`; `search` in the name or slug; `order_by` name or
 * count; `order`), answered `{found, categories | tags}`, and one term by its slug
 * (`…/categories/slug:$slug`, 404 unknown_taxonomy when the site has none). Each term's post_count
 * is counted from the posts (terms.ts). context=edit is for those who may edit terms
 * (manage_categories), as the real service's format_taxonomy checks.
 */
import { ALL_COMMON, ApiError, int, oneOf, str, type Ctx } from '../http';
import { canManageCategories, requireSiteAccess } from '../permissions';
import type { Route } from '../router';
import { postCount, termJson, termsOf } from '../terms';
import type { Site, Taxonomy } from '../world';
import { context, findSite } from './posts';

const KEY: Record<Taxonomy, 'categories' | 'tags'> = { category: 'categories', post_tag: 'tags' };

function requireEditContext(ctx: Ctx, site: Site): void {
  if (context(ctx) === 'edit' && !canManageCategories(ctx.user, site)) throw new ApiError(403, 'unauthorized', 'User cannot edit taxonomy');
}

function listTerms(taxonomy: Taxonomy) {
  return (ctx: Ctx) => {
    const site = findSite(ctx);
    requireSiteAccess(ctx.user, site);
    requireEditContext(ctx, site);
    const p = ctx.params;
    // As the real service: a number below 1 is the default; above 1000 is refused.
    const asked = int(p, 'number', {});
    if (asked !== undefined && asked > 1000)
      throw new ApiError(400, 'invalid_number', 'The number parameter must be less than or equal to 1000.');
    const number = asked === undefined || asked < 1 ? 100 : asked;
    const page = int(p, 'page', {});
    const offset = page !== undefined ? (Math.max(page, 1) - 1) * number : Math.max(int(p, 'offset', {}) ?? 0, 0);
    const search = str(p, 'search')?.toLowerCase();
    const orderBy = oneOf(p, 'order_by', ['name', 'count'] as const, 'name');
    const order = oneOf(p, 'order', ['ASC', 'DESC'] as const, 'ASC');
    const counted = termsOf(ctx.world, site.ID, taxonomy)
      .filter((t) => !search || t.name.toLowerCase().includes(search) || t.slug.includes(search))
      .map((term) => ({ term, count: postCount(ctx.world, term) }));
    counted.sort((a, b) => {
      const c = orderBy === 'count' ? a.count - b.count || a.term.name.localeCompare(b.term.name) : a.term.name.localeCompare(b.term.name);
      return order === 'ASC' ? c : -c;
    });
    return {
      body: {
        found: counted.length,
        [KEY[taxonomy]]: counted.slice(offset, offset + number).map(({ term }) => termJson(ctx.world, term, ctx.origin)),
      },
    };
  };
}

function oneTerm(taxonomy: Taxonomy) {
  return (ctx: Ctx) => {
    const site = findSite(ctx);
    requireSiteAccess(ctx.user, site);
    const term = termsOf(ctx.world, site.ID, taxonomy).find((t) => t.slug === ctx.route.term_slug);
    if (!term) throw new ApiError(404, 'unknown_taxonomy', 'Unknown taxonomy');
    requireEditContext(ctx, site);
    return { body: termJson(ctx.world, term, ctx.origin) };
  };
}

const get = (pattern: string, handle: Route['handle']): Route => ({
  method: 'GET',
  versions: ['1', '1.1'],
  pattern,
  accepted: ALL_COMMON,
  auth: 'optional',
  handle,
});

export const termRoutes: Route[] = [
  get('/sites/:site/categories', listTerms('category')),
  get('/sites/:site/tags', listTerms('post_tag')),
  get('/sites/:site/categories/slug::term_slug', oneTerm('category')),
  get('/sites/:site/tags/slug::term_slug', oneTerm('post_tag')),
];
