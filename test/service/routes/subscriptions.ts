/**
 * The Reader's subscriptions (reader.md): following and unfollowing by address
 * (`read/following/mine/new|delete`, `subscribed` says the state after) and the list of followed
 * sites (`GET read/following/mine`). A subscription is a follow of a site of this service
 * (world.follows); an address where no site is found is answered `subscribed: false`, nothing done.
 */
import { ALL_COMMON, ApiError, int, str, type Ctx } from '../http';
import { canRead } from '../permissions';
import type { Route } from '../router';
import { feedIdOf, feedItemIdOf, notBlocked } from '../readerShapes';
import { iso } from '../shapes';
import { siteByIdOrDomain, type Site, type User, type World } from '../world';
import { isFollowing, setFollowing } from './follows';

const PERSONAL = 'An active access token must be used to query information about the current user.';
/** The seed's follows have no date of their own: a month before the seed's clock. */
const SEEDED_FOLLOW_AGE = 30 * 86400;

/** The site an address (the site's, or its feed's) names, or undefined; 400 for what is not an http(s) URL. */
function siteAt(ctx: Ctx): Site | undefined {
  const raw = str(ctx.params, 'url')?.trim();
  if (!raw) throw new ApiError(400, 'invalid_input', 'A "url" is required: the address of the site or feed to follow.');
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    throw new ApiError(400, 'invalid_input', `"url" is not a valid address: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ApiError(400, 'invalid_input', `"url" must be an http(s) address: ${raw}`);
  return siteByIdOrDomain(ctx.world, url.hostname);
}

export function subscriptionJson(world: World, user: User, site: Site, origin: string): Record<string, unknown> {
  const since = world.followedAt.get(`${user.ID}/${site.ID}`) ?? world.now - SEEDED_FOLLOW_AGE;
  return {
    ID: user.ID * 100_000 + site.ID,
    blog_ID: site.ID,
    feed_ID: feedIdOf(site.ID),
    URL: `https://${site.domain}`,
    date_subscribed: iso(since),
    meta: { links: { site: `${origin}/rest/v1.1/sites/${site.ID}`, feed: `${origin}/rest/v1.1/read/feed/${feedIdOf(site.ID)}` } },
  };
}

/**
 * GET read/feed/$feed_ID: a site's feed as the Reader knows it. `unseen_count` (as the real service's
 * feed carries it, for the signed-in reader) counts the feed's posts in their streams they have not seen.
 */
function feed(ctx: Ctx) {
  const raw = ctx.route.feed_ID;
  const site = /^\d+$/.test(raw) ? ctx.world.sites.get(Number(raw) - feedIdOf(0)) : undefined;
  if (!site || feedIdOf(site.ID) !== Number(raw)) throw new ApiError(404, 'unknown_feed', 'Unknown feed');
  const user = ctx.user;
  const following = user !== undefined && isFollowing(ctx.world, user, site.ID);
  // A private site's feed is its members' and its followers'.
  if (!following && !canRead(user, site)) throw new ApiError(403, 'unauthorized', 'User cannot access this private blog.');
  const seen = user ? ctx.world.seen.get(user.ID) : undefined;
  const posts = ctx.world.feed.filter((p) => p.siteId === site.ID).filter(notBlocked(ctx.world, user));
  return {
    body: {
      feed_ID: feedIdOf(site.ID),
      blog_ID: site.ID,
      name: site.name,
      URL: `https://${site.domain}`,
      feed_URL: `https://${site.domain}/feed/`,
      is_following: following,
      subscribers_count: site.subscribers,
      ...(user ? { unseen_count: posts.filter((p) => !seen?.has(feedItemIdOf(p.ID))).length } : {}),
    },
  };
}

function subscribe(on: boolean) {
  return (ctx: Ctx) => {
    const site = siteAt(ctx);
    if (!site) return { body: { subscribed: false, subscription: null } };
    setFollowing(ctx.world, ctx.user!, site, on);
    const subscribed = isFollowing(ctx.world, ctx.user!, site.ID);
    return { body: { subscribed, subscription: subscriptionJson(ctx.world, ctx.user!, site, ctx.origin) } };
  };
}

/** GET read/following/mine: the followed sites, newest subscription first, paged by `number` and `page`. */
function list(ctx: Ctx) {
  const number = int(ctx.params, 'number', { min: 1, max: 200, def: 200 });
  const page = int(ctx.params, 'page', { min: 1, def: 1 });
  const user = ctx.user!;
  const all = [...(ctx.world.follows.get(user.ID) ?? [])]
    .map((id) => ctx.world.sites.get(id))
    .filter((site): site is Site => site !== undefined)
    .map((site) => subscriptionJson(ctx.world, user, site, ctx.origin))
    .sort((a, b) => String(b.date_subscribed).localeCompare(String(a.date_subscribed)) || Number(a.blog_ID) - Number(b.blog_ID));
  return { body: { subscriptions: all.slice((page - 1) * number, page * number), total_subscriptions: all.length, page, number } };
}

const post = (pattern: string, handle: (ctx: Ctx) => { body: unknown }): Route => ({
  method: 'POST',
  versions: ['1.1'],
  pattern,
  accepted: ALL_COMMON,
  auth: 'required',
  authMessage: PERSONAL,
  handle,
});

export const subscriptionRoutes: Route[] = [
  post('/read/following/mine/new', subscribe(true)),
  post('/read/following/mine/delete', subscribe(false)),
  {
    method: 'GET',
    versions: ['1.1'],
    pattern: '/read/following/mine',
    accepted: ALL_COMMON,
    auth: 'required',
    authMessage: PERSONAL,
    handle: list,
  },
  {
    method: 'GET',
    versions: ['1.1'],
    pattern: '/read/feed/:feed_ID',
    accepted: ALL_COMMON,
    auth: 'optional',
    handle: feed,
  },
];
