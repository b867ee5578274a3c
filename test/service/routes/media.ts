/**
 * A site's media library (writing.md, site-data.md): `POST media/new` (multipart `media[]` and/or
 * `media_urls` the service downloads, with `attrs[i][title|alt|caption|description|parent_id]`),
 * `GET media/` (also under the deprecated v1), one item's get, update and delete, and the uploaded
 * bytes served back at each item's URL by the same server (`/files/<site>/<name>`), so an image the
 * extension links to loads.
 */
import { ALL_COMMON, ApiError, int, list, str, type Ctx } from '../http';
import { capsOf, requireSiteAccess } from '../permissions';
import type { Route } from '../router';
import { iso } from '../shapes';
import type { MediaItem, Site, World } from '../world';
import { findSite } from './posts';

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** Width and height from a PNG's IHDR or a JPEG's first SOF marker; undefined for anything else. */
export function imageSize(data: Buffer): { width: number; height: number } | undefined {
  if (data.length >= 24 && data.readUInt32BE(0) === 0x89504e47) return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  if (data.length > 4 && data[0] === 0xff && data[1] === 0xd8) {
    let i = 2;
    while (i + 9 < data.length && data[i] === 0xff) {
      const marker = data[i + 1];
      const length = data.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xc3) return { height: data.readUInt16BE(i + 5), width: data.readUInt16BE(i + 7) };
      i += 2 + length;
    }
  }
  return undefined;
}

export function mediaJson(item: MediaItem, origin?: string): Record<string, unknown> {
  const self = origin ? `${origin}/rest/v1.1/sites/${item.siteId}/media/${item.ID}` : undefined;
  return {
    ID: item.ID,
    URL: item.URL,
    guid: item.URL,
    date: iso(item.date),
    post_ID: item.postId,
    author_ID: item.authorId,
    file: item.file,
    mime_type: item.mime_type,
    extension: item.file.split('.').pop(),
    title: item.title,
    caption: item.caption,
    description: item.description ?? '',
    alt: item.alt,
    ...(item.width !== undefined ? { width: item.width, height: item.height } : {}),
    ...(self
      ? {
          meta: {
            links: {
              self,
              help: `${self}/help`,
              site: `${origin}/rest/v1.1/sites/${item.siteId}`,
              ...(item.postId > 0 ? { parent: `${origin}/rest/v1.1/sites/${item.siteId}/posts/${item.postId}` } : {}),
            },
          },
        }
      : {}),
  };
}

/** A file name not yet used in the site's library (`lamp.png`, then `lamp-1.png`…). */
function uniqueFile(world: World, site: Site, name: string): string {
  const clean = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+/, '') || 'file';
  const dot = clean.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [clean.slice(0, dot), clean.slice(dot)] : [clean, ''];
  const taken = (f: string) => [...world.media.values()].some((m) => m.siteId === site.ID && m.file === f);
  let file = clean;
  for (let n = 1; taken(file); n++) file = `${stem}-${n}${ext}`;
  return file;
}

/** A file to add to the library: uploaded in the body, or fetched from a URL (`media_urls`). */
interface Incoming {
  /** The uploaded file's name, or the URL as given. */
  source: string;
  name: string;
  /** The type the server that sent it said, for a name without an extension. */
  type?: string;
  data?: Buffer;
  error?: { error: string; message: string };
}

/** How long one URL may take to download. */
export const FETCH_TIMEOUT_MS = 10_000;

/**
 * `media_urls`: each URL downloaded by the service, as the real service sideloads it. Only http and
 * https, at most the library's upload limit (read no further), within FETCH_TIMEOUT_MS; a failure is
 * that item's error (WordPress's download_url words), not the request's.
 */
