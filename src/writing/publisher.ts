/**
 * Publishing a post file: checks its front matter (nothing is sent while it has an error), uploads
 * the local images it links to once (remembered by their content; only files of the workspace
 * folder that holds the post, images by their bytes: imageFiles.ts), renders the body, and creates
 * the post or updates the one the front matter names.
 *
 * Never over a newer version on the site: an update sends the `modified` the file last saw, and only
 * a `modified` this extension wrote itself is trusted (`PostMemory`); a 409 old-revision, or a
 * `modified` from elsewhere, gives the two versions for the writer to choose. Never twice, and never
 * another post: a create carries a token (post metadata) and the file records it (`unconfirmed`)
 * until the site's answer names the post; a create whose answer was lost is looked for by that token
 * before anything else. An update whose answer was lost is recognised as the writer's own when the
 * site holds exactly what was sent. The file's new text is returned, never written here.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { ContentSiteError, PostV11, PostWrite, WriteStatus } from '../api';
import type { MediaApi, MediaFile } from '../api/media';
import type { PostsApi } from '../api/posts';
import { outcomeUnknown, unknownBecause } from '../models/asError';
import { DEFAULT_FLAVOR, renderBody, type PlacedImage, type RenderedPiece } from './bodyRenderer';
import { checkImage, imageBlob, type PostPlace, type UploadRules } from './imageFiles';
import { isLocalSrc, localImages } from './markdownToHtml';
import { bodyOptions, pullContent, type PostStyle, type PulledBody } from './pullContent';
import { styleOfRecord, unintended, type SyncRecord, type SyncRecords } from './syncRecord';
import {
  errorsOf,
  parsePostFile,
  siteKeys,
  withBody,
  withFrontMatter,
  type FileStatus,
  type FrontMatterChanges,
  type ParsedPost,
  type PostMeta,
  type Problem,
} from './postFile';

/** The post metadata key a create carries, whose value (a random token) finds the post for certain. */
export const PUBLISH_TOKEN_KEY = 'content_site_publish_token';

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

/** What this extension last saw of a post (and, while an update's answer is unknown, what it sent). */
export interface SeenPost {
  /** The `modified` of the post's version this extension last read or wrote. */
  modified: string;
  /** The fingerprint of the last update sent, until its answer came back. */
  sent?: string;
}

/** Per site and post: the only `modified` values a publish trusts are the ones kept here. */
export interface PostMemory {
  get(site: string, id: number): SeenPost | undefined;
  set(site: string, id: number, seen: SeenPost): Promise<void> | void;
}

export interface PublishDeps {
  client: PublishClient;
  /** The chosen site; a file whose front matter names another is refused. */
  site: string;
  memory: MediaMemory;
  posts: PostMemory;
  /** The post file's folder and the workspace folder that holds it: images come only from inside that. */
  place: PostPlace;
  /** The site's upload limit and accepted types (asked only when there is an image to check). */
  rules(): Promise<UploadRules>;
  /**
   * The file records a create whose answer is not known yet (the token it carries), or stops
   * recording it (null). Called before the create is sent, so a lost answer can always be found.
   */
  unconfirmed(token: string | null): Promise<void>;
  /** What each post file and the site last agreed on: the publish renders in the post's own way, and guards what the writer did not edit. */
  records: Pick<SyncRecords, 'get'>;
  /** The writer was shown what this publish changes beyond their edits (an `unintended` outcome) and said publish. */
  confirmed?: boolean;
  now(): Date;
  signal?: AbortSignal;
}

/** What the file and the site agree on after a publish or a pull: the post's style and each piece (the caller adds the file's final text). */
export interface Synced {
  style: PostStyle;
  pieces: RenderedPiece[];
}

export type PublishOutcome =
  | { kind: 'created' | 'updated'; post: PostV11; text: string; uploaded: number; synced: Synced }
  | {
      /** Nothing was sent: the content would change where the writer made no edit (`changes`); the whole before and after, to show. */
      kind: 'unintended';
      changes: Array<{ source: string; before: string; after: string }>;
      before: string;
      after: string;
    }
  | {
      kind: 'conflict';
      /** `changed`: the site has a newer version; `untrusted`: the file's `modified` was not written by this extension. */
      reason: 'changed' | 'untrusted';
      theirs: PostV11;
      theirsText: string;
      mine: string;
    };

/** A publish refused, or stopped, with a sentence that says why and what to do; `problems` are on their lines. */
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

/**
 * The client's error, told by its fields: this module is bundled apart from the client (dist/writing.js),
 * so the client's ContentSiteError class is not this module's copy and `instanceof` would say no.
 */
