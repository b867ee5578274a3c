/** Liking, unliking and replying to a post. */
import { ApiError, type Ctx } from '../http';
import { commentJson } from '../commentShape';
import { touchNotesWhere } from '../noteActions';
import { canRead, requireSiteAccess } from '../permissions';
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
      touchNotesWhere(ctx.world, (ids) => ids.post === post.ID && ids.site === site.ID);
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

function reply(ctx: Ctx) {
  const { site, post } = readablePost(ctx);
  const created = addReply(ctx, site, post, 0);
  return { body: commentJson(ctx.world, created, ctx.origin, ctx.user?.ID) };
}

export const postActionRoutes: Route[] = [
  actRoute('/sites/:site/posts/:post_ID/likes/new', like(true)),
  actRoute('/sites/:site/posts/:post_ID/likes/mine/delete', like(false)),
  actRoute('/sites/:site/posts/:post_ID/replies/new', reply),
];
