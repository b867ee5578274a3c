import { schemas } from './lazy/loadSchemas';
import { Reactions } from './act';
import { badResponse, errorFromErrorsObject, isObject, parseWith } from './decode';
import type { ContentSiteError } from './errors';
import type { CallOptions, CommonParams, Prepared, Transport } from './request';
import type { PostV1, PostV11 } from './schemas/post';
import type { TrashList } from './schemas/trash';
import { intInRange, LIMITS, oneOf, positiveInt, postIds as checkPostIds, site as checkSite } from './validate';

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

export interface TrashPage {
  found: number;
  posts: PostV11[];
  /** Pass back as page_handle for the next page; undefined on the last page. */
  nextPage?: string;
}

export type RestoreOutcome = { ok: true; post: PostV11 } | { ok: false; error: ContentSiteError };

/** Listing, restoring; like, unlike and reply come from Reactions. */
export class PostsApi extends Reactions {
  constructor(t: Transport) {
    super(t, 'posts');
  }

  /** GET /v1.1/sites/$site/posts/?status=trash (not in the spec; shape from the real service). */
  async trashed(site: string | number, params: TrashedParams = {}, opts: CallOptions = {}): Promise<TrashPage> {
    return this.t.run(this.trashedRequest(site, params), opts.signal);
  }

  trashedRequest(site: string | number, params: TrashedParams = {}): Prepared<TrashPage> {
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
      parse: (body) => {
        const list: TrashList = parseWith(schemas().trashListSchema, body, { request: `GET /v1.1/sites/${s}/posts/`, site: s });
        return { found: list.found, posts: list.posts, nextPage: list.meta?.next_page || undefined };
      },
    };
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
