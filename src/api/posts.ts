import { schemas } from './lazy/loadSchemas';
import { Reactions } from './act';
import { badResponse, errorFromErrorsObject, isObject, parseWith } from './decode';
import type { FormValue } from './encode';
import { ContentSiteError, invalidInput } from './errors';
import type { CallOptions, CommonParams, Prepared, Transport } from './request';
import type { PostV1, PostV11 } from './schemas/post';
import type { TrashList } from './schemas/trash';
import { intInRange, isoDate, LIMITS, oneOf, positiveInt, postIds as checkPostIds, site as checkSite } from './validate';

export const TRASH_ORDER_BY = ['date', 'modified', 'title', 'comment_count', 'ID'] as const;
export const POST_TYPES = ['post', 'page', 'any'] as const;

export interface TrashedParams extends Pick<CommonParams, 'fields' | 'context' | 'http_envelope' | 'pretty'> {
  number?: number;
  page?: number;
  /** The `meta.next_page` of the previous page, unchanged. */
  page_handle?: string;
  order?: 'DESC' | 'ASC';
  order_by?: (typeof TRASH_ORDER_BY)[number];
  type?: (typeof POST_TYPES)[number];
  search?: string;
}

/** One page of posts, from the trash (`trashed`) or of the given statuses (`list`). */
export interface PostsPage {
  found: number;
  posts: PostV11[];
  /** Pass back as page_handle for the next page; undefined on the last page. */
  nextPage?: string;
}

export const POST_LIST_STATUSES = ['publish', 'private', 'draft', 'pending', 'future', 'trash'] as const;
export type PostListStatus = (typeof POST_LIST_STATUSES)[number];
export const WRITE_STATUSES = ['publish', 'private', 'draft', 'pending', 'future'] as const;
export type WriteStatus = (typeof WRITE_STATUSES)[number];

export interface PostListParams extends Omit<TrashedParams, 'page'> {
  /** Statuses to list, or `any` (every one but the trash); the service's default is `publish`. */
  status?: readonly PostListStatus[] | 'any';
  author?: number;
  /** ISO 8601. */
  after?: string;
  before?: string;
  modified_after?: string;
  modified_before?: string;
  /** Only posts that carry this metadata key (and, with `meta_value`, this value). */
  meta_key?: string;
  meta_value?: string;
}

/** What a create or an update sends. The whole content every time: an update without it may turn stored Markdown into HTML. */
export interface PostWrite {
  title?: string;
  content?: string;
  excerpt?: string;
  slug?: string;
  status?: WriteStatus;
  /** ISO 8601. */
  date?: string;
  /** Names, each sent whole (a comma in a name is part of it); unknown ones are created where the user may. */
  tags?: readonly string[];
  categories?: readonly string[];
  /** An attachment ID; '' removes the featured image. */
  featured_image?: number | '';
  /** `page` makes a page (posts/new only; a post stays a post): pages take a parent, an order and a template, not terms. */
  type?: 'post' | 'page';
  /** The parent page's ID (0: at the top). */
  parent?: number;
  menu_order?: number;
  page_template?: string;
  /** Metadata to set (`update`, the default), add or delete; a protected key (leading `_`) is not written. */
  metadata?: ReadonlyArray<{ key: string; value?: string; operation?: 'update' | 'add' | 'delete' }>;
}

export interface PostUpdate extends PostWrite {
  /** The `modified` the client last saw: a post changed since is refused with 409 old-revision, not overwritten. */
  if_not_modified_since?: string;
}

export type RestoreOutcome = { ok: true; post: PostV11 } | { ok: false; error: ContentSiteError };

/**
 * Term names as the service reads each one whole: an array (`tags[]=Paris, France`), since a plain
 * string is split at its commas ("Paris, France" would make two tags). No names is the empty string,
 * which removes them all (a form cannot send an empty array).
 */
function termNames(names: readonly string[] | undefined): FormValue {
  if (names === undefined) return undefined;
  return names.length ? names : '';
}

/** A posts listing's answer (the trash's, or any statuses'), read as a page. */
function postsPage(body: unknown, site: string): PostsPage {
  const list: TrashList = parseWith(schemas().trashListSchema, body, { request: `GET /v1.1/sites/${site}/posts/`, site });
  return { found: list.found, posts: list.posts, nextPage: list.meta?.next_page || undefined };
}

/** Listing, restoring; like, unlike and reply come from Reactions. */
export class PostsApi extends Reactions {
  constructor(t: Transport) {
    super(t, 'posts');
  }

