/** Liking, unliking and replying to a post, and who likes it. */
import { ALL_COMMON, ApiError, type Ctx } from '../http';
import { commentJson } from '../commentShape';
import { canRead, requirePostView, requireSiteAccess } from '../permissions';
import { likerIds, likerJson } from '../likers';
import type { Route } from '../router';
import type { Post, Site } from '../world';
import { actRoute } from './act';
import { findSite } from './posts';
import { addReply } from './replies';

/** A post this user may read: published (or, for its site's members, any status but the trash). */
function readablePost(ctx: Ctx): { site: Site; post: Post } {
  const site = findSite(ctx);
  requireSiteAccess(ctx.user, site);
  const raw = ctx.route.post_ID;
  const post = /^\d+$/.test(raw) ? ctx.world.posts.get(Number(raw)) : undefined;
  if (!post || post.siteId !== site.ID || post.status === 'trash' || (post.status !== 'publish' && !canRead(ctx.user, site)))
    throw new ApiError(404, 'unknown_post', 'Unknown post');
  return { site, post };
}

function like(on: boolean) {
  return (ctx: Ctx) => {
    const { site, post } = readablePost(ctx);
    const likers = ctx.world.postLikes.get(post.ID) ?? new Set<number>();
    ctx.world.postLikes.set(post.ID, likers);
    if (likers.has(ctx.user!.ID) !== on) {
      if (on) {
        likers.add(ctx.user!.ID);
        post.likeCount++;
      } else {
        likers.delete(ctx.user!.ID);
        post.likeCount--;
      }
    }
    const self = `${ctx.origin}/rest/v1.1/sites/${site.ID}/posts/${post.ID}`;
    return {
      body: {
        success: true,
        i_like: on,
        like_count: post.likeCount,
        meta: { links: { site: `${ctx.origin}/rest/v1.1/sites/${site.ID}`, post: self } },
      },
    };
  };
}

/** GET …/likes/: who likes the post; `found` is its like_count. */
function likes(ctx: Ctx) {
  const { site, post } = readablePost(ctx);
  requirePostView(ctx.user, site, post);
  const known = ctx.world.postLikes.get(post.ID) ?? new Set<number>();
  const ids = likerIds(known, post.likeCount, post.ID);
  return {
    body: {
      found: post.likeCount,
      i_like: ctx.user !== undefined && known.has(ctx.user.ID),
      can_like: ctx.user !== undefined,
      site_ID: site.ID,
      post_ID: post.ID,
      likes: ids.slice(0, post.likeCount).map((id) => likerJson(ctx.world, id, site.ID)),
    },
  };
}

function reply(ctx: Ctx) {
  const { site, post } = readablePost(ctx);
  const created = addReply(ctx, site, post, 0);
  return { body: commentJson(ctx.world, created, ctx.origin, ctx.user?.ID) };
}

export const postActionRoutes: Route[] = [
  actRoute('/sites/:site/posts/:post_ID/likes/new', like(true)),
  actRoute('/sites/:site/posts/:post_ID/likes/mine/delete', like(false)),
  actRoute('/sites/:site/posts/:post_ID/replies/new', reply),
  {
    method: 'GET',
    versions: ['1', '1.1'],
    pattern: '/sites/:site/posts/:post_ID/likes/',
    accepted: ALL_COMMON,
    auth: 'optional',
    handle: likes,
  },
];
