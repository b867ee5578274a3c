/**
 * Following and unfollowing a site by its ID (the `follow` action of notes, and the Reader), and
 * whether the user follows it. What the Reader's subscriptions list (subscriptions.ts) reads.
 */
import { ALL_COMMON, type Ctx } from '../http';
import { requireSiteAccess } from '../permissions';
import type { Route } from '../router';
import type { Site, User, World } from '../world';
import { actRoute } from './act';
import { findSite } from './posts';

/** Follows (on) or unfollows `site` for `user`: following a private or restricted site needs membership. */
export function setFollowing(world: World, user: User, site: Site, on: boolean): void {
  const mine = world.follows.get(user.ID) ?? new Set<number>();
  world.follows.set(user.ID, mine);
  // Unfollowing is always allowed.
  if (on && !mine.has(site.ID)) requireSiteAccess(user, site);
  if (mine.has(site.ID) === on) return;
  if (on) {
    mine.add(site.ID);
    world.followedAt.set(`${user.ID}/${site.ID}`, world.now);
  } else {
    mine.delete(site.ID);
    world.followedAt.delete(`${user.ID}/${site.ID}`);
  }
}

export const isFollowing = (world: World, user: User, siteId: number): boolean => world.follows.get(user.ID)?.has(siteId) ?? false;

function follow(on: boolean) {
  return (ctx: Ctx) => {
    const site = findSite(ctx);
    setFollowing(ctx.world, ctx.user!, site, on);
    return { body: { success: true, is_following: on, meta: { links: { site: `${ctx.origin}/rest/v1.1/sites/${site.ID}` } } } };
  };
}

/** GET …/follows/mine: whether the user follows the site (their own state: asked even of a private site they follow). */
function mine(ctx: Ctx) {
  const site = findSite(ctx);
  return { body: { is_following: isFollowing(ctx.world, ctx.user!, site.ID) } };
}

export const followRoutes: Route[] = [
  actRoute('/sites/:site/follows/new', follow(true)),
  actRoute('/sites/:site/follows/mine/delete', follow(false)),
  {
    method: 'GET',
    versions: ['1.1'],
    pattern: '/sites/:site/follows/mine',
    accepted: ALL_COMMON,
    auth: 'required',
    authMessage: 'An active access token must be used to query information about the current user.',
    handle: mine,
  },
];
