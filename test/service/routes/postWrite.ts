/**
 * Writing posts (writing.md): create (`posts/new`), update (`posts/$ID`, refusing a stale one with
 * 409 `old-revision` when `if_not_modified_since` is older than the post), and delete (to the trash,
 * then for good, its revisions along). A save that changes the text stores a revision
 * (revisions.ts). Roles as the real service has them: a user who may edit but not publish gets a
 * publish saved as `pending` without a word; an author touches only their own posts.
 */
import { ALL_COMMON, ApiError, int, str, type Ctx, type Params } from '../http';
import { canManageCategories, capsOf, requireSiteAccess } from '../permissions';
import { addTerm, findTerm } from '../terms';
import type { Route } from '../router';
import { postV11 } from '../shapes';
import type { Post, PostStatus, Site, Taxonomy, User } from '../world';
import { context, findPost, findSite } from './posts';
import { dropRevisions, saveRevision } from '../revisions';

const WRITE_STATUSES: readonly PostStatus[] = ['publish', 'private', 'draft', 'pending', 'future'];

const slugOf = (title: string): string =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'post';

/** A slug not yet taken on the site (WordPress appends -2, -3…). */
function uniqueSlug(ctx: Ctx, site: Site, wanted: string, self?: number): string {
  const taken = (slug: string) => [...ctx.world.posts.values()].some((p) => p.siteId === site.ID && p.ID !== self && p.slug === slug);
  let slug = wanted;
  for (let n = 2; taken(slug); n++) slug = `${wanted}-${n}`;
  return slug;
}

/**
 * Names or IDs, each once, as the real service reads them: an array (`tags[]=a`, `tags[0]=a`, a JSON
 * array) item by item, each item whole, commas and all ("Paris, France" is one tag); a string split at
 * its commas. Each name trimmed, empty ones dropped (`tags=` removes every tag).
 */
function terms(params: Params, name: string): string[] | undefined {
  const raw = params[name];
  if (raw === undefined) return undefined;
  const items: unknown[] = typeof raw === 'string' ? raw.split(',') : Array.isArray(raw) ? raw : Object.values(raw);
  if (!items.every((t): t is string => typeof t === 'string'))
    throw new ApiError(400, 'invalid_input', `"${name}" must be names or IDs: a comma-separated string or a list.`);
  return [...new Set(items.map((t) => t.trim()).filter(Boolean))];
}

/**
 * The names of the site's terms a write asks for, as the real service resolves them: a whole number
 * is a term ID (unknown: ignored); a name (or slug) the site has is that term; a new name is created
 * only for a user with manage_categories (the taxonomies' edit_terms), else left out without a word.
 */
function resolveTerms(ctx: Ctx, site: Site, taxonomy: Taxonomy, asked: string[]): string[] {
  const out: string[] = [];
  for (const item of asked) {
    let term = findTerm(ctx.world, site.ID, taxonomy, /^\d+$/.test(item) ? Number(item) : item);
    if (!term && !/^\d+$/.test(item) && canManageCategories(ctx.user, site)) term = addTerm(ctx.world, site.ID, taxonomy, item);
    if (term && !out.includes(term.name)) out.push(term.name);
  }
  return out;
}

/** The site's default category (Uncategorized), made when the site has none yet. */
function defaultCategory(ctx: Ctx, site: Site): string {
  const found = findTerm(ctx.world, site.ID, 'category', 1) ?? findTerm(ctx.world, site.ID, 'category', 'Uncategorized');
  return (found ?? addTerm(ctx.world, site.ID, 'category', 'Uncategorized')).name;
}

/** The types a write may make: post, page, and those the site lets through rest_api_allowed_post_types. */
function typeParam(params: Params, site: Site): string | undefined {
  const raw = str(params, 'type');
  if (raw === undefined || raw === '') return undefined;
  if (raw !== 'post' && raw !== 'page' && !site.allowedPostTypes.includes(raw))
    throw new ApiError(404, 'unknown_post_type', 'Unknown post type');
  return raw;
}

/** Templates the demo theme offers a page; any other is ignored (as WordPress does). */
export const PAGE_TEMPLATES = ['full-width', 'no-sidebar', 'landing'];

function dateParam(params: Params): number | undefined {
  const raw = str(params, 'date');
  if (raw === undefined || raw === '') return undefined;
  const t = Date.parse(raw);
  if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(t)) throw new ApiError(400, 'invalid_input', 'Invalid date.');
  return Math.floor(t / 1000);
}

function statusParam(params: Params): PostStatus | undefined {
  const raw = str(params, 'status');
  if (raw === undefined || raw === '') return undefined;
  if (!WRITE_STATUSES.includes(raw as PostStatus)) throw new ApiError(400, 'invalid_input', 'Invalid post status.');
  return raw as PostStatus;
}

/**
 * `metadata[i][key|value|operation]` (writing.md): `update` (the default) sets the key's value, `add`
 * adds one more, `delete` removes it. Protected keys (a leading `_`) are not written through the API.
 */
