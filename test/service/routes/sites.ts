/** GET /v1/sites/$site, by ID or domain (also under v1.1, as service-facts' batch example uses it). */
import type { Ctx } from '../http';
import { requireSiteAccess } from '../permissions';
import type { Route } from '../router';
import { siteJson } from '../shapes';
import { findSite } from './posts';

function getSite(ctx: Ctx) {
  const site = findSite(ctx);
  requireSiteAccess(ctx.user, site);
  return { body: siteJson(site, ctx.origin, ctx.user, ctx.world) };
}

export const siteRoutes: Route[] = [
  {
    method: 'GET',
    versions: ['1', '1.1'],
    pattern: '/sites/:site',
    accepted: ['http_envelope', 'pretty', 'callback'],
    auth: 'optional',
    handle: getSite,
  },
];