const serviceError = (err: unknown): err is ContentSiteError =>
  typeof err === 'object' &&
  err !== null &&
  (err as Error).name === 'ContentSiteError' &&
  typeof (err as ContentSiteError).kind === 'string';
/** The service refused an update because the post changed since the client last saw it (409 old-revision). */
const isOldRevision = (err: unknown): err is ContentSiteError => serviceError(err) && err.status === 409 && err.code === 'old-revision';
const lost = (err: unknown): err is ContentSiteError => serviceError(err) && outcomeUnknown(err);

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
  synced: Synced;
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

/** Every local image the file names, with the line (0-based, in the file) it is named on. */
export function imageRefs(parsed: ParsedPost): Array<{ src: string; line: number }> {
  const wanted = localImages(parsed.body).map((i) => ({ src: i.src, line: parsed.bodyStartLine + i.line }));
  const featured = parsed.meta.featured_image;
  if (featured && isLocalSrc(featured) && !wanted.some((w) => w.src === featured))
    wanted.push({ src: featured, line: parsed.valueLines.featured_image ?? 0 });
  return wanted;
}

/** Uploads the local images not yet in the library (one request for all of them) and says where each src now points. */
async function images(
  parsed: ParsedPost,
  deps: PublishDeps,
): Promise<{ urls: Map<string, { ID: number; URL: string }>; uploaded: number }> {
  const refs = imageRefs(parsed);
  const urls = new Map<string, { ID: number; URL: string }>();
  if (refs.length === 0) return { urls, uploaded: 0 };
  const rules = await deps.rules();
  const files: Array<{ src: string; file: MediaFile; sha256: string }> = [];
  for (const { src, line } of refs) {
    const checked = await checkImage(src, deps.place, rules);
    if (!checked.ok) {
      const problem: Problem = { line, column: 0, endLine: line, endColumn: 1, message: checked.message, severity: 'error' };
      throw new PublishError(`Line ${line + 1}: ${checked.message} Nothing was published.`, [problem], checked.path);
    }
    const known = deps.memory.get(deps.site, checked.sha256);
    if (known) urls.set(src, known);
    else files.push({ src, sha256: checked.sha256, file: { name: checked.name, type: checked.type, data: await imageBlob(checked) } });
  }
  const uploaded = await uploadOnce(
    files,
    deps,
    (why, file) => `The site refused the image ${file ?? files.map((p) => p.src).join(', ')}: ${why} Nothing was published.`,
  );
  files.forEach((p, i) => urls.set(p.src, uploaded.items[i]));
  return { urls, uploaded: uploaded.sent };
}

/**
 * Each file's item in the site's library: the remembered one when the library has its content
 * already, else uploaded (the new ones in one request) and remembered. A refusal is a PublishError
 * worded by `refused(the service's reason, the refused file)`; what was uploaded before it stays remembered.
 */
export async function uploadOnce(
  files: ReadonlyArray<{ file: MediaFile; sha256: string }>,
  deps: Pick<PublishDeps, 'client' | 'site' | 'memory' | 'signal'>,
  refused: (why: string, file?: string) => string = (why, file) => `The site refused the image ${file ?? ''}: ${why}`,
): Promise<{ items: Array<{ ID: number; URL: string }>; sent: number }> {
  const hashes = files.map((f) => f.sha256);
  const fresh = files.filter((_, i) => !deps.memory.get(deps.site, hashes[i]) && hashes.indexOf(hashes[i]) === i);
  if (fresh.length) {
    let result;
    try {
      result = await deps.client.media.upload(
        deps.site,
        fresh.map((f) => f.file),
        { signal: deps.signal },
      );
    } catch (err) {
      throw new PublishError(refused(serviceError(err) ? err.userMessage : String(err)), [], undefined, err);
    }
    const no = new Set(result.errors.map((e) => e.file));
    const taken = fresh.filter((f) => !no.has(f.file.name));
    for (const [i, f] of taken.entries()) {
      const item = result.media[i];
      if (item) await deps.memory.set(deps.site, f.sha256, { ID: item.ID, URL: item.URL });
    }
    if (result.errors.length) throw new PublishError(refused(result.errors[0].message, result.errors[0].file), [], result.errors[0].file);
  }
  return { items: hashes.map((h) => deps.memory.get(deps.site, h)!), sent: fresh.length };
}

