/** GET /v1.1/users/suggest: authors, editors and administrators of a site, for mentions. */
import { ALL_COMMON, ApiError, int, str, type Ctx } from '../http';
import { requireSiteAccess } from '../permissions';
import type { Route } from '../router';
import { siteByIdOrDomain, type Site } from '../world';

const WRITERS = ['administrator', 'editor', 'author'];

function suggest(ctx: Ctx) {
  const p = ctx.params;
  const domain = str(p, 'site');
  const siteId = str(p, 'site_id');
  let site: Site | undefined;
  if (domain) site = siteByIdOrDomain(ctx.world, domain);
  else if (siteId && /^\d+$/.test(siteId)) site = ctx.world.sites.get(Number(siteId));
  // Neither: the token's own blog, as the real service answers (site-data.md).
  else if (siteId === undefined && ctx.token) site = ctx.world.sites.get(ctx.token.blogId);
  if (!site) throw new ApiError(403, 'invalid_query', 'Missing or invalid site id.');
  requireSiteAccess(ctx.user, site);
  if (!WRITERS.includes(ctx.user!.roles[site.ID] ?? '')) throw new ApiError(404, 'unknown_user', 'User does not exist.');
  const size = int(p, 'image_size', { min: 1, max: 2048, def: 96 });
  const filter = str(p, 'filter')?.toLowerCase();
  const suggestions = [...ctx.world.users.values()]
    .filter((u) => WRITERS.includes(u.roles[site.ID] ?? ''))
    .filter(
      (u) =>
        !filter ||
        u.login.toLowerCase().startsWith(filter) ||
        u.name
          .toLowerCase()
          .split(' ')
          .some((w) => w.startsWith(filter)),
    )
    .map((u) => ({
      ID: u.ID,
      user_login: u.login,
      display_name: u.name,
      source: ['same-site'],
      classes: '',
      image_URL: `https://gravatar.example/avatar/${u.login}?s=${size}&d=mm`,
    }));
  return { body: { suggestions } };
}

export const userRoutes: Route[] = [
  {
    method: 'GET',
    versions: ['1.1'],
    pattern: '/users/suggest',
    accepted: ALL_COMMON,
    auth: 'required',
    authMessage: 'An active access token must be used to query information about users.',
    handle: suggest,
  },
];
