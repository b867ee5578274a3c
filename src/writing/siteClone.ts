/**
 * A whole site into a folder (issue 34, site-sync.md), in plain Node: every post and page of the
 * site but the trash as a post file, posts under `posts/` and pages under `pages/`, each named and
 * written as Open as Markdown writes it (fileNames.ts, postPull.ts `postAsFile`), with the sync
 * record a later pull, publish or three-way merge starts from (kept where the extension keeps it:
 * `deps.records`, `deps.posts`), and `.contentsite.json` at the root saying which site it is.
 *
 * Pages of the listing are written as they arrive (sitePages.ts). Cancelling stops between files:
 * every file written is whole, and running again resumes: a post whose file already holds its
 * version (same ID and `modified`) is skipped. A post changed on the site since is written over
 * its file only when the file is still what was last written (its sync record's text); a file with
 * local edits is left alone and reported. No file that is not the post's is ever written over: a
 * name another file holds makes the post take the next free name (`-2`), as Open as Markdown does,
 * and so does a name that differs from another's only by case or Unicode normalisation (`Case.md`
 * beside `case.md`): on a disk that ignores them (or a copy onto one) the two would be one file.
 * Posts edited while the clone pages move ahead of it: one last listing of what changed since the
 * newest version seen (`modified_after`, the service's clock) writes them too.
 */
import { ContentSiteError } from '../api/errors';
import { basename } from 'node:path';
import type { PostV11 } from '../api';
import type { SitesApi } from '../api/sites';
import {
  cloneDirs,
  cloneRoot,
  markdownFile,
  markdownFiles,
  removeLeftovers,
  replaceFile,
  takenNames,
  writeNewFile,
  type CloneDirs,
} from './cloneFiles';
import { markFolder } from './cloneMarker';
import { fileStem } from './fileNames';
import { parsePostFile } from './postFile';
import { postAsFile } from './postPull';
import { type PostMemory } from './publishBase';
import { secondBefore, sitePages, type ListPosts } from './sitePages';
import { recordOf, type SyncRecords } from './syncRecord';

export interface CloneDeps {
  client: { posts: ListPosts; sites: Pick<SitesApi, 'get'> };
  /** The service's REST address (the marker's; the memories below are already that service's). */
  service: string;
  /** Each post's version as last read or written (a publish trusts only these). */
  posts: PostMemory;
  /** What each file and the site last agreed on: the base of later merges. */
  records: SyncRecords;
}

export interface CloneRequest {
  /** The site as chosen (an ID or a domain): what each file's `site` says. */
  site: string;
  folder: string;
  signal?: AbortSignal;
  onProgress?(progress: { done: number; total: number }): void;
  /**
   * Only what changed on the site since this moment (the service's clock: the newest version the
   * folder took, less a second): Sync's pull. Without it, every post and page.
   */
  since?: string;
  /**
   * Which file holds which post, by ID, as the folder's session last read them (Sync's pull): only
   * the files of the posts listed are read. Without it (the Clone command), every file of `posts/`
   * and `pages/` is read once to find them.
   */
  files?: ReadonlyMap<number, string>;
}

export interface CloneOutcome {
  /** Posts written as new files. */
  written: number;
  /** Files brought to the site's newer version (they held what was last written). */
  updated: number;
  /** Files that already held the post's version. */
  skipped: number;
  /** Posts whose name another file holds, written under the next free name. */
  renamed: Array<{ id: number; path: string; taken: string }>;
  /** Files not written over, and why: local edits since the last write, or no record of what was written. */
  leftAlone: Array<{ id: number; path: string; reason: 'edited' | 'unknown'; post: PostV11 }>;
  /** Posts the writing code could not turn into a file (a bound it keeps), with its sentence; none of their files written. */
  failed: Array<{ id: number; message: string }>;
  /** Stopped by the signal: every file written is whole; run again to go on. */
  cancelled: boolean;
  /** The site's posts and pages, as the listing counted them. */
  total: number;
  /** The site's ID (the marker's). */
  siteId: number;
  /** The newest version listed (not a scheduled post's): where the next look for changes starts. */
  newest?: string;
  /** Post files read to learn which posts the folder holds (all of them without `files`; with it, those of the posts listed). */
  filesRead: number;
}

