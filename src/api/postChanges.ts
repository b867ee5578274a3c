/**
 * What changes a post: create and update (the publish), to the trash, restore one or many. Loaded
 * with the first change as a chunk of its own (PostsApi's methods of the same names load it), apart
 * from the client: reading runs at every start, changing only when the user acts. It is handed the
 * client's transport.
 */
import { schemas } from './schemasLoad';
import { badResponse, errorFromErrorsObject, isObject, parseWith } from './decode';
import type { FormValue } from './encode';
import { invalidInput } from './errors';
import { WRITE_STATUSES, type PostUpdate, type RestoreOutcome } from './postTypes';
import type { CallOptions, CommonParams, Transport } from './request';
import type { PostV1, PostV11 } from './schemas/post';
import { intInRange, isoDate, oneOf, positiveInt, postIds as checkPostIds, site as checkSite } from './validate';

/**
 * Term names as the service reads each one whole: an array (`tags[]=Paris, France`), since a plain
 * string is split at its commas ("Paris, France" would make two tags). No names is the empty string,
 * which removes them all (a form cannot send an empty array).
 */
function termNames(names: readonly string[] | undefined): FormValue {
  if (names === undefined) return undefined;
  return names.length ? names : '';
}

export class PostChanges {
  constructor(private readonly t: Transport) {}

  /** posts/new (`target` 'new') or posts/$ID: the post as the site saved it. */
  async write(site: string | number, target: string, fields: PostUpdate, opts: CallOptions): Promise<PostV11> {
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

  async trash(site: string | number, postId: number, opts: CallOptions): Promise<PostV11> {
    const s = checkSite(site);
    positiveInt('post ID', postId);
    const path = `/sites/${encodeURIComponent(s)}/posts/${postId}/delete`;
    const body = await this.t.send({ method: 'POST', version: '1.1', path, messageContext: { site: s }, signal: opts.signal });
    return parseWith(schemas().postV11Schema, body, { request: `POST /v1.1${path}`, site: s });
  }

  async restore(
    site: string | number,
    postId: number,
    options: { version?: '1.1' | '1' } & CommonParams & CallOptions,
  ): Promise<PostV11 | PostV1> {
    const s = checkSite(site);
    positiveInt('post ID', postId);
    const { version = '1.1', signal, ...common } = options;
    const path = `/sites/${encodeURIComponent(s)}/posts/${postId}/restore`;
    const body = await this.t.send({ method: 'POST', version, path, common, messageContext: { site: s }, signal });
    const ctx = { request: `POST /v${version}${path}`, site: s };
    return version === '1' ? parseWith(schemas().postV1Schema, body, ctx) : parseWith(schemas().postV11Schema, body, ctx);
  }

  async restoreMany(
    site: string | number,
    ids: readonly number[],
    common: CommonParams,
    opts: CallOptions,
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
