/**
 * Publishing a post file: checks its front matter (nothing is sent while it has an error), uploads
 * the local images it links to once (remembered by their content), renders the body, and creates
 * the post or updates the one the front matter names, never over a newer version on the site (409
 * old-revision → the two versions for the writer to choose) and never twice (a create whose answer
 * was lost is looked for on the site before anything else). The file's new text is returned, never
 * written here: on any failure the caller's file is left as it was.
 */
import { createHash } from 'node:crypto';
import { basename, extname, resolve } from 'node:path';
import type { ContentSiteError, PostV11, PostWrite, WriteStatus } from '../api';
import type { MediaApi, MediaFile } from '../api/media';
import type { PostsApi } from '../api/posts';
import { outcomeUnknown } from '../models/asError';
import { htmlToMarkdown } from './htmlToMarkdown';
import { isLocalSrc, localImages, markdownToHtml } from './markdownToHtml';
import {
  errorsOf,
  parsePostFile,
  withBody,
  withFrontMatter,
  type FileStatus,
  type ParsedPost,
  type PostMeta,
  type Problem,
} from './postFile';

/** The client's calls a publish makes (the real ContentSiteClient, or a test's stand-in). */
export interface PublishClient {
  posts: Pick<PostsApi, 'create' | 'update' | 'get' | 'list'>;
  media: Pick<MediaApi, 'upload'>;
}

/** Content hash → the library's item, per site: what was uploaded once is not sent again. */
export interface MediaMemory {
  get(site: string, sha256: string): { ID: number; URL: string } | undefined;
  set(site: string, sha256: string, item: { ID: number; URL: string }): Promise<void> | void;
}

export interface PublishDeps {
  client: PublishClient;
  /** The chosen site; a file whose front matter names another is refused. */
  site: string;
  memory: MediaMemory;
  /** Reads a file by its absolute path. */
  readFile(path: string): Promise<Uint8Array>;
  /** The post file's folder: relative image paths resolve against it. */
  fileDir: string;
  now(): Date;
  signal?: AbortSignal;
}

export type PublishOutcome =
  | { kind: 'created' | 'updated'; post: PostV11; text: string; uploaded: number }
  | { kind: 'conflict'; theirs: PostV11; theirsText: string; mine: string };

/** A publish refused before anything was sent, or an image the site refused: says which line or file. */
export class PublishError extends Error {
  constructor(
    message: string,
    readonly problems: Problem[] = [],
    readonly file?: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'PublishError';
  }
}

const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
};

/**
 * The client's error, told by its fields: this module is bundled apart from the client (dist/writing.js),
 * so the client's ContentSiteError class is not this module's copy and `instanceof` would say no.
 */
const serviceError = (err: unknown): err is ContentSiteError =>
  typeof err === 'object' &&
  err !== null &&
  (err as Error).name === 'ContentSiteError' &&
  typeof (err as ContentSiteError).kind === 'string';
