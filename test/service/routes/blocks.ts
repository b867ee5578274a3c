/** Blocking a site (reader.md): its posts leave every Reader stream of the user's; unblocking brings them back. */
import type { Ctx } from '../http';
import type { Route } from '../router';
import { actRoute } from './act';
import { findSite } from './posts';

function block(on: boolean) {
  return (ctx: Ctx) => {
    const site = findSite(ctx);
    const mine = ctx.world.blocks.get(ctx.user!.ID) ?? new Set<number>();
    ctx.world.blocks.set(ctx.user!.ID, mine);
    if (on) mine.add(site.ID);
    else mine.delete(site.ID);
    return { body: { success: true } };
  };
}

export const blockRoutes: Route[] = [
  actRoute('/me/block/sites/:site/new', block(true)),
  actRoute('/me/block/sites/:site/delete', block(false)),
];