  /** GET /v1.1/sites/$site/posts/?status=trash (not in the spec; shape from the real service). */
  async trashed(site: string | number, params: TrashedParams = {}, opts: CallOptions = {}): Promise<PostsPage> {
    return this.t.run(this.trashedRequest(site, params), opts.signal);
  }

  trashedRequest(site: string | number, params: TrashedParams = {}): Prepared<PostsPage> {
    const s = checkSite(site);
    const { number, page, page_handle, order, order_by, type, search, ...common } = params;
    intInRange('number', number, 1, LIMITS.trashNumber);
    positiveInt('page', page);
    oneOf('order', order, ['DESC', 'ASC'] as const);
    oneOf('order_by', order_by, TRASH_ORDER_BY);
    oneOf('type', type, POST_TYPES);
    return {
      spec: {
        method: 'GET',
        version: '1.1',
        path: `/sites/${encodeURIComponent(s)}/posts/`,
        query: { status: 'trash', number, page, page_handle, order, order_by, type, search },
        common,
        messageContext: { site: s },
      },
      parse: (body) => postsPage(body, s),
    };
  }

  /** GET /v1.1/sites/$site/posts/ in the given statuses (writing.md); `nextPage` goes back as page_handle. */
  async list(site: string | number, params: PostListParams = {}, opts: CallOptions = {}): Promise<PostsPage> {
    return this.t.run(this.listRequest(site, params), opts.signal);
  }

  listRequest(site: string | number, params: PostListParams = {}): Prepared<PostsPage> {
    const s = checkSite(site);
    const { status, fields, context, http_envelope, pretty, ...rest } = params;
    intInRange('number', rest.number, 1, LIMITS.trashNumber);
    oneOf('order', rest.order, ['DESC', 'ASC'] as const);
    oneOf('order_by', rest.order_by, TRASH_ORDER_BY);
    oneOf('type', rest.type, POST_TYPES);
    positiveInt('author', rest.author);
    for (const name of ['after', 'before', 'modified_after', 'modified_before'] as const) isoDate(name, rest[name]);
    if (Array.isArray(status)) for (const one of status) oneOf('status', one, POST_LIST_STATUSES);
    const query = { ...rest, status: status === 'any' ? 'any' : status?.join(',') };
    const common = { fields, context, http_envelope, pretty };
    return {
      spec: { method: 'GET', version: '1.1', path: `/sites/${encodeURIComponent(s)}/posts/`, query, common, messageContext: { site: s } },
      parse: (body) => postsPage(body, s),
    };
  }

  /** POST /v1.1/sites/$site/posts/new: the created post (a contributor's publish comes back `pending`). */
  async create(site: string | number, fields: PostWrite, opts: CallOptions = {}): Promise<PostV11> {
    return this.write(site, 'new', fields, opts);
  }

  /** POST /v1.1/sites/$site/posts/$ID. With `if_not_modified_since`, a post changed since is refused with 409 old-revision. */
  async update(site: string | number, postId: number, fields: PostUpdate, opts: CallOptions = {}): Promise<PostV11> {
    positiveInt('post ID', postId);
    isoDate('if_not_modified_since', fields.if_not_modified_since);
    return this.write(site, String(postId), fields, opts);
  }

  /** POST /v1.1/sites/$site/posts/$ID/delete: to the trash (status `trash`); one already there is deleted for good (`deleted`). */
  async trash(site: string | number, postId: number, opts: CallOptions = {}): Promise<PostV11> {
    const s = checkSite(site);
    positiveInt('post ID', postId);
    const path = `/sites/${encodeURIComponent(s)}/posts/${postId}/delete`;
    const body = await this.t.send({ method: 'POST', version: '1.1', path, messageContext: { site: s }, signal: opts.signal });
    return parseWith(schemas().postV11Schema, body, { request: `POST /v1.1${path}`, site: s });
  }

  private async write(site: string | number, target: string, fields: PostUpdate, opts: CallOptions): Promise<PostV11> {
    const s = checkSite(site);
    oneOf('status', fields.status, WRITE_STATUSES);
    oneOf('type', fields.type, ['post', 'page'] as const);
    isoDate('date', fields.date);
    if (fields.parent !== undefined) intInRange('parent', fields.parent, 0, Number.MAX_SAFE_INTEGER);
    if (fields.menu_order !== undefined) intInRange('menu_order', fields.menu_order, -2147483648, 2147483647);
    const { tags, categories, featured_image, metadata, ...rest } = fields;
    const form: Record<string, FormValue> = {};
    for (const [k, v] of Object.entries(rest)) if (v !== undefined) form[k] = String(v);
    form.tags = termNames(tags);
    form.categories = termNames(categories);
    if (featured_image !== undefined) form.featured_image = String(featured_image);
    metadata?.forEach((m, i) => {
      if (!m.key) throw invalidInput('Each metadata entry needs a key.');
      form[`metadata[${i}][key]`] = m.key;
      if (m.value !== undefined) form[`metadata[${i}][value]`] = m.value;
      if (m.operation) form[`metadata[${i}][operation]`] = m.operation;
    });
    const path = `/sites/${encodeURIComponent(s)}/posts/${target}`;
    const body = await this.t.send({ method: 'POST', version: '1.1', path, form, messageContext: { site: s }, signal: opts.signal });
    return parseWith(schemas().postV11Schema, body, { request: `POST /v1.1${path}`, site: s });
  }

