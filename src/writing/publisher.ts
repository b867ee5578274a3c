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
import { ContentSiteError } from '../api/errors';
import { createHash, randomUUID } from 'node:crypto';
import type { PostV11, PostWrite, WriteStatus } from '../api';
import { outcomeUnknown, unknownBecause } from '../models/asError';
import { DEFAULT_FLAVOR, renderBody, type PlacedImage } from './bodyRenderer';
import { realPathInside } from './folderGuard';
import { uploadImages, type UploadDeps } from './imageUpload';
import { isLocalSrc } from './localImages';
import { errorsOf, parsePostFile, withFrontMatter, type ParsedPost, type Problem } from './postFile';
import { answeredKeys, withSiteVersion, type PullDeps } from './postPull';
import { PublishError, type PublishClient, type SeenPost, type Synced } from './publishBase';
import { bodyOptions, type PostStyle } from './pullContent';
import { styleOfRecord, unintended, type SyncRecord, type SyncRecords } from './syncRecord';

// What the commands' memories implement, where they import it from (commands/writingMemory.ts, postFiles.work.ts).
export type { MediaMemory, PostMemory, SeenPost } from './publishBase';

/** The post metadata key a create carries, whose value (a random token) finds the post for certain. */
export const PUBLISH_TOKEN_KEY = 'content_site_publish_token';

/** What a publish takes: what uploading its images and reading the site's version take, and more. */
export interface PublishDeps extends UploadDeps, PullDeps {
  client: PublishClient;
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

/** The service refused an update because the post changed since the client last saw it (409 old-revision). */
const isOldRevision = (err: unknown): err is ContentSiteError =>
  err instanceof ContentSiteError && err.status === 409 && err.code === 'old-revision';
const lost = (err: unknown): err is ContentSiteError => err instanceof ContentSiteError && outcomeUnknown(err);
/** A lost outcome the service itself answered: it finished with the request, whatever it did. */
const answered = (err: ContentSiteError): boolean => err.kind === 'api' || err.kind === 'bad_response';

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
  const { urls, uploaded } = await uploadImages(parsed, deps);
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
    // A page takes its place among the pages; a post its categories and tags (a page has none).
    ...(meta.type === 'page'
      ? { type: 'page' as const, parent: meta.parent, menu_order: meta.menu_order, page_template: meta.page_template }
      : { tags: meta.tags, categories: meta.categories }),
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
    { status: 'any', type: 'any', meta_key: PUBLISH_TOKEN_KEY, meta_value: token, number: 1, context: 'edit' },
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
  // A post file that leads outside its folder through a link is not the folder's to send.
  if (deps.place.root !== undefined && deps.place.file !== undefined) await realPathInside(deps.place.root, deps.place.file);
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
        `${titleOf(fields)} may have been published by an earlier attempt, and the site could not be asked (${err instanceof ContentSiteError ? err.userMessage : String(err)}). Nothing was sent; Publish again looks for it first.`,
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
    if (!found) {
      // The service answered (a 5xx, or an answer it sent that could not be read): it is done with the
      // create, so the look-up proves nothing was made, and the next Publish creates afresh. With no
      // answer (lost, late, cancelled) the create may still be under way there: the file keeps the
      // token, and the next Publish looks for it again first.
      if (answered(err)) await deps.unconfirmed(null);
      throw new PublishError(
        `${titleOf(fields)} was not published: ${unknownBecause(err)}, and the site, asked, has no such post. Publish again to send it.`,
        [],
        undefined,
        err,
      );
    }
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
    // What it is (a post or a page) is the site's once made: an update does not send it.
    deps.client.posts.update(deps.site, id, { ...fields, type: undefined, if_not_modified_since: since }, { signal: deps.signal });
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