const isOldRevision = (err: unknown) => serviceError(err) && err.status === 409 && err.code === 'old-revision';

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** "Line 3: …" for the first error (1-based, as the editor shows lines), and how many more. */
function refusal(errors: Problem[]): string {
  const [first] = errors;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more problem${errors.length > 2 ? 's' : ''}, underlined in the file)` : '';
  return `Line ${first.line + 1}: ${first.message}${more}`;
}

interface Prepared {
  parsed: ParsedPost;
  fields: PostWrite;
  uploaded: number;
}

/** Status and date as the service takes them: a publish dated in the future is scheduled; no status is a draft. */
function statusAndDate(parsed: ParsedPost, now: Date): { status: WriteStatus; date?: string } {
  const { status = 'draft', date } = parsed.meta;
  const when = date !== undefined ? Date.parse(date) : undefined;
  if (status === 'future' && (when === undefined || when <= now.getTime())) {
    throw new PublishError(
      'The status is future (scheduled), but "date" is not in the future: set it to when the post should go out, or use status publish.',
    );
  }
  if (status === 'publish' && when !== undefined && when > now.getTime()) return { status: 'future', date };
  return { status, date };
}

/** Uploads the local images not yet in the library (one request for all of them) and says where each src now points. */
async function images(
  parsed: ParsedPost,
  deps: PublishDeps,
): Promise<{ urls: Map<string, { ID: number; URL: string }>; uploaded: number }> {
  const wanted = localImages(parsed.body).map((i) => ({ src: i.src, line: parsed.bodyStartLine + i.line }));
  const featured = parsed.meta.featured_image;
  if (featured && isLocalSrc(featured) && !wanted.some((w) => w.src === featured)) wanted.push({ src: featured, line: -1 });
  const urls = new Map<string, { ID: number; URL: string }>();
  const pending: Array<{ src: string; file: MediaFile }> = [];
  for (const { src, line } of wanted) {
    const path = resolve(deps.fileDir, decodeURI(src.split(/[?#]/)[0]));
    const where = line >= 0 ? `Line ${line + 1}: ` : '';
    const type = IMAGE_TYPES[extname(path).toLowerCase()];
    if (!type) throw new PublishError(`${where}${src} is not an image the site takes (png, jpg, gif, webp).`, [], path);
    let data: Uint8Array;
    try {
      data = await deps.readFile(path);
    } catch {
      throw new PublishError(`${where}the image ${src} was not found next to the post (${path}).`, [], path);
    }
    const known = deps.memory.get(deps.site, sha256(data));
    if (known) urls.set(src, known);
    else pending.push({ src, file: { name: basename(path), type, data } });
  }
  const uploaded = await uploadOnce(
    pending.map((p) => p.file),
    deps,
    (why, file) => `The site refused the image ${file ?? pending.map((p) => p.src).join(', ')}: ${why} Nothing was published.`,
  );
  pending.forEach((p, i) => urls.set(p.src, uploaded.items[i]));
  return { urls, uploaded: uploaded.sent };
}

/**
 * Each file's item in the site's library: the remembered one when the library has its content
 * already, else uploaded (the new ones in one request) and remembered. A refusal is a PublishError
 * worded by `refused(the service's reason, the refused file)`; what was uploaded before it stays remembered.
 */
export async function uploadOnce(
  files: readonly MediaFile[],
  deps: Pick<PublishDeps, 'client' | 'site' | 'memory' | 'signal'>,
  refused: (why: string, file?: string) => string = (why, file) => `The site refused the image ${file ?? ''}: ${why}`,
): Promise<{ items: Array<{ ID: number; URL: string }>; sent: number }> {
  const hashes = files.map((f) => sha256(f.data));
  const fresh = files.filter((_, i) => !deps.memory.get(deps.site, hashes[i]) && hashes.indexOf(hashes[i]) === i);
  if (fresh.length) {
    let result;
    try {
      result = await deps.client.media.upload(deps.site, fresh, { signal: deps.signal });
    } catch (err) {
      throw new PublishError(refused(serviceError(err) ? err.userMessage : String(err)), [], undefined, err);
    }
    const no = new Set(result.errors.map((e) => e.file));
    const taken = fresh.filter((f) => !no.has(f.name));
    for (const [i, f] of taken.entries()) {
      const item = result.media[i];
      if (item) await deps.memory.set(deps.site, hashes[files.indexOf(f)], { ID: item.ID, URL: item.URL });
    }
    if (result.errors.length) throw new PublishError(refused(result.errors[0].message, result.errors[0].file), [], result.errors[0].file);
  }
  return { items: hashes.map((h) => deps.memory.get(deps.site, h)!), sent: fresh.length };
}

async function prepare(text: string, deps: PublishDeps): Promise<Prepared> {
  const parsed = parsePostFile(text);
  if (!parsed.hasFrontMatter)
    throw new PublishError(
      'The file has no front matter: start it with a line of ---, then "title: …" and another --- (New Post writes one).',
    );
  const errors = errorsOf(parsed);
  if (errors.length) throw new PublishError(refusal(errors), errors);
  const { meta } = parsed;
  if (meta.site !== undefined && meta.site !== deps.site)
    throw new PublishError(
      `This file was published to ${meta.site}, and the chosen site is ${deps.site}. Choose ${meta.site} (Select Site), or remove id and site from the front matter to publish it here as a new post.`,
    );
  const { status, date } = statusAndDate(parsed, deps.now());
  const { urls, uploaded } = await images(parsed, deps);
  const content = markdownToHtml(parsed.body, { imageUrl: (src) => urls.get(src)?.URL });
  const featured = meta.featured_image;
  const fields: PostWrite = {
    title: meta.title,
    content,
    excerpt: meta.excerpt,
    slug: meta.slug,
    status,
    date,
    tags: meta.tags,
    categories: meta.categories,
    featured_image: featured === undefined ? undefined : isLocalSrc(featured) ? urls.get(featured)!.ID : undefined,
  };
  return { parsed, fields, uploaded };
}

const FILE_STATUS: Record<string, FileStatus> = {
  publish: 'publish',
  draft: 'draft',
  pending: 'pending',
  private: 'private',
  future: 'future',
};

/** What the file says after the site answered: the post it is, its address and version, its status (and date when scheduled). */
function siteKeys(post: PostV11, site: string): Partial<PostMeta> {
  return {
    status: post.status ? FILE_STATUS[post.status] : undefined,
    ...(post.status === 'future' && post.date ? { date: post.date } : {}),
    id: post.ID,
    site,
    url: post.URL,
    modified: post.modified,
  };
}

/** The site's version of a post as a post file: front matter with every key, the HTML as Markdown. */
export function postAsFile(post: PostV11, site: string): string {
  const meta: Partial<PostMeta> = {
    title: post.title ?? '',
    ...siteKeys(post, site),
    ...(post.status !== 'future' && post.date ? { date: post.date } : {}),
    slug: post.slug || undefined,
    tags: post.tags ? Object.keys(post.tags) : undefined,
    categories: post.categories ? Object.keys(post.categories) : undefined,
  };
  return withFrontMatter(htmlToMarkdown(post.content ?? ''), meta);
}

/** A create whose answer was lost: the post, if the site has it (the same title and content, by this user's latest). */
async function findCreated(fields: PostWrite, deps: PublishDeps): Promise<PostV11 | undefined> {
  const page = await deps.client.posts.list(
    deps.site,
    { status: 'any', search: fields.title, order_by: 'date', order: 'DESC', number: 20, context: 'edit' },
    { signal: deps.signal },
  );
  return page.posts.find((p) => p.title === fields.title && p.content === fields.content);
}

export async function publishPost(text: string, deps: PublishDeps): Promise<PublishOutcome> {
  const { parsed, fields, uploaded } = await prepare(text, deps);
  const { id, modified } = parsed.meta;
  if (id !== undefined) {
    if (modified === undefined)
      throw new PublishError(
        `The file names post ${id} but not the version it last saw ("modified"): Pull from Site first, so that nothing newer on the site is overwritten.`,
      );
    return update(text, id, fields, modified, uploaded, deps);
  }
  let post: PostV11;
  try {
    post = await deps.client.posts.create(deps.site, fields, { signal: deps.signal });
  } catch (err) {
    if (!serviceError(err) || !outcomeUnknown(err)) throw err;
    // The site may have made the post: look before anything is tried again, so it is never made twice.
    const found = await findCreated(fields, deps);
    if (!found) throw err;
    post = found;
  }
  return { kind: 'created', post, text: withFrontMatter(text, siteKeys(post, deps.site)), uploaded };
}

async function update(
  text: string,
  id: number,
  fields: PostWrite,
  seen: string,
  uploaded: number,
  deps: PublishDeps,
): Promise<PublishOutcome> {
  try {
    const post = await deps.client.posts.update(deps.site, id, { ...fields, if_not_modified_since: seen }, { signal: deps.signal });
    return { kind: 'updated', post, text: withFrontMatter(text, siteKeys(post, deps.site)), uploaded };
  } catch (err) {
    if (!isOldRevision(err)) throw err;
    const theirs = await deps.client.posts.get(deps.site, id, { context: 'edit' }, { signal: deps.signal });
    return { kind: 'conflict', theirs, theirsText: postAsFile(theirs, deps.site), mine: text };
  }
}

/** After a conflict, the writer keeps their version: an update over the site's version they were shown (and only that one). */
export async function takeMine(text: string, theirs: PostV11, deps: PublishDeps): Promise<PublishOutcome> {
  const { fields, uploaded } = await prepare(text, deps);
  return update(text, theirs.ID, fields, theirs.modified ?? '', uploaded, deps);
}

/** The site's version of the post the file names, into the file: its front matter keys updated, its body replaced. */
export async function pullPost(
  text: string,
  deps: Pick<PublishDeps, 'client' | 'site' | 'signal'>,
): Promise<{ text: string; post: PostV11 }> {
  const parsed = parsePostFile(text);
  const { id } = parsed.meta;
  if (id === undefined)
    throw new PublishError('This file has not been published yet (no "id" in its front matter): there is nothing to pull.');
  if (parsed.meta.site !== undefined && parsed.meta.site !== deps.site)
    throw new PublishError(
      `This file's post is on ${parsed.meta.site}, and the chosen site is ${deps.site}. Choose ${parsed.meta.site} first.`,
    );
  const post = await deps.client.posts.get(deps.site, id, { context: 'edit' }, { signal: deps.signal });
  const keys: Partial<PostMeta> = {
    ...siteKeys(post, deps.site),
    title: post.title,
    tags: post.tags ? Object.keys(post.tags) : undefined,
    categories: post.categories ? Object.keys(post.categories) : undefined,
  };
  return { text: withBody(withFrontMatter(text, keys), htmlToMarkdown(post.content ?? '')), post };
}
