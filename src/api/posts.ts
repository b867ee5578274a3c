import { schemas } from './schemasLoad';
import { Reactions } from './act';
import { parseWith } from './decode';
import { revisionsRequest } from './postRevisions';
import type { PostChanges } from './postChanges';
import type { CallOptions, CommonParams, Prepared, Transport } from './request';
import type { PostV1, PostV11 } from './schemas/post';
import type { PostRevisions } from './schemas/revisions';
import type { TrashList } from './schemas/trash';
import { intInRange, isoDate, LIMITS, oneOf, positiveInt, site as checkSite } from './validate';

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

import { POST_LIST_STATUSES, type PostListStatus, type PostUpdate, type PostWrite, type RestoreOutcome } from './postTypes';
export {
  POST_LIST_STATUSES,
  WRITE_STATUSES,
  type PostListStatus,
  type PostUpdate,
  type PostWrite,
  type RestoreOutcome,
  type WriteStatus,
} from './postTypes';

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
  /** Only posts in this category, or with this tag (a slug or a name). */
  category?: string;
  tag?: string;
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

  private changer?: PostChanges;

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
    return (await this.changes()).write(site, 'new', fields, opts);
  }

  /** POST /v1.1/sites/$site/posts/$ID. With `if_not_modified_since`, a post changed since is refused with 409 old-revision. */
  async update(site: string | number, postId: number, fields: PostUpdate, opts: CallOptions = {}): Promise<PostV11> {
    positiveInt('post ID', postId);
    isoDate('if_not_modified_since', fields.if_not_modified_since);
    return (await this.changes()).write(site, String(postId), fields, opts);
  }

  /** POST /v1.1/sites/$site/posts/$ID/delete: to the trash (status `trash`); one already there is deleted for good (`deleted`). */
  async trash(site: string | number, postId: number, opts: CallOptions = {}): Promise<PostV11> {
    return (await this.changes()).trash(site, postId, opts);
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

  /** GET /v1.1/sites/$site/post/$ID/diffs/: the post's stored revisions, newest last, and what each changed (postRevisions.ts). */
  async revisions(site: string | number, postId: number, opts: CallOptions = {}): Promise<PostRevisions> {
    return this.t.run(revisionsRequest(site, postId), opts.signal);
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
    return (await this.changes()).restore(site, postId, options);
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
    return (await this.changes()).restoreMany(site, ids, common, opts);
  }

  /** What changes a post (postChanges.ts), loaded with the first change. */
  private async changes(): Promise<PostChanges> {
    const { PostChanges } = await import('./postChanges');
    return (this.changer ??= new PostChanges(this.t));
  }
}