function applyMetadata(ctx: Ctx, post: Post): void {
  const raw = ctx.params.metadata;
  if (raw === undefined) return;
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw new ApiError(400, 'invalid_input', '"metadata" must be a list of key and value objects.');
  for (const entry of Object.values(raw as Record<string, Record<string, string> | string>)) {
    if (typeof entry !== 'object' || !entry.key) throw new ApiError(400, 'invalid_input', 'Each "metadata" entry needs a key.');
    if (entry.key.startsWith('_')) continue;
    const op = entry.operation ?? 'update';
    if (op === 'delete') post.metadata = post.metadata.filter((m) => m.key !== entry.key);
    else if (entry.value === undefined) continue;
    else if (op === 'add' || !post.metadata.some((m) => m.key === entry.key))
      post.metadata = [...post.metadata, { id: String(ctx.world.nextId++), key: entry.key, value: entry.value }];
    else post.metadata = post.metadata.map((m) => (m.key === entry.key ? { ...m, value: entry.value } : m));
  }
}

/** Who may write this post at all: edit rights on the site, and on someone else's post, the right to edit others'. */
function requireEdit(user: User | undefined, site: Site, post?: Post): void {
  const caps = capsOf(user, site);
  if (!caps.edit_posts) throw new ApiError(403, 'unauthorized', post ? 'User cannot edit posts' : 'User cannot publish posts');
  if (post && post.authorId !== user?.ID && !caps.edit_others_posts) throw new ApiError(403, 'unauthorized', 'User cannot edit post');
}

/** The status a write leaves: publish with a future date is scheduled; a user who may not publish gets pending. */
function settledStatus(ctx: Ctx, site: Site, wanted: PostStatus, date: number): PostStatus {
  let status = wanted;
  if (status === 'publish' && date > ctx.world.now) status = 'future';
  if (status === 'future' && date <= ctx.world.now) status = 'publish';
  if ((status === 'publish' || status === 'future' || status === 'private') && !capsOf(ctx.user, site).publish_posts) status = 'pending';
  return status;
}

/** A new `modified`: the service's now, and always later than the post's last one (two saves never read alike). */
const nextModified = (ctx: Ctx, post?: Post): number => Math.max(ctx.world.now, (post?.modified ?? 0) + 1);

/** The fields a write may set, applied to `post`. */
function apply(ctx: Ctx, site: Site, post: Post, creating: boolean): void {
  const p = ctx.params;
  const title = str(p, 'title');
  const content = str(p, 'content');
  const excerpt = str(p, 'excerpt');
  if (creating && !title && !content && !excerpt) throw new ApiError(400, 'invalid_input', 'Invalid request input');
  const date = dateParam(p);
  const wanted = statusParam(p);
  const type = typeParam(p, site);
  if (type !== undefined) post.type = type;
  const menuOrder = int(p, 'menu_order', {});
  const tags = terms(p, 'tags');
  const categories = terms(p, 'categories');
  // `parent` is a page's: another post of the site (0 or empty: none); other types ignore it.
  const rawParent = post.type === 'page' ? str(p, 'parent') : undefined;
  let parent: number | undefined;
  if (rawParent !== undefined && rawParent !== '') {
    const found = /^\d+$/.test(rawParent) ? ctx.world.posts.get(Number(rawParent)) : undefined;
    if (rawParent !== '0' && (!found || found.siteId !== site.ID || found.ID === post.ID))
      throw new ApiError(400, 'invalid_input', 'Invalid parent.');
    parent = Number(rawParent);
  }
  const featured = str(p, 'featured_image');
  if (featured !== undefined && featured !== '') {
    const media = /^\d+$/.test(featured) ? ctx.world.media.get(Number(featured)) : undefined;
    if (!media || media.siteId !== site.ID) throw new ApiError(400, 'invalid_input', 'Invalid featured image.');
  }
  if (title !== undefined) post.title = title;
  if (content !== undefined) {
    post.content = content;
    post.storedAsSent = true;
  }
  if (excerpt !== undefined) post.excerpt = excerpt;
  const slug = str(p, 'slug');
  if (slug) post.slug = uniqueSlug(ctx, site, slugOf(slug), post.ID);
  else if (creating) post.slug = uniqueSlug(ctx, site, slugOf(post.title), post.ID);
  // The last input that may be refused, before terms are made: a refused write makes none.
  applyMetadata(ctx, post);
  // Categories and tags do not apply to pages (nor to other types here).
  if (post.type === 'post') {
    if (tags) post.tags = resolveTerms(ctx, site, 'post_tag', tags);
    if (categories) {
      const kept = resolveTerms(ctx, site, 'category', categories);
      post.categories = kept.length ? kept : [defaultCategory(ctx, site)];
    } else if (creating) post.categories = [defaultCategory(ctx, site)];
  } else {
    post.tags = [];
    post.categories = [];
  }
  if (post.type === 'page') {
    if (parent !== undefined) post.parent = parent || undefined;
    if (menuOrder !== undefined) post.menuOrder = menuOrder;
    const template = str(p, 'page_template');
    if (template !== undefined && (template === '' || template === 'default')) post.pageTemplate = '';
    else if (template !== undefined && PAGE_TEMPLATES.includes(template)) post.pageTemplate = template;
  }
  if (featured !== undefined) post.featuredImage = featured === '' ? undefined : Number(featured);
  const wasPublished = post.status === 'publish' || post.status === 'future' || post.status === 'private';
  if (date !== undefined) post.date = date;
  // No status on a new post publishes: `publish` is the first value of the real service's documented enum.
  const status = wanted ?? (creating ? 'publish' : post.status);
  // Publishing a draft whose date is in the past (or that never had one) dates it now.
  if (status === 'publish' && !wasPublished && date === undefined) post.date = ctx.world.now;
  post.status = settledStatus(ctx, site, status, post.date);
  post.modified = nextModified(ctx, post);
  if (post.status === 'future') post.modified = Math.max(post.modified, post.date);
}