/** A file of this site's post already in the folder. */
interface Held {
  path: string;
  modified?: string;
}

/** Whether a file's front matter says it is post `id` of `site` (its ID or its name). */
const isOf = (meta: { id?: number; site?: string }, site: string, siteId: number) =>
  meta.id !== undefined && (meta.site === site || meta.site === String(siteId));

/**
 * The posts of `site` the folder already holds, by ID: with an index of the files (the session's),
 * each file is read only when its post is listed (and checked to hold it still); without one, every
 * file is read once, at the first post asked about. `count` says how many files were read.
 */
function heldPosts(dirs: CloneDirs, site: string, siteId: number, index: ReadonlyMap<number, string> | undefined, count: () => void) {
  let all: Promise<Map<number, Held>> | undefined;
  const readAll = async (): Promise<Map<number, Held>> => {
    const held = new Map<number, Held>();
    for (const dir of [dirs.post, dirs.page])
      for await (const file of markdownFiles(dir)) {
        count();
        const { meta } = parsePostFile(file.text);
        if (!isOf(meta, site, siteId) || held.has(meta.id!)) continue;
        held.set(meta.id!, { path: file.path, modified: meta.modified });
      }
    return held;
  };
  /** Taken by this run (written, or found): looked up before any file. */
  const known = new Map<number, Held>();
  return {
    async get(id: number): Promise<Held | undefined> {
      const had = known.get(id);
      if (had) return had;
      if (!index) return (await (all ??= readAll())).get(id);
      const path = index.get(id);
      if (path === undefined) return undefined;
      const file = await markdownFile(path);
      count();
      const meta = file && parsePostFile(file.text).meta;
      // The index is behind (the file was renamed, or now holds another post): every file read, as without one.
      if (meta?.id !== id) return (await (all ??= readAll())).get(id);
      // It names the post but not this site: not this site's file (as without an index).
      if (!isOf(meta, site, siteId)) return undefined;
      const found = { path, modified: meta.modified };
      known.set(id, found);
      return found;
    },
    set(id: number, held: Held): void {
      known.set(id, held);
    },
    /** Without an index: every file read now (before the first post is written, so none is taken for another's). */
    async ready(): Promise<void> {
      if (!index) await (all ??= readAll());
    },
  };
}

const aborted = (err: unknown, signal?: AbortSignal) =>
  signal?.aborted === true && (!(err instanceof ContentSiteError) || err.kind === 'cancelled');

