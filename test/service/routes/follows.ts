/** Following and unfollowing a site (the `follow` action of notes). */
import type { Ctx } from '../http';
import { requireSiteAccess } from '../permissions';
import type { Route } from '../router';
import { actRoute } from './act';
import { findSite } from './posts';

function follow(on: boolean) {
  return (ctx: Ctx) => {
    const site = findSite(ctx);
    const mine = ctx.world.follows.get(ctx.user!.ID) ?? new Set<number>();
    ctx.world.follows.set(ctx.user!.ID, mine);
    // Unfollowing is always allowed; following a private or restricted site needs membership.
    if (on && !mine.has(site.ID)) requireSiteAccess(ctx.user, site);
    if (mine.has(site.ID) !== on) {
      if (on) mine.add(site.ID);
      else mine.delete(site.ID);
    }
    return { body: { success: true, is_following: on, meta: { links: { site: `${ctx.origin}/rest/v1.1/sites/${site.ID}` } } } };
  };
}

export const followRoutes: Route[] = [
  actRoute('/sites/:site/follows/new', follow(true)),
  actRoute('/sites/:site/follows/mine/delete', follow(false)),
];
