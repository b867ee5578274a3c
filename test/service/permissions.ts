/**
 * Who may do what: site visibility, role capabilities and the per-post checks of restore, each
 * failing with exactly the status, identifier and message of the spec's error table.
 */
import { ApiError } from './http';
import { roleOn, type Post, type Role, type Site, type User, type World } from './world';

interface Caps {
  edit_posts: boolean;
  delete_posts: boolean;
  publish_posts: boolean;
  edit_others_posts: boolean;
  delete_others_posts: boolean;
}

const ROLE_CAPS: Record<Role, Caps> = {
  administrator: { edit_posts: true, delete_posts: true, publish_posts: true, edit_others_posts: true, delete_others_posts: true },
  editor: { edit_posts: true, delete_posts: true, publish_posts: true, edit_others_posts: true, delete_others_posts: true },
  author: { edit_posts: true, delete_posts: true, publish_posts: true, edit_others_posts: false, delete_others_posts: false },
  contributor: { edit_posts: true, delete_posts: false, publish_posts: false, edit_others_posts: false, delete_others_posts: false },
  subscriber: { edit_posts: false, delete_posts: false, publish_posts: false, edit_others_posts: false, delete_others_posts: false },
};

const NO_CAPS: Caps = ROLE_CAPS.subscriber;

export function capsOf(user: User | undefined, site: Site): Caps {
  const role = roleOn(user, site);
  return role ? ROLE_CAPS[role] : NO_CAPS;
}

/** Private and restricted sites answer only to their members. */
export function requireSiteAccess(user: User | undefined, site: Site): void {
  if (site.visibility === 'public' || roleOn(user, site)) return;
  if (site.visibility === 'private') throw new ApiError(403, 'unauthorized', 'User cannot access this private blog.');
  throw new ApiError(403, 'unauthorized', 'User cannot access this restricted blog');
}

export function canRead(user: User | undefined, site: Site): boolean {
  return site.visibility === 'public' || roleOn(user, site) !== undefined;
}

/** The post-specific permissions of the spec's `capabilities` object. */
export function postCapabilities(
  user: User | undefined,
  site: Site,
  post: Post,
): { publish_post: boolean; edit_post: boolean; delete_post: boolean } {
  const caps = capsOf(user, site);
  const own = user !== undefined && post.authorId === user.ID;
  return {
    publish_post: caps.publish_posts && (own || caps.edit_others_posts),
    edit_post: caps.edit_posts && (own || caps.edit_others_posts),
    delete_post: caps.delete_posts && (own || caps.delete_others_posts),
  };
}

const BUILTIN_TYPES = ['post', 'page', 'revision', 'attachment'];
const ALLOWED_MIME = /^(image|video|audio)\/|^application\/pdf$/;

/** Every refusal of restore, in the order the service checks them. */
export function checkRestore(world: World, user: User | undefined, site: Site, post: Post): void {
  requireSiteAccess(user, site);
  const role = roleOn(user, site);
  if (!role) throw new ApiError(403, 'unauthorized', 'User cannot restore trashed posts');
  if (!BUILTIN_TYPES.includes(post.type) && !site.allowedPostTypes.includes(post.type))
    throw new ApiError(400, 'invalid_field', 'Invalid API FIELD');
  const caps = ROLE_CAPS[role];
  if (!caps.edit_posts) throw new ApiError(403, 'unauthorized', 'User cannot edit posts');
  if (!caps.delete_posts) throw new ApiError(403, 'unauthorized', 'User cannot delete posts');
  if (!postCapabilities(user, site, post).delete_post) throw new ApiError(403, 'unauthorized', 'User cannot delete post');
  if (post.type === 'attachment' && !ALLOWED_MIME.test(post.mimeType ?? '')) throw new ApiError(403, 'invalid_input', 'Invalid file type.');
  if (!site.seoToolsEnabled && post.metadata.some((m) => m.key.startsWith('advanced_seo_')))
    throw new ApiError(403, 'unauthorized', 'SEO tools are not enabled for this site.');
  if (post.statusBeforeTrash === 'publish') {
    const author = world.users.get(post.authorId);
    if (!capsOf(author, site).publish_posts) throw new ApiError(403, 'unauthorized', 'Assigned author cannot publish post.');
  }
  if (post.status !== 'trash') throw new ApiError(400, 'not_in_trash', 'The post is not in the trash.');
}

/** Moderating comments (approve, spam, trash) is for the site's administrators and editors. */
export function canModerate(user: User | undefined, site: Site): boolean {
  const role = roleOn(user, site);
  return role === 'administrator' || role === 'editor';
}

/** WordPress's manage_categories (the categories' and the tags' edit_terms): administrators and editors. */
export function canManageCategories(user: User | undefined, site: Site): boolean {
  const role = roleOn(user, site);
  return role === 'administrator' || role === 'editor';
}

/**
 * WordPress's edit_comment: the site's moderators, and whoever may edit the post the comment is on.
 * It lets one read a comment that is not approved, read it with context=edit, and change its text.
 */
export function canEditComment(user: User | undefined, site: Site, post: Post | undefined): boolean {
  return canModerate(user, site) || (post !== undefined && postCapabilities(user, site, post).edit_post);
}

/** A post that is not published is for those who may edit it (the real user_can_view_post). */
export function requirePostView(user: User | undefined, site: Site, post: Post): void {
  if (post.status !== 'publish' && !postCapabilities(user, site, post).edit_post)
    throw new ApiError(403, 'unauthorized', 'User cannot view post');
}