export async function cloneSite(deps: CloneDeps, req: CloneRequest): Promise<CloneOutcome> {
  const { site, signal } = req;
  const about = await deps.client.sites.get(site, {}, { signal });
  const out: CloneOutcome = {
    written: 0,
    updated: 0,
    skipped: 0,
    renamed: [],
    leftAlone: [],
    failed: [],
    cancelled: false,
    total: 0,
    filesRead: 0,
    siteId: about.ID,
  };
  const root = await cloneRoot(req.folder);
  await markFolder(root, { service: deps.service, site, siteId: about.ID, ...(about.URL ? { url: about.URL } : {}) });
  const dirs = await cloneDirs(root);
  await Promise.all([removeLeftovers(dirs.post), removeLeftovers(dirs.page)]);
  const held = heldPosts(dirs, site, about.ID, req.files, () => out.filesRead++);
  await held.ready();
  /** The names each folder holds, as a disk that ignores case and normalisation compares them: a new file keeps clear of them all. */
  const names = new Map([
    [dirs.post, await takenNames(dirs.post)],
    [dirs.page, await takenNames(dirs.page)],
  ]);
  /** The posts this run has taken, with the version taken (each counted once, though a post edited meanwhile is listed twice). */
  const seen = new Map<number, string | undefined>();

  /** One listed post into its file. */
  async function take(post: PostV11): Promise<void> {
    // Listed again (the last listing of what changed meanwhile), and no newer: already taken as it is.
    if (post.status === 'trash' || (seen.has(post.ID) && seen.get(post.ID) === post.modified)) return;
    const have = await held.get(post.ID);
    if (have?.modified === post.modified) {
      if (!seen.has(post.ID)) out.skipped++;
      return;
    }
    // A Sync's pull: a version the folder already took, whose file is gone or is no longer the
    // folder's (a link to elsewhere), is no change of the site's, and is not written again.
    if (!have && req.since !== undefined && deps.posts.get(site, post.ID)?.modified === post.modified) return;
    let converted: Awaited<ReturnType<typeof postAsFile>>;
    try {
      converted = await postAsFile(post, site);
    } catch (err) {
      // One post the writing code refuses (beyond its bounds) does not stop the others.
      out.failed.push({ id: post.ID, message: err instanceof Error ? err.message : String(err) });
      return;
    }
    const { text, synced } = converted;
    const record = recordOf(text, synced.style, synced.pieces);
    const dir = post.type === 'page' ? dirs.page : dirs.post;
    if (have) {
      const last = await deps.records.get(site, post.ID);
      if (!last) {
        out.leftAlone.push({ id: post.ID, path: have.path, reason: 'unknown', post });
        return;
      }
      // The record first (put back when the file is not replaced): a file never holds a version its record does not.
      await deps.records.set(site, post.ID, record);
      if (!(await replaceFile(have.path, last.fileText, text, dir))) {
        await deps.records.set(site, post.ID, last);
        out.leftAlone.push({ id: post.ID, path: have.path, reason: 'edited', post });
        return;
      }
      have.modified = post.modified;
      out.updated++;
    } else {
      await deps.records.set(site, post.ID, record);
      const stem = fileStem(post.slug, `post-${post.ID}`);
      const path = await writeNewFile(dir, stem, text, names.get(dir));
      if (basename(path) !== `${stem}.md`) out.renamed.push({ id: post.ID, path, taken: `${stem}.md` });
      held.set(post.ID, { path, modified: post.modified });
      out.written++;
    }
    await deps.posts.set(site, post.ID, { modified: post.modified ?? '' });
  }

  /** Every post of one listing (the newest version it saw); not finished when cancelled. */
  async function pass(modifiedAfter?: string): Promise<{ newest?: string; finished: boolean; pages: number }> {
    let newest: string | undefined;
    let pages = 0;
    try {
      for await (const page of sitePages(deps.client.posts, site, { modifiedAfter, signal })) {
        pages++;
        if (!modifiedAfter) out.total = page.found;
        for (const post of page.posts) {
          if (signal?.aborted) return { finished: false, pages };
          // A scheduled post's `modified` is its future date: not a moment the site has reached.
          if (post.status !== 'future' && post.modified && (!newest || Date.parse(post.modified) > Date.parse(newest)))
            newest = post.modified;
          await take(post);
          seen.set(post.ID, post.modified);
          out.total = Math.max(out.total, seen.size);
          req.onProgress?.({ done: seen.size, total: out.total });
        }
      }
    } catch (err) {
      if (aborted(err, signal)) return { finished: false, pages };
      throw err;
    }
    return { newest, finished: true, pages };
  }

  const later = (a?: string, b?: string) => (!a ? b : !b ? a : Date.parse(b) > Date.parse(a) ? b : a);
  const first = await pass(req.since);
  out.newest = first.newest;
  // One page is one answer: nothing was edited between its pages, so nothing moved ahead of the listing.
  if (first.finished && first.newest && first.pages > 1 && !signal?.aborted) {
    const since = await pass(secondBefore(first.newest));
    out.newest = later(first.newest, since.newest);
    out.cancelled = !since.finished;
  } else out.cancelled = !first.finished || signal?.aborted === true;
  return out;
}