function createPost(ctx: Ctx) {
  const site = findSite(ctx);
  requireSiteAccess(ctx.user, site);
  requireEdit(ctx.user, site);
  const ID = ctx.world.nextId++;
  const post: Post = {
    ID,
    siteId: site.ID,
    authorId: ctx.user!.ID,
    date: ctx.world.now,
    modified: ctx.world.now,
    title: '',
    content: '',
    excerpt: '',
    slug: '',
    status: 'draft',
    type: 'post',
    sticky: false,
    password: '',
    format: 'standard',
    tags: [],
    categories: [],
    attachments: [],
    metadata: [],
    commentCount: 0,
    likeCount: 0,
    revisions: [],
    storedAsSent: true,
  };
  apply(ctx, site, post, true);
  ctx.world.posts.set(ID, post);
  saveRevision(ctx.world, post, ctx.user!.ID);
  return { body: postV11(ctx.world, site, post, ctx.user, ctx.origin, context(ctx)) };
}

function updatePost(ctx: Ctx) {
  const site = findSite(ctx);
  requireSiteAccess(ctx.user, site);
  const post = findPost(ctx, site, ctx.route.post_ID);
  requireEdit(ctx.user, site, post);
  const seen = str(ctx.params, 'if_not_modified_since');
  if (seen) {
    const t = Date.parse(seen);
    if (Number.isNaN(t)) throw new ApiError(400, 'invalid_input', '"if_not_modified_since" must be an ISO 8601 datetime.');
    if (post.modified > Math.floor(t / 1000))
      throw new ApiError(409, 'old-revision', 'There is a revision of this post that is more recent.');
  }
  // Nothing is written when any field is refused: apply to a copy, then keep it.
  const next: Post = { ...post, tags: [...post.tags], categories: [...post.categories], metadata: [...post.metadata] };
  apply(ctx, site, next, false);
  Object.assign(post, next);
  // The one who saved is the revision's author: another user's edit shows as theirs (site-sync.md).
  saveRevision(ctx.world, post, ctx.user!.ID);
  return { body: postV11(ctx.world, site, post, ctx.user, ctx.origin, context(ctx)) };
}

/** To the trash; a post already there is deleted for good (answered once more, status `deleted`). */
function deletePost(ctx: Ctx) {
  const site = findSite(ctx);
  requireSiteAccess(ctx.user, site);
  const post = findPost(ctx, site, ctx.route.post_ID);
  const caps = capsOf(ctx.user, site);
  const own = post.authorId === ctx.user?.ID;
  if (!caps.delete_posts || (!own && !caps.delete_others_posts)) throw new ApiError(403, 'unauthorized', 'User cannot delete post');
  if (post.status === 'trash') {
    ctx.world.posts.delete(post.ID);
    dropRevisions(ctx.world, post);
    return { body: { ...postV11(ctx.world, site, post, ctx.user, ctx.origin, context(ctx)), status: 'deleted' } };
  }
  post.statusBeforeTrash = post.status;
  post.status = 'trash';
  post.modified = nextModified(ctx, post);
  return { body: postV11(ctx.world, site, post, ctx.user, ctx.origin, context(ctx)) };
}

const AUTH = 'An active access token must be used to write posts.';
const write = (pattern: string, handle: (ctx: Ctx) => unknown): Route => ({
  method: 'POST',
  versions: ['1.1'],
  pattern,
  accepted: ALL_COMMON,
  auth: 'required',
  authMessage: AUTH,
  handle: handle as Route['handle'],
});

export const postWriteRoutes: Route[] = [
  write('/sites/:site/posts/new', createPost),
  write('/sites/:site/posts/:post_ID(\\d+)', updatePost),
  write('/sites/:site/posts/:post_ID(\\d+)/delete', deletePost),
];