/** The file read and checked, nothing sent: its front matter, the site it names, its status and date. */
function checked(text: string, deps: Pick<PublishDeps, 'site' | 'now'>): { parsed: ParsedPost; status: WriteStatus; date?: string } {
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
  // The service needs one of them; any one will do (a post without a title is one).
  if (!meta.title?.trim() && !meta.excerpt?.trim() && parsed.body.trim() === '')
    throw new PublishError('The post has no title, no text and no excerpt: write at least one of them.');
  return { parsed, ...statusAndDate(parsed, deps.now()) };
}

/** How a post is written when nothing says otherwise: its editor's way, with no pulled flavor. */
function freshStyle(mode: PostStyle['mode']): PostStyle {
  return { mode, flavor: DEFAULT_FLAVOR, images: new Map(), edges: { head: '', tail: '' } };
}

/** The post's style: the recorded one (a pulled or published post), unless the file now asks for the other editor. */
function styleFor(parsed: ParsedPost, record: SyncRecord | undefined): PostStyle {
  const recorded = record && styleOfRecord(record);
  const mode = parsed.meta.editor ?? recorded?.mode ?? 'blocks';
  return recorded?.mode === mode ? recorded : freshStyle(mode);
}

/** Its images uploaded and its body rendered in the post's way: what a create or an update sends. */
async function prepare({ parsed, status, date }: ReturnType<typeof checked>, deps: PublishDeps, record?: SyncRecord): Promise<Prepared> {
  const { meta } = parsed;
  const { urls, uploaded } = await images(parsed, deps);
  const style = styleFor(parsed, record);
  const pulled = bodyOptions(style);
  // A local image is the library's item now: its address, and the image block's ID and size.
  const image = (src: string): PlacedImage | undefined => {
    const item = urls.get(src);
    return item ? { url: item.URL, attrs: { id: item.ID, sizeSlug: 'full', linkDestination: 'none' } } : pulled.image?.(src);
  };
  const rendered = renderBody(parsed.body, { ...pulled, image });
  const content = rendered.content;
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
  return { parsed, fields, uploaded, synced: { style, pieces: rendered.pieces } };
}

/** Before an update: the content must change only where the writer edited, else the writer sees it first. */
function guarded(record: SyncRecord | undefined, prepared: Prepared, deps: PublishDeps): PublishOutcome | undefined {
  if (!record || deps.confirmed || record.style.mode !== prepared.synced.style.mode) return undefined;
  const changes = unintended(record, prepared.synced.pieces);
  if (changes.length === 0) return undefined;
  const before = record.style.edges.head + record.pieces.map(([, output]) => output).join('\n\n') + record.style.edges.tail;
  return { kind: 'unintended', changes, before, after: prepared.fields.content ?? '' };
}

const FILE_STATUS: Record<string, FileStatus> = {
  publish: 'publish',
  draft: 'draft',
  pending: 'pending',
  private: 'private',
  future: 'future',
};

/** What the file says after the site answered: the post it is, its address and version, its status (and date when scheduled). */
function answeredKeys(post: PostV11, site: string): FrontMatterChanges {
  const status = post.status ? FILE_STATUS[post.status] : undefined;
  return siteKeys({ status, date: post.date, id: post.ID, site, url: post.URL, modified: post.modified });
}

/** A pulled post's body and what the file and the site then agree on. */
async function pulled(post: PostV11): Promise<{ body: PulledBody; synced: Synced }> {
  const body = await pullContent(post.content ?? '');
  return { body, synced: { style: body, pieces: renderBody(body.body, bodyOptions(body)).pieces } };
}

/** The site's version of a post as a post file: front matter with every key, the content as Markdown (what Markdown cannot say as the site wrote it). */
export async function postAsFile(post: PostV11, site: string): Promise<{ text: string; synced: Synced }> {
  const { body, synced } = await pulled(post);
  const meta: Partial<PostMeta> = {
    title: post.title ?? '',
    ...(answeredKeys(post, site) as Partial<PostMeta>),
    ...(post.status !== 'future' && post.date ? { date: post.date } : {}),
    slug: post.slug || undefined,
    tags: post.tags ? Object.keys(post.tags) : undefined,
    categories: post.categories ? Object.keys(post.categories) : undefined,
    editor: body.mode,
  };
  return { text: withFrontMatter(body.body, meta), synced };
}

/** `text` holding the site's version of `post`: its front matter keys updated (the writer's comments kept), its body replaced. */
export async function withSiteVersion(text: string, post: PostV11, site: string): Promise<{ text: string; synced: Synced }> {
  const { body, synced } = await pulled(post);
  const keys: FrontMatterChanges = {
    ...answeredKeys(post, site),
    title: post.title,
    tags: post.tags ? Object.keys(post.tags) : undefined,
    categories: post.categories ? Object.keys(post.categories) : undefined,
    editor: body.mode,
  };
  return { text: withBody(withFrontMatter(text, keys), body.body), synced };
}