  /** GET /v1.1/sites/$site/posts/$ID. */
  async get(
    site: string | number,
    postId: number,
    common: Pick<CommonParams, 'fields' | 'context'> = {},
    opts: CallOptions = {},
  ): Promise<PostV11> {
    return this.t.run(this.getRequest(site, postId, common), opts.signal);
  }

  /** The same request, prepared (sent alone or inside a batch). */
  getRequest(site: string | number, postId: number, common: Pick<CommonParams, 'fields' | 'context'> = {}): Prepared<PostV11> {
    const s = checkSite(site);
    positiveInt('post ID', postId);
    const path = `/sites/${encodeURIComponent(s)}/posts/${postId}`;
    return {
      spec: { method: 'GET', version: '1.1', path, common, messageContext: { site: s } },
      parse: (body) => parseWith(schemas().postV11Schema, body, { request: `GET /v1.1${path}`, site: s }),
    };
  }

  /** POST /v1.1 (default) or /v1 sites/$site/posts/$ID/restore: back to the status it had before the trash. */
  restore(site: string | number, postId: number, options: { version?: '1.1' } & CommonParams & CallOptions): Promise<PostV11>;
  restore(site: string | number, postId: number, options: { version: '1' } & CommonParams & CallOptions): Promise<PostV1>;
  restore(site: string | number, postId: number): Promise<PostV11>;
  async restore(
    site: string | number,
    postId: number,
    options: { version?: '1.1' | '1' } & CommonParams & CallOptions = {},
  ): Promise<PostV11 | PostV1> {
    const s = checkSite(site);
    positiveInt('post ID', postId);
    const { version = '1.1', signal, ...common } = options;
    const path = `/sites/${encodeURIComponent(s)}/posts/${postId}/restore`;
    const body = await this.t.send({ method: 'POST', version, path, common, messageContext: { site: s }, signal });
    const ctx = { request: `POST /v${version}${path}`, site: s };
    return version === '1' ? parseWith(schemas().postV1Schema, body, ctx) : parseWith(schemas().postV11Schema, body, ctx);
  }

  /**
   * POST /v1.1/sites/$site/posts/restore with post_ids: one request for many posts. Each id maps to
   * its restored post or the error that kept it in the trash.
   */
  async restoreMany(
    site: string | number,
    ids: readonly number[],
    common: CommonParams = {},
    opts: CallOptions = {},
  ): Promise<Map<number, RestoreOutcome>> {
    const s = checkSite(site);
    checkPostIds(ids);
    const path = `/sites/${encodeURIComponent(s)}/posts/restore`;
    const body = await this.t.send({
      method: 'POST',
      version: '1.1',
      path,
      form: { post_ids: ids },
      common,
      messageContext: { site: s },
      signal: opts.signal,
    });
    return splitRestoreResults(ids, body, { request: `POST /v1.1${path}`, site: s });
  }
}

/** Pure: `{results: {"881": post | {errors, error_data}}}` → an outcome per requested id. */
export function splitRestoreResults(
  ids: readonly number[],
  body: unknown,
  ctx: { request: string; site?: string },
): Map<number, RestoreOutcome> {
  const { results } = parseWith(schemas().restoreResultsSchema, body, ctx);
  const out = new Map<number, RestoreOutcome>();
  for (const id of ids) {
    const value = results[String(id)];
    if (!isObject(value)) {
      out.set(id, { ok: false, error: badResponse(ctx, `no result for post ${id}`) });
      continue;
    }
    const error = errorFromErrorsObject(value, ctx);
    if (error) {
      out.set(id, { ok: false, error });
      continue;
    }
    const parsed = schemas().postV11Schema.safeParse(value);
    out.set(
      id,
      parsed.success ? { ok: true, post: parsed.data } : { ok: false, error: badResponse(ctx, `post ${id} had an unexpected shape`) },
    );
  }
  return out;
}