async function download(url: string, limit: number): Promise<Incoming> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { source: url, name: '', error: { error: 'http_request_failed', message: 'A valid URL was not provided.' } };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return { source: url, name: '', error: { error: 'http_request_failed', message: 'A valid URL was not provided.' } };
  const name = decodeURIComponent(parsed.pathname.split('/').pop() ?? '') || 'file';
  const tooBig = { source: url, name, error: { error: 'rest_upload_file_too_big', message: 'This file is too big.' } };
  try {
    const res = await fetch(parsed, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
    if (!res.ok) {
      await res.body?.cancel();
      return { source: url, name, error: { error: `http_${res.status}`, message: res.statusText || `HTTP ${res.status}` } };
    }
    if (Number(res.headers.get('content-length') ?? 0) > limit) {
      await res.body?.cancel();
      return tooBig;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const reader = res.body?.getReader();
    for (let part = await reader?.read(); reader && part && !part.done; part = await reader.read()) {
      size += part.value.length;
      if (size > limit) {
        await reader.cancel();
        return tooBig;
      }
      chunks.push(Buffer.from(part.value));
    }
    return { source: url, name, type: res.headers.get('content-type')?.split(';')[0].trim(), data: Buffer.concat(chunks) };
  } catch (err) {
    return { source: url, name, error: { error: 'http_request_failed', message: (err as Error).message } };
  }
}

/** An extension this library takes, from the name or else the type the server said. */
function extensionOf(name: string, type?: string): string | undefined {
  const ext = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
  if (TYPES[ext]) return ext;
  return Object.keys(TYPES).find((e) => TYPES[e] === type);
}

/**
 * POST media/new: files in a multipart body (`media[]`) and/or URLs to fetch (`media_urls`, form or
 * JSON `{media_urls: […], attrs: […]}`); `attrs[i]` (title, alt, caption, description, parent_id)
 * go with the i-th item, files first and then URLs.
 */
async function upload(ctx: Ctx) {
  const site = findSite(ctx);
  requireSiteAccess(ctx.user, site);
  // Contributors and subscribers lack upload_files.
  if (!capsOf(ctx.user, site).delete_posts) throw new ApiError(403, 'unauthorized', 'User cannot upload media.');
  const urls = list(ctx.params, 'media_urls') ?? [];
  const files = ctx.files ?? [];
  if (files.length === 0 && urls.length === 0) throw new ApiError(400, 'invalid_input', 'No media provided in input.');
  const incoming: Incoming[] = [
    ...files.map((f) => ({ source: f.name, name: f.name, type: f.type, data: f.data })),
    ...(await Promise.all(urls.map((u) => download(u, ctx.world.uploadLimit)))),
  ];
  const attrs = (ctx.params.attrs ?? {}) as unknown as Record<string, Record<string, string>>;
  const media: Record<string, unknown>[] = [];
  const errors: Array<{ file: string; error: string; message: string }> = [];
  incoming.forEach((f, i) => {
    if (f.error) return errors.push({ file: f.source, ...f.error });
    const data = f.data!;
    const ext = extensionOf(f.name, f.type);
    if (!ext) return errors.push({ file: f.source, error: 'upload_error', message: 'Invalid file type.' });
    if (data.length > ctx.world.uploadLimit)
      return errors.push({ file: f.source, error: 'rest_upload_file_too_big', message: 'This file is too big.' });
    if (data.length > ctx.world.spaceLeft)
      return errors.push({ file: f.source, error: 'rest_upload_limited_space', message: 'Not enough space to upload.' });
    ctx.world.spaceLeft -= data.length;
    const named = f.name.toLowerCase().endsWith(`.${ext}`) ? f.name : `${f.name}.${ext}`;
    const file = uniqueFile(ctx.world, site, named);
    const a = (typeof attrs === 'object' && attrs[String(i)]) || {};
    const item: MediaItem = {
      ID: ctx.world.nextId++,
      siteId: site.ID,
      authorId: ctx.user!.ID,
      file,
      URL: `${ctx.origin}/files/${site.ID}/${file}`,
      mime_type: TYPES[ext],
      ...imageSize(data),
      title: a.title ?? file.replace(/\.[^.]+$/, ''),
      alt: a.alt ?? '',
      caption: a.caption ?? '',
      description: a.description ?? '',
      date: ctx.world.now,
      postId: Number(a.parent_id ?? 0) || 0,
      data,
    };
    ctx.world.media.set(item.ID, item);
    media.push(mediaJson(item, ctx.origin));
  });
  if (media.length === 0) {
    const first = errors[0];
    return { status: 400, body: { error: first.error, message: first.message, errors } };
  }
  return { body: { media, errors } };
}

/** One item of the site's library, for those who may edit posts (the real service lets contributors see media). */
function findMedia(ctx: Ctx): { site: Site; item: MediaItem | undefined } {
  const site = findSite(ctx);
  requireSiteAccess(ctx.user, site);
  const raw = ctx.route.media_ID;
  const item = /^\d+$/.test(raw) ? ctx.world.media.get(Number(raw)) : undefined;
  return { site, item: item?.siteId === site.ID ? item : undefined };
}

const unknownMedia = () => new ApiError(404, 'unknown_media', 'Unknown Media');

function getMedia(ctx: Ctx) {
  const { site, item } = findMedia(ctx);
  if (!capsOf(ctx.user, site).edit_posts) throw new ApiError(403, 'unauthorized', 'User cannot view media');
  if (!item) throw unknownMedia();
  return { body: mediaJson(item, ctx.origin) };
}

/** POST media/$ID: title, caption, description, alt and parent_id, for those with upload_files. */
function updateMedia(ctx: Ctx) {
  const { site, item } = findMedia(ctx);
  // The real service's words for a missing upload_files here, as it says them.
  if (!capsOf(ctx.user, site).delete_posts) throw new ApiError(403, 'unauthorized', 'User cannot view media');
  if (!item) throw unknownMedia();
  const p = ctx.params;
  const parent = str(p, 'parent_id');
  if (parent !== undefined && parent !== '' && !/^\d+$/.test(parent))
    throw new ApiError(400, 'invalid_input', '"parent_id" must be a post ID.');
  const title = str(p, 'title');
  const caption = str(p, 'caption');
  const description = str(p, 'description');
  const alt = str(p, 'alt');
  if (title !== undefined) item.title = title;
  if (caption !== undefined) item.caption = caption;
  if (description !== undefined) item.description = description;
  // As wp_strip_all_tags: no markup in the alternative text.
  if (alt !== undefined) item.alt = alt.replace(/<[^>]*>/g, '').trim();
  if (parent !== undefined) item.postId = Number(parent || 0);
  return { body: mediaJson(item, ctx.origin) };
}

/** POST media/$ID/delete: deleted for good (the library has no trash), answered once more with status `deleted`. */
function deleteMedia(ctx: Ctx) {
  const { site, item } = findMedia(ctx);
  const caps = capsOf(ctx.user, site);
  const own = item !== undefined && item.authorId === ctx.user?.ID;
  if (!caps.delete_posts || (item && !own && !caps.delete_others_posts))
    throw new ApiError(403, 'unauthorized', 'User is not authorized delete media');
  if (!item) throw unknownMedia();
  ctx.world.media.delete(item.ID);
  ctx.world.spaceLeft += item.data.length;
  for (const post of ctx.world.posts.values()) if (post.featuredImage === item.ID) post.featuredImage = undefined;
  return { body: { ...mediaJson(item, ctx.origin), status: 'deleted' } };
}

function listMedia(ctx: Ctx) {
  const site = findSite(ctx);
  requireSiteAccess(ctx.user, site);
  const p = ctx.params;
  const number = int(p, 'number', { min: 1, max: 100, def: 20 });
  const search = str(p, 'search')?.toLowerCase();
  const mime = str(p, 'mime_type');
  const postId = int(p, 'post_ID', { min: 0 });
  let offset = 0;
  const handle = str(p, 'page_handle');
  if (handle) {
    offset = Number(Buffer.from(handle, 'base64url').toString());
    if (!Number.isInteger(offset) || offset < 0)
      throw new ApiError(400, 'invalid_input', '"page_handle" is not a handle this service gave out.');
  }
  const all = [...ctx.world.media.values()]
    .filter((m) => m.siteId === site.ID)
    .filter((m) => !search || m.title.toLowerCase().includes(search) || m.file.toLowerCase().includes(search))
    .filter((m) => !mime || m.mime_type.startsWith(mime))
    .filter((m) => postId === undefined || m.postId === postId)
    .sort((a, b) => b.date - a.date || b.ID - a.ID);
  const next = offset + number < all.length ? Buffer.from(String(offset + number)).toString('base64url') : undefined;
  return {
    body: {
      found: all.length,
      media: all.slice(offset, offset + number).map((m) => mediaJson(m, ctx.origin)),
      meta: next ? { next_page: next } : {},
    },
  };
}

/** `/files/<site>/<name>`: the bytes of a library item, or undefined when there is none. */
export function servedFile(world: World, path: string): { type: string; data: Buffer } | undefined {
  const m = /^\/files\/(\d+)\/([^/]+)$/.exec(path);
  if (!m) return undefined;
  const name = decodeURIComponent(m[2]);
  const item = [...world.media.values()].find((i) => i.siteId === Number(m[1]) && i.file === name);
  return item && { type: item.mime_type, data: item.data };
}

const WRITE = {
  method: 'POST',
  versions: ['1.1'],
  accepted: ALL_COMMON,
  auth: 'required',
  authMessage: 'An active access token must be used to upload media.',
} as const;

export const mediaRoutes: Route[] = [
  {
    method: 'POST',
    versions: ['1.1'],
    pattern: '/sites/:site/media/new',
    accepted: ALL_COMMON,
    auth: 'required',
    authMessage: 'An active access token must be used to upload media.',
    handle: upload,
  },
  // The deprecated v1 path is still answered, the same way (site-data.md).
  { method: 'GET', versions: ['1', '1.1'], pattern: '/sites/:site/media/', accepted: ALL_COMMON, auth: 'required', handle: listMedia },
  // One item: the official client reads it under v1.2 by default.
  {
    method: 'GET',
    versions: ['1.1', '1.2'],
    pattern: '/sites/:site/media/:media_ID(\\d+)',
    accepted: ALL_COMMON,
    auth: 'required',
    handle: getMedia,
  },
  { ...WRITE, pattern: '/sites/:site/media/:media_ID(\\d+)', handle: updateMedia },
  { ...WRITE, pattern: '/sites/:site/media/:media_ID(\\d+)/delete', handle: deleteMedia },
];