/** What an update sends that the site keeps as it came: a post that matches it holds that update. */
function fingerprint(f: { title?: string; content?: string; excerpt?: string }, withExcerpt: boolean): string {
  return createHash('sha256')
    .update(JSON.stringify([f.title ?? '', f.content ?? '', withExcerpt ? (f.excerpt ?? '') : null]))
    .digest('hex');
}
const sentPrint = (fields: PostWrite) => `${fields.excerpt !== undefined ? 'e' : 'n'}:${fingerprint(fields, fields.excerpt !== undefined)}`;
/** Whether the site's post holds exactly what `sent` (a sentPrint) was made of. */
const holds = (post: PostV11, sent: string | undefined) =>
  sent !== undefined && sent === `${sent[0]}:${fingerprint(post, sent[0] === 'e')}`;

/** The post a create carrying `token` made, if the site has it; throws when the site could not be asked. */
async function findByToken(token: string, deps: PublishDeps): Promise<PostV11 | undefined> {
  const page = await deps.client.posts.list(
    deps.site,
    { status: 'any', meta_key: PUBLISH_TOKEN_KEY, meta_value: token, number: 1, context: 'edit' },
    { signal: deps.signal },
  );
  return page.posts[0];
}

const titleOf = (fields: PostWrite) => (fields.title?.trim() ? `“${fields.title.trim()}”` : 'the post');

/** The site's version as a conflict: nothing was sent, the writer chooses. */
async function conflict(text: string, id: number, reason: 'changed' | 'untrusted', deps: PublishDeps): Promise<PublishOutcome> {
  const theirs = await deps.client.posts.get(deps.site, id, { context: 'edit' }, { signal: deps.signal });
  return { kind: 'conflict', reason, theirs, theirsText: (await withSiteVersion(text, theirs, deps.site)).text, mine: text };
}

export async function publishPost(text: string, deps: PublishDeps): Promise<PublishOutcome> {
  const file = checked(text, deps);
  const { parsed } = file;
  const { id, modified } = parsed.meta;
  if (id !== undefined) {
    if (modified === undefined)
      throw new PublishError(
        `The file names post ${id} but not the version it last saw ("modified"): Pull from Site first, so that nothing newer on the site is overwritten.`,
      );
    const seen = deps.posts.get(deps.site, id);
    // A `modified` this extension did not write (typed, or from another machine) is not trusted: the writer compares first.
    if (seen?.modified !== modified) return conflict(text, id, 'untrusted', deps);
    const record = await deps.records.get(deps.site, id);
    const prepared = await prepare(file, deps, record);
    const stop = guarded(record, prepared, deps);
    if (stop) return stop;
    return update(text, id, prepared, seen, deps);
  }
  return create(text, parsed.meta.unconfirmed, await prepare(file, deps), deps);
}

async function create(text: string, recorded: string | undefined, prepared: Prepared, deps: PublishDeps): Promise<PublishOutcome> {
  const { fields, uploaded, synced } = prepared;
  let token = recorded;
  if (token !== undefined) {
    // An earlier create's answer was lost: the site may have the post. Look before creating it again.
    let found: PostV11 | undefined;
    try {
      found = await findByToken(token, deps);
    } catch (err) {
      throw new PublishError(
        `${titleOf(fields)} may have been published by an earlier attempt, and the site could not be asked (${serviceError(err) ? err.userMessage : String(err)}). Nothing was sent; Publish again looks for it first.`,
        [],
        undefined,
        err,
      );
    }
    if (found) {
      await deps.posts.set(deps.site, found.ID, { modified: found.modified ?? '' });
      const seen = { modified: found.modified ?? '' };
      const out = await update(text, found.ID, prepared, seen, deps);
      return out.kind === 'updated' ? { ...out, kind: 'created' } : out;
    }
  } else {
    token = randomUUID();
    await deps.unconfirmed(token);
  }
  let post: PostV11;
  try {
    post = await deps.client.posts.create(
      deps.site,
      { ...fields, metadata: [{ key: PUBLISH_TOKEN_KEY, value: token }] },
      { signal: deps.signal },
    );
  } catch (err) {
    if (!lost(err)) {
      // Refused: nothing was made, and the file need not remember the attempt.
      await deps.unconfirmed(null);
      throw err;
    }
    let found: PostV11 | undefined;
    try {
      found = await findByToken(token, deps);
    } catch {
      throw new PublishError(
        `It is not known whether ${titleOf(fields)} was published: ${unknownBecause(err)}, and the site could not be asked. The file remembers the attempt (unconfirmed): the next Publish looks for the post on the site before it creates one.`,
        [],
        undefined,
        err,
      );
    }
    if (!found)
      throw new PublishError(
        `${titleOf(fields)} was not published: ${unknownBecause(err)}, and the site, asked, has no such post. Publish again to send it.`,
        [],
        undefined,
        err,
      );
    post = found;
  }
  await deps.posts.set(deps.site, post.ID, { modified: post.modified ?? '' });
  return { kind: 'created', post, text: withFrontMatter(text, answeredKeys(post, deps.site)), uploaded, synced };
}

