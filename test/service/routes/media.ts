/**
 * A site's media library (writing.md): `POST media/new` (multipart `media[]` with
 * `attrs[i][title|alt|caption]`), `GET media/`, and the uploaded bytes served back at each item's
 * URL by the same server (`/files/<site>/<name>`), so an image the extension links to loads.
 */
import { ALL_COMMON, ApiError, int, str, type Ctx } from '../http';
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

export function mediaJson(item: MediaItem): Record<string, unknown> {
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
    description: '',
    alt: item.alt,
    ...(item.width !== undefined ? { width: item.width, height: item.height } : {}),
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

function upload(ctx: Ctx) {
  const site = findSite(ctx);
  requireSiteAccess(ctx.user, site);
  // Contributors and subscribers lack upload_files.
  if (!capsOf(ctx.user, site).delete_posts) throw new ApiError(403, 'unauthorized', 'User cannot upload media.');
  const files = ctx.files ?? [];
  if (files.length === 0) throw new ApiError(400, 'invalid_input', 'No media provided in input.');
  const attrs = (ctx.params.attrs ?? {}) as unknown as Record<string, Record<string, string>>;
  const media: Record<string, unknown>[] = [];
  const errors: Array<{ file: string; error: string; message: string }> = [];
  files.forEach((f, i) => {
    const ext = f.name.split('.').pop()?.toLowerCase() ?? '';
    const type = TYPES[ext];
    if (!type) return errors.push({ file: f.name, error: 'upload_error', message: 'Invalid file type.' });
    if (f.data.length > ctx.world.uploadLimit)
      return errors.push({ file: f.name, error: 'rest_upload_file_too_big', message: 'This file is too big.' });
    if (f.data.length > ctx.world.spaceLeft)
      return errors.push({ file: f.name, error: 'rest_upload_limited_space', message: 'Not enough space to upload.' });
    ctx.world.spaceLeft -= f.data.length;
    const file = uniqueFile(ctx.world, site, f.name);
    const a = (typeof attrs === 'object' && attrs[String(i)]) || {};
    const item: MediaItem = {
      ID: ctx.world.nextId++,
      siteId: site.ID,
      authorId: ctx.user!.ID,
      file,
      URL: `${ctx.origin}/files/${site.ID}/${file}`,
      mime_type: type,
      ...imageSize(f.data),
      title: a.title ?? file.replace(/\.[^.]+$/, ''),
      alt: a.alt ?? '',
      caption: a.caption ?? '',
      date: ctx.world.now,
      postId: Number(a.parent_id ?? 0) || 0,
      data: f.data,
    };
    ctx.world.media.set(item.ID, item);
    media.push(mediaJson(item));
  });
  if (media.length === 0) {
    const first = errors[0];
    return { status: 400, body: { error: first.error, message: first.message, errors } };
  }
  return { body: { media, errors } };
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
  return { body: { found: all.length, media: all.slice(offset, offset + number).map(mediaJson), meta: next ? { next_page: next } : {} } };
}

/** `/files/<site>/<name>`: the bytes of a library item, or undefined when there is none. */
export function servedFile(world: World, path: string): { type: string; data: Buffer } | undefined {
  const m = /^\/files\/(\d+)\/([^/]+)$/.exec(path);
  if (!m) return undefined;
  const name = decodeURIComponent(m[2]);
  const item = [...world.media.values()].find((i) => i.siteId === Number(m[1]) && i.file === name);
  return item && { type: item.mime_type, data: item.data };
}

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
  { method: 'GET', versions: ['1.1'], pattern: '/sites/:site/media/', accepted: ALL_COMMON, auth: 'required', handle: listMedia },
];
