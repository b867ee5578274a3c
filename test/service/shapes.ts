/** Turns stored records into the JSON shapes of the spec and of the real service. */
import { displayContent } from './display';
import { capsOf, postCapabilities } from './permissions';
import { findTerm, termJson, termSlug } from './terms';
import type { Post, Site, Taxonomy, User, World } from './world';

/** As the service writes dates (Unix seconds → ISO 8601, +00:00). */
export const iso = (t: number): string => new Date(t * 1000).toISOString().replace(/\.\d{3}Z$/, '+00:00');

/** A post's term in the post's `tags`/`categories`: the site's term of that name (terms.ts). */
function term(world: World, origin: string, siteId: number, name: string, taxonomy: Taxonomy): Record<string, unknown> {
  // Writes register every name they keep (postWrite.ts); a name a test put on a post by hand is shown unsaved.
  const found = findTerm(world, siteId, taxonomy, name) ?? {
    ID: 0,
    siteId,
    taxonomy,
    name,
    slug: termSlug(name),
    description: '',
    parent: 0,
  };
  return termJson(world, found, origin);
}

export function authorOf(world: World, userId: number, siteId: number): Record<string, unknown> {
  const u = world.users.get(userId);
  const login = u?.login ?? `user${userId}`;
  return {
    ID: userId,
    login,
    email: false,
    name: u?.name ?? login,
    first_name: '',
    last_name: '',
    nice_name: login,
    URL: '',
    avatar_URL: `https://gravatar.example/avatar/${login}?s=96`,
    profile_URL: `https://gravatar.example/${login}`,
    site_ID: siteId,
  };
}

/** context=edit keeps the raw text: no paragraph tags. */
export const forContext = (html: string, context: string): string =>
  context === 'edit' ? html.replace(/<\/?p>/g, '').replace(/\n+/g, '\n\n') : html;

/** A page's parent as the real service refers to it (`{ID, type, link, title}`), else false. */
function parentOf(world: World, site: Site, post: Post, origin: string): Record<string, unknown> | false {
  const parent = post.parent ? world.posts.get(post.parent) : undefined;
  if (!parent || parent.siteId !== site.ID) return false;
  return { ID: parent.ID, type: parent.type, link: `${origin}/rest/v1.1/sites/${site.ID}/posts/${parent.ID}`, title: parent.title };
}

function common(world: World, site: Site, post: Post, user: User | undefined, origin: string, context: string): Record<string, unknown> {
  const url = `https://${site.domain}/${new Date(post.date * 1000).toISOString().slice(0, 7).replace('-', '/')}/${post.slug}/`;
  const newest = [...post.attachments].slice(-20).reverse();
  const chosen = post.featuredImage !== undefined ? world.media.get(post.featuredImage) : undefined;
  const featured = chosen
    ? {
        ID: chosen.ID,
        URL: chosen.URL,
        guid: chosen.URL,
        mime_type: chosen.mime_type,
        width: chosen.width ?? 0,
        height: chosen.height ?? 0,
      }
    : newest[0];
  const self = `${origin}/rest/v1.1/sites/${site.ID}/posts/${post.ID}`;
  const trusted = user !== undefined && user.roles[site.ID] !== undefined;
  const metadata = post.metadata.filter((m) => !m.key.startsWith('_') || trusted);
  return {
    ID: post.ID,
    site_ID: site.ID,
    author: authorOf(world, post.authorId, site.ID),
    date: iso(post.date),
    modified: iso(post.modified),
    title: post.title,
    URL: url,
    short_URL: `https://wp.example/p${site.ID}-${post.ID}`,
    // Content written through the API (and the seed's block and classic posts) is stored as it came:
    // edit answers it as it is, display as the site renders it. The rest of the seed keeps its display form.
    content: post.storedAsSent ? (context === 'edit' ? post.content : displayContent(world, post)) : forContext(post.content, context),
    excerpt: forContext(post.excerpt, context),
    slug: post.slug,
    guid: `https://${site.domain}/?p=${post.ID}`,
    status: post.status,
    sticky: post.sticky,
    password: post.password,
    parent: parentOf(world, site, post, origin),
    type: post.type,
    likes_enabled: true,
    sharing_enabled: true,
    like_count: post.likeCount,
    i_like: user !== undefined && (world.postLikes.get(post.ID)?.has(user.ID) ?? false),
    is_reblogged: false,
    is_following: user !== undefined && (world.follows.get(user.ID)?.has(site.ID) ?? false),
    global_ID: `${site.ID}-${post.ID}`.split('').reverse().join(''),
    featured_image: featured?.URL ?? '',
    post_thumbnail: featured
      ? {
          ID: featured.ID,
          URL: featured.URL,
          guid: featured.guid,
          mime_type: featured.mime_type,
          width: featured.width,
          height: featured.height,
        }
      : null,
    featured_media: {},
    format: post.format,
    geo: false,
    ...(post.type === 'page' ? { menu_order: post.menuOrder ?? 0, page_template: post.pageTemplate ?? '' } : {}),
    publicize_URLs: [],
    tags: Object.fromEntries(post.tags.map((t) => [t, term(world, origin, site.ID, t, 'post_tag')])),
    categories: Object.fromEntries(post.categories.map((c) => [c, term(world, origin, site.ID, c, 'category')])),
    attachments: Object.fromEntries(newest.map((a) => [String(a.ID), a])),
    attachment_count: post.attachments.length,
    metadata: metadata.length ? metadata : false,
    meta: {
      links: {
        self,
        help: `${self}/help`,
        site: `${origin}/rest/v1.1/sites/${site.ID}`,
        replies: `${self}/replies/`,
        likes: `${self}/likes/`,
      },
    },
    capabilities: postCapabilities(user, site, post),
  };
}

