/**
 * The reference service's state: users, sites, posts, notes, tokens and OAuth clients. Plain data
 * that the routes read and change; `seed.ts` builds it, `POST /__control/reset` rebuilds it.
 */
export type Role = 'administrator' | 'editor' | 'author' | 'contributor' | 'subscriber';
export type Visibility = 'public' | 'private' | 'restricted';
export type PostStatus = 'publish' | 'draft' | 'pending' | 'private' | 'future' | 'trash' | 'auto-draft';

export interface User {
  ID: number;
  login: string;
  name: string;
  email: string;
  primaryBlog: number;
  /** site ID → role */
  roles: Record<number, Role>;
  lastSeenTime: number;
  followedTags: Array<{ ID: number; slug: string; title: string }>;
}

export interface Site {
  ID: number;
  domain: string;
  name: string;
  description: string;
  visibility: Visibility;
  jetpack: boolean;
  lang: string;
  subscribers: number;
  /** Post types other than post, page and revision that rest_api_allowed_post_types lets through. */
  allowedPostTypes: string[];
  seoToolsEnabled: boolean;
  /** `comment_moderation`: a comment by someone who may not moderate here waits as `unapproved`. */
  holdsComments?: boolean;
}

export interface Attachment {
  ID: number;
  URL: string;
  guid: string;
  mime_type: string;
  width: number;
  height: number;
}

export interface Post {
  ID: number;
  siteId: number;
  authorId: number;
  date: number;
  modified: number;
  title: string;
  content: string;
  excerpt: string;
  slug: string;
  status: PostStatus;
  /** `_wp_trash_meta_status`: the status the post had before it was trashed. */
  statusBeforeTrash?: PostStatus;
  type: string;
  mimeType?: string;
  sticky: boolean;
  password: string;
  format: string;
  tags: string[];
  categories: string[];
  attachments: Attachment[];
  metadata: Array<{ id: string; key: string; value: string }>;
  commentCount: number;
  likeCount: number;
  revisions: number[];
  /** `comment_status` closed: replies are refused with `comments_closed`. */
  commentsClosed?: boolean;
  /** Content stored as a client sent it (HTML with its own paragraphs): answered as is in every context. */
  storedAsSent?: boolean;
  /** The attachment chosen as the featured image (`featured_image` on a write). */
  featuredImage?: number;
  /** Pages only: the parent page's ID (0 or absent: a top-level page). */
  parent?: number;
  /** Pages only: their order among their siblings. */
  menuOrder?: number;
  /** Pages only: the template in use ('' is the theme's default). */
  pageTemplate?: string;
}

/**
 * One saved state of a post (WordPress's revision, a post of its own): the title, content and
 * excerpt after a save, and who saved it. `Post.revisions` names a post's, oldest first; the
 * newest is the post as it stands.
 */
export interface Revision {
  id: number;
  postId: number;
  title: string;
  content: string;
  excerpt: string;
  /** The post's date at that save. */
  date: number;
  /** When the save was made. */
  modified: number;
  /** Who saved it (not necessarily the post's author). */
  authorId: number;
}

export type Taxonomy = 'category' | 'post_tag';

/**
 * A category or a tag of a site. Posts name their terms (`Post.categories`, `Post.tags`); a term's
 * `post_count` is counted from the posts each time it is answered, so it always agrees with them.
 */
export interface Term {
  ID: number;
  siteId: number;
  taxonomy: Taxonomy;
  name: string;
  slug: string;
  description: string;
  /** Categories only: the parent category's ID, 0 at the top. */
  parent: number;
}

/** An item of a site's media library, its bytes kept to be served at its URL. */
export interface MediaItem {
  ID: number;
  siteId: number;
  authorId: number;
  /** The file's name in the library (unique on the site). */
  file: string;
  URL: string;
  mime_type: string;
  width?: number;
  height?: number;
  title: string;
  alt: string;
  caption: string;
  /** The item's description (its post_content); '' when none was given. */
  description?: string;
  date: number;
  postId: number;
  data: Buffer;
}

export type CommentStatus = 'approved' | 'unapproved' | 'spam' | 'trash';

/** A comment on a post of a site of this service. */
export interface Comment {
  ID: number;
  siteId: number;
  postId: number;
  /** A user of this service, or an outside commenter (IDs 4000+) known only by name. */
  authorId: number;
  authorName: string;
  date: number;
  content: string;
  status: CommentStatus;
  /** The comment this one replies to; 0 for a top-level comment. */
  parent: number;
  /** Users who like it. */
  likes: Set<number>;
  /** `comment` when absent. */
  type?: CommentType;
  /** The status it had before it went to the spam or the trash (what `unspam` and `untrash` go back to). */
  statusBefore?: CommentStatus;
}