async function update(text: string, id: number, prepared: Prepared, seen: SeenPost, deps: PublishDeps): Promise<PublishOutcome> {
  const { fields, uploaded, synced } = prepared;
  const sent = sentPrint(fields);
  // Kept before sending: if the answer is lost, the next publish knows what the site may now hold.
  await deps.posts.set(deps.site, id, { modified: seen.modified, sent });
  const send = (since: string) =>
    deps.client.posts.update(deps.site, id, { ...fields, if_not_modified_since: since }, { signal: deps.signal });
  let post: PostV11;
  try {
    post = await send(seen.modified);
  } catch (err) {
    if (isOldRevision(err)) {
      const theirs = await deps.client.posts.get(deps.site, id, { context: 'edit' }, { signal: deps.signal });
      // Newer only by this extension's own earlier update, whose answer was lost: not a conflict.
      if (!holds(theirs, seen.sent) && !holds(theirs, sent))
        return {
          kind: 'conflict',
          reason: 'changed',
          theirs,
          theirsText: (await withSiteVersion(text, theirs, deps.site)).text,
          mine: text,
        };
      try {
        post = await send(theirs.modified ?? seen.modified);
      } catch (again) {
        if (!isOldRevision(again)) throw again;
        return conflict(text, id, 'changed', deps);
      }
    } else if (lost(err)) {
      let now: PostV11 | undefined;
      try {
        now = await deps.client.posts.get(deps.site, id, { context: 'edit' }, { signal: deps.signal });
      } catch {
        throw new PublishError(
          `It is not known whether ${titleOf(fields)} was updated: ${unknownBecause(err)}, and the site could not be asked. Publish again: it checks what the site holds first.`,
          [],
          undefined,
          err,
        );
      }
      if (!holds(now, sent))
        throw new PublishError(
          `${titleOf(fields)} was not updated: ${unknownBecause(err)}, and the site, asked, still has the earlier version. Publish again to send it.`,
          [],
          undefined,
          err,
        );
      post = now;
    } else throw err;
  }
  await deps.posts.set(deps.site, id, { modified: post.modified ?? '' });
  return { kind: 'updated', post, text: withFrontMatter(text, answeredKeys(post, deps.site)), uploaded, synced };
}

/** After a conflict, the writer keeps their version: an update over the site's version they were shown (and only that one). */
export async function takeMine(text: string, theirs: PostV11, deps: PublishDeps): Promise<PublishOutcome> {
  // Over exactly the version shown; the post's recorded way of writing, when there is one (the writer chose: no guard).
  const record = await deps.records.get(deps.site, theirs.ID);
  return update(text, theirs.ID, await prepare(checked(text, deps), deps, record), { modified: theirs.modified ?? '' }, deps);
}

/** The site's version of the post the file names, into the file: its front matter keys updated, its body replaced. */
export async function pullPost(
  text: string,
  deps: Pick<PublishDeps, 'client' | 'site' | 'posts' | 'signal'>,
): Promise<{ text: string; post: PostV11; synced: Synced }> {
  const parsed = parsePostFile(text);
  const { id } = parsed.meta;
  if (id === undefined)
    throw new PublishError('This file has not been published yet (no "id" in its front matter): there is nothing to pull.');
  if (parsed.meta.site !== undefined && parsed.meta.site !== deps.site)
    throw new PublishError(
      `This file's post is on ${parsed.meta.site}, and the chosen site is ${deps.site}. Choose ${parsed.meta.site} first.`,
    );
  const post = await deps.client.posts.get(deps.site, id, { context: 'edit' }, { signal: deps.signal });
  const { text: pulledText, synced } = await withSiteVersion(text, post, deps.site);
  await deps.posts.set(deps.site, id, { modified: post.modified ?? '' });
  return { text: pulledText, post, synced };
}