export function postV11(
  world: World,
  site: Site,
  post: Post,
  user: User | undefined,
  origin: string,
  context = 'display',
): Record<string, unknown> {
  const { attachment_count, ...rest } = common(world, site, post, user, origin, context);
  return {
    ...rest,
    discussion: {
      comments_open: !post.commentsClosed,
      comment_status: post.commentsClosed ? 'closed' : 'open',
      pings_open: true,
      ping_status: 'open',
      comment_count: post.commentCount,
    },
    terms: {
      category: rest.categories,
      post_tag: rest.tags,
      post_format: {},
      mentions: {},
    },
    attachment_count,
    other_URLs: { permalink_URL: `https://${site.domain}/%year%/%monthnum%/%postname%/`, suggested_slug: post.slug },
    ...(context === 'edit' ? { revisions: post.revisions } : {}),
  };
}

export function postV1(
  world: World,
  site: Site,
  post: Post,
  user: User | undefined,
  origin: string,
  context = 'display',
): Record<string, unknown> {
  const c = common(world, site, post, user, origin, context);
  const caps = c.capabilities as Record<string, boolean>;
  return {
    ...c,
    comments_open: !post.commentsClosed,
    pings_open: true,
    comment_count: post.commentCount,
    current_user_can: { publish_post: caps.publish_post, delete_post: caps.delete_post, edit_post: caps.edit_post },
  };
}

export function siteJson(site: Site, origin: string, user: User | undefined, world: World): Record<string, unknown> {
  const self = `${origin}/rest/v1/sites/${site.ID}`;
  let postCount = 0;
  // As WordPress counts a site's posts: published posts of type post (pages and the rest are not).
  for (const p of world.posts.values()) if (p.siteId === site.ID && p.type === 'post' && p.status === 'publish') postCount++;
  return {
    ID: site.ID,
    name: site.name,
    description: site.description,
    URL: `https://${site.domain}`,
    jetpack: site.jetpack,
    post_count: postCount,
    subscribers_count: site.subscribers,
    lang: site.lang,
    is_private: site.visibility !== 'public',
    is_following: user !== undefined && user.roles[site.ID] !== undefined,
    // Only for users who may edit posts, as the real service answers (its options are many; these are the writing ones).
    ...(capsOf(user, site).edit_posts
      ? { options: { max_upload_size: world.uploadLimit, allowed_file_types: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'pdf'] } }
      : {}),
    meta: {
      links: {
        self,
        help: `${self}/help`,
        posts: `${self}/posts/`,
        comments: `${self}/comments/`,
        xmlrpc: `https://${site.domain}/xmlrpc.php`,
      },
    },
  };
}