export type CommentType = 'comment' | 'trackback' | 'pingback';

export type ActionName = 'approve-comment' | 'spam-comment' | 'trash-comment' | 'like-comment' | 'replyto-comment' | 'like-post' | 'follow';

/**
 * Where a note shows keyed `actions` (the real service's form): a body block (block shape) or a
 * template item, the actions offered there, and the ids they act on. Values are read from the
 * world each time the note is rendered, so acting shows in the next fetch.
 */
export interface NoteActionSpot {
  /** Index into the body blocks (block shape) or into `body.items` (template shape). */
  index: number;
  names: ActionName[];
  ids: { site: number; post?: number; comment?: number; user?: number };
}

/**
 * A post of a followed blog as the Reader shows it. One of a site of this service is also stored
 * as a Post (same ID), which holds its live counts and comments; an external feed's post
 * (`external`) is only here: it cannot be liked or commented on through the API.
 */
export interface FeedPost {
  ID: number;
  siteId: number;
  siteName: string;
  siteUrl: string;
  sitePrivate: boolean;
  external: boolean;
  authorName: string;
  date: number;
  title: string;
  content: string;
  excerpt: string;
  slug: string;
  tags: string[];
  likeCount: number;
  commentCount: number;
  commentsClosed?: boolean;
}

export interface FeaturedPost extends FeedPost {
  pickedOn: number;
  headline: string;
}

export type NoteBody = Record<string, unknown> | Array<Record<string, unknown>>;

export interface Note {
  id: number;
  userId: number;
  type: string;
  noticon: string;
  timestamp: number;
  unread: number;
  subject: Record<string, unknown> | Array<Record<string, unknown>>;
  body: NoteBody;
  snippet?: string;
  /** The block shape's heading blocks (what the note is about) and short title ("Mention"), as real notes carry them. */
  header?: Array<Record<string, unknown>>;
  title?: string;
  status?: Record<string, unknown>;
  meta: { ids: Record<string, number>; links: Record<string, string> };
  /** Real payloads sometimes say `read` instead of `unread` and give an ISO timestamp. */
  legacyShape?: boolean;
  /** Similar notes that `trap=1` folds into this one. */
  trapGroup?: string;
  /** The note's own content, as a number: part of its `note_hash` (noteActions.ts `noteReader`); bumped when the note is edited by hand. */
  hash: number;
  actionSpots?: NoteActionSpot[];
}

export interface Token {
  token: string;
  userId: number;
  clientId: string;
  expiresAt: number;
  revoked: boolean;
  blogId: number;
  scope: string;
}

export interface Client {
  id: string;
  name: string;
  redirectUris: string[];
  redirectUriPrefixes: string[];
}

export interface World {
  now: number;
  users: Map<number, User>;
  sites: Map<number, Site>;
  posts: Map<number, Post>;
  /** The followed blogs' posts: each reader's read/following shows those of the sites they follow. */
  feed: FeedPost[];
  featured: FeaturedPost[];
  notes: Note[];
  tokens: Map<string, Token>;
  clients: Map<string, Client>;
  nextId: number;
  /** Every post's revisions by ID (`Post.revisions` names them); gone with their post. */
  revisions: Map<number, Revision>;
  /** The next revision's ID: its own range, so saving a revision moves no other ID of the seed. */
  nextRevisionId: number;
  comments: Map<number, Comment>;
  /** post ID → users who like it (on top of the post's seeded likeCount). */
  postLikes: Map<number, Set<number>>;
  /** user ID → IDs of the sites they follow. */
  follows: Map<number, Set<number>>;
  /** `${user ID}/${site ID}` → when that user followed that site (UNIX seconds). */
  followedAt: Map<string, number>;
  /** user ID → IDs of the sites they blocked: those sites' posts leave every stream of theirs. */
  blocks: Map<number, Set<number>>;
  /** user ID → the feed item IDs (`feed_item_ID`) of the Reader posts they have seen. */
  seen: Map<number, Set<number>>;
  media: Map<number, MediaItem>;
  /** Every site's categories and tags. */
  terms: Term[];
  /** Largest upload accepted, in bytes (rest_upload_file_too_big above it). */
  uploadLimit: number;
  /** Bytes left in the sites' storage (rest_upload_limited_space when an upload needs more). */
  spaceLeft: number;
}

export function siteByIdOrDomain(world: World, key: string): Site | undefined {
  if (/^\d+$/.test(key)) return world.sites.get(Number(key));
  const domain = key.toLowerCase();
  for (const site of world.sites.values()) if (site.domain === domain) return site;
  return undefined;
}

export function roleOn(user: User | undefined, site: Site): Role | undefined {
  return user?.roles[site.ID];
}
