/**
 * A Reader post as the real service answers it (reader.md): the spec's feed fields plus what a
 * reader acts on, read live from the world for the user asking (`is_following`, `is_seen`,
 * `i_like`, the counts and whether comments are open, from the stored post when there is one).
 */
import { iso } from './shapes';
import type { FeaturedPost, FeedPost, User, World } from './world';

/** Each site is also a feed of the Reader; its ID is derived from the site's, as one number space. */
export const feedIdOf = (siteId: number): number => 40_000_000 + siteId;
/** A Reader post's item in its site's feed: one per post ID (the seed's Reader post IDs are unique). */
export const feedItemIdOf = (postId: number): number => 60_000_000 + postId;

export function feedPostJson(
  world: World,
  p: FeedPost,
  origin: string,
  user: User | undefined,
  contentWidth?: number,
): Record<string, unknown> {
  const content =
    contentWidth === undefined
      ? p.content
      : p.content.replace(/width="(\d+)" height="(\d+)"/g, (_, w: string, h: string) =>
          Number(w) > contentWidth
            ? `width="${contentWidth}" height="${Math.round((Number(h) * contentWidth) / Number(w))}"`
            : `width="${w}" height="${h}"`,
        );
  // An external feed's post is not a post of a site here: nothing to like or comment on.
  const stored = p.external ? undefined : world.posts.get(p.ID);
  const open = stored !== undefined && !stored.commentsClosed;
  return {
    ID: p.ID,
    site_ID: p.siteId,
    feed_ID: feedIdOf(p.siteId),
    feed_item_ID: feedItemIdOf(p.ID),
    pseudo_ID: `${p.siteId}-${p.ID}-${p.slug}`,
    is_external: p.external,
    site_name: p.siteName,
    site_URL: p.siteUrl,
    feed_URL: `${p.siteUrl}/feed/`,
    site_is_private: p.sitePrivate,
    author: {
      ID: 4000 + (p.ID % 7),
      email: false,
      name: p.authorName,
      nice_name: p.authorName.toLowerCase().replace(/ /g, ''),
      URL: p.siteUrl,
      avatar_URL: `https://gravatar.example/avatar/${encodeURIComponent(p.authorName)}?s=96`,
      profile_URL: `https://gravatar.example/${encodeURIComponent(p.authorName)}`,
    },
    date: iso(p.date),
    modified: iso(p.date),
    title: p.title,
    URL: `${p.siteUrl}/${p.slug}/`,
    short_URL: `https://wp.example/p${p.siteId}-${p.ID}`,
    content,
    excerpt: p.excerpt,
    slug: p.slug,
    guid: `${p.siteUrl}/?p=${p.ID}`,
    status: 'publish',
    sticky: false,
    password: '',
    parent: false,
    type: 'post',
    comments_open: open,
    pings_open: open,
    discussion: { comments_open: open, comment_status: open ? 'open' : 'closed', pings_open: open },
    likes_enabled: stored !== undefined,
    sharing_enabled: true,
    comment_count: stored?.commentCount ?? p.commentCount,
    like_count: stored?.likeCount ?? p.likeCount,
    i_like: user !== undefined && (world.postLikes.get(p.ID)?.has(user.ID) ?? false),
    is_reblogged: false,
    is_following: user !== undefined && (world.follows.get(user.ID)?.has(p.siteId) ?? false),
    is_seen: user !== undefined && (world.seen.get(user.ID)?.has(feedItemIdOf(p.ID)) ?? false),
    global_ID: String(p.siteId * 100000 + p.ID),
    featured_image: '',
    post_thumbnail: null,
    format: 'standard',
    geo: false,
    publicize_URLs: [],
    tags: Object.fromEntries(p.tags.map((t, i) => [t, { ID: 700 + i, name: t, slug: t, description: '', post_count: 10 }])),
    categories: {},
    attachments: {},
    metadata: false,
    meta: { links: { self: `${origin}/rest/v1.1/sites/${p.siteId}/posts/${p.ID}`, site: `${origin}/rest/v1/sites/${p.siteId}` } },
  };
}

export function featuredPostJson(
  world: World,
  p: FeaturedPost,
  origin: string,
  user: User | undefined,
  opts: { contentWidth: number; thumbWidth: number; thumbHeight: number },
): Record<string, unknown> {
  return {
    ...feedPostJson(world, p, origin, user, opts.contentWidth),
    editorial: {
      blog_id: String(p.siteId),
      post_id: String(p.ID),
      image: `${p.siteUrl}/img/featured-${p.ID}.jpg?w=${opts.thumbWidth}&h=${opts.thumbHeight}&crop=1`,
      custom_headline: p.headline,
      custom_blog_title: p.siteName,
      displayed_on: iso(p.pickedOn + 1800)
        .replace('T', ' ')
        .replace('+00:00', ''),
      picked_on: iso(p.pickedOn).replace('T', ' ').replace('+00:00', ''),
      highlight_topic: p.tags[0] ?? '',
      highlight_topic_title: (p.tags[0] ?? '').replace(/^./, (c) => c.toUpperCase()),
      screen_offset: '0',
      blog_name: p.siteName,
      site_id: String(p.siteId),
    },
  };
}

/** Whether a Reader post may show in `user`'s streams: not of a site they blocked. */
export function notBlocked(world: World, user: User | undefined): (p: FeedPost) => boolean {
  const blocked = user ? world.blocks.get(user.ID) : undefined;
  return (p) => !blocked?.has(p.siteId);
}
