/**
 * Sync of a site folder (issue 34, site-sync.md), in plain Node: what changed only on the site is
 * pulled into its file (or a new file), what changed only here is published, and a post changed on
 * both sides is merged three ways, the base being what the file and the site last agreed on (its
 * sync record): changes in different places merge and the result is published; overlapping ones
 * are written into the file as conflict markers, and such a file is never published.
 *
 * Never loses an edit. The pull is the clone's (siteClone.ts): a file is written over only while it
 * still holds what was last synced. A merge is written only over the text it merged (a file edited
 * meanwhile is left for the next Sync), and written before its new base is recorded, so a Sync
 * stopped between the two merges again next time rather than publishing over the site's version.
 * A publish keeps every guard of Publish (publisher.ts): the `modified` it last saw, the lossless
 * check (`unintended`: returned for the writer to confirm), the publish token of a create.
 */
import type { PostV11 } from '../api';
import { dirname } from 'node:path';
import { replaceFile } from './cloneFiles';
import { folderMarker, MARKER_FILE } from './cloneMarker';
import { hasConflicts } from './conflictMarkers';
import { outsideReason, readInside } from './folderGuard';
import { LimitError } from './limits';
import { mergePostFile } from './mergePost';
import { parsePostFile, withFrontMatter } from './postFile';
import { publishedKeys, withSiteVersion } from './postPull';
import { PublishError, type PublishClient } from './publishBase';
import { publishPost, type MediaMemory, type PostMemory } from './publisher';
import type { UploadRules } from './imageFiles';
import { cloneSite, type CloneDeps } from './siteClone';
import { secondBefore } from './sitePages';
import { recordOf, type SyncRecords } from './syncRecord';

export interface SyncDeps extends CloneDeps {
  client: CloneDeps['client'] & PublishClient;
  posts: PostMemory;
  records: SyncRecords;
  media: MediaMemory;
  rules(): Promise<UploadRules>;
  now(): Date;
}

export interface SyncRequest {
  site: string;
  /** The folder's real path. */
  root: string;
  /**
   * The site's clock from which the pull lists what changed: no later than the oldest change of the
   * site the folder has not taken (`SiteFolderModel.pullSince`); none: every post is listed.
   */
  since?: string;
  /** The files changed here and the files new here (the view's groups): what the publish pass sends. */
  publish: readonly string[];
  /** Which file holds which post (the session's reading of the folder): the pull reads only the files of the posts it lists. */
  files?: ReadonlyMap<number, string>;
  /** Files whose changes beyond the writer's edits (`unintended`) the writer has seen and accepted. */
  confirmed?: ReadonlySet<string>;
  signal?: AbortSignal;
  onProgress?(message: string): void;
}

export interface SyncOutcome {
  /** Files written with the site's version (new ones included). */
  pulled: number;
  /** Posts updated from their files, and posts created from files new here. */
  published: Array<{ path: string; post: PostV11; created: boolean }>;
  /** Posts changed on both sides whose changes merged without a question (then published). */
  merged: string[];
  /** Files now holding conflict markers: the writer resolves them, the next Sync publishes. */
  conflicts: string[];
  /** Not published: the post would change beyond the writer's edits (the publish guard); shown, and sent once confirmed. */
  unintended: Array<{ path: string; id: number; title: string; parts: number; before: string; after: string }>;
  /** Not published: the site could not be reached (the outbox takes them). */
  unreachable: Array<{ path: string; error: unknown }>;
  /** Files left for the next Sync, with why (edited during this one, a version this extension did not write, …). */
  leftAlone: Array<{ path: string; reason: string }>;
  failed: Array<{ path?: string; id?: number; message: string }>;
  /** The newest version listed: the next status check and Sync start from it. */
  newest?: string;
  /** Post files the pull read to learn which posts the folder holds. */
  filesRead: number;
  cancelled: boolean;
}

const message = (err: unknown) => (err instanceof Error ? ((err as { userMessage?: string }).userMessage ?? err.message) : String(err));

/** The service could not be reached (a publish that waits in the outbox rather than failing). */
export type Unreachable = (err: unknown) => boolean;

const nothingYet = (): SyncOutcome => ({
  pulled: 0,
  published: [],
  merged: [],
  conflicts: [],
  unintended: [],
  unreachable: [],
  leftAlone: [],
  failed: [],
  filesRead: 0,
  cancelled: false,
});

/**
 * One file of the folder published as Sync publishes it, and nothing else (the outbox's send): a
 * post changed on the site meanwhile is not merged nor sent over, it is left (`changedOnSite`) for
 * the view to list under Changed on Both.
 */
export async function publishFolderFile(
  deps: SyncDeps,
  req: Omit<SyncRequest, 'publish' | 'since'> & { path: string },
  unreachable: Unreachable,
): Promise<SyncOutcome & { changedOnSite: boolean }> {
  const out = nothingYet();
  const siteId = await markedSite(req.root, req.site);
  const changedOnSite = await publishOne(deps, { ...req, publish: [req.path] }, siteId, req.path, out, unreachable, false);
  return { ...out, changedOnSite };
}

export async function syncSite(deps: SyncDeps, req: SyncRequest, unreachable: Unreachable): Promise<SyncOutcome> {
  const { site, signal } = req;
  const out = nothingYet();
  const siteId = await markedSite(req.root, site);

  // 1. What changed on the site: into the files that still hold what was last synced, and new files.
  req.onProgress?.('Reading what changed on the site…');
  // A second before: the service compares whole seconds strictly, and a change made in the newest
  // version's own second must not be missed (one already taken is listed again and skipped).
  const since = req.since ? secondBefore(req.since) : undefined;
  const pulled = await cloneSite(deps, { site, folder: req.root, since, files: req.files, signal });
  out.pulled = pulled.written + pulled.updated;
  out.filesRead = pulled.filesRead;
  out.newest = pulled.newest ?? req.since;
  out.failed.push(...pulled.failed);
  if (pulled.cancelled) return { ...out, cancelled: true };

  // 2. Changed on both sides: merged three ways.
  const toPublish = new Set(req.publish);
  for (const left of pulled.leftAlone) {
    if (signal?.aborted) return { ...out, cancelled: true };
    if (left.reason === 'unknown') {
      out.leftAlone.push({ path: left.path, reason: 'no record of what it last held: Pull from Site or Publish it on its own' });
      continue;
    }
    req.onProgress?.(`Merging ${left.path}…`);
    let merged: Awaited<ReturnType<typeof mergeInto>>;
    try {
      merged = await mergeInto(deps, req.root, site, left.path, left.post);
    } catch (err) {
      // One file that cannot be merged (outside the folder through a link, unreadable) does not stop the others.
      out.failed.push({ path: left.path, id: left.post.ID, message: message(err) });
      toPublish.delete(left.path);
      continue;
    }
    if (merged === 'moved') out.leftAlone.push({ path: left.path, reason: 'edited during the Sync' });
    else if (merged instanceof LimitError) {
      out.leftAlone.push({ path: left.path, reason: merged.message });
      toPublish.delete(left.path);
    } else if (merged === 'conflict') {
      out.conflicts.push(left.path);
      toPublish.delete(left.path);
    } else {
      out.merged.push(left.path);
      toPublish.add(left.path);
    }
  }

  // 3. Changed only here (and merged cleanly): published, one at a time, in the order of their paths.
  for (const path of [...toPublish].sort()) {
    if (signal?.aborted) return { ...out, cancelled: true };
    req.onProgress?.(`Publishing ${path}…`);
    await publishOne(deps, req, siteId, path, out, unreachable);
  }
  return out;
}

/** The site ID the folder's marker names, checked to be the site a Sync or a publish of its files goes to (nothing is sent otherwise). */
async function markedSite(root: string, site: string): Promise<number> {
  const marker = await folderMarker(root);
  if (!marker) throw new PublishError(`${root} holds no ${MARKER_FILE}: it is not a site folder, so nothing is synced.`);
  if (marker.site !== site && String(marker.siteId) !== site)
    throw new PublishError(
      `The folder's ${MARKER_FILE} now says site ${marker.site} (ID ${marker.siteId}), not ${site}: nothing is synced. Reopen the folder, or put the site back in the marker.`,
    );
  return marker.siteId;
}

/**
 * Post `post` (the site's newer version) merged into the file at `path` three ways; the file's new
 * base recorded. A text too large to merge is its LimitError, the file and its record untouched.
 */
async function mergeInto(
  deps: SyncDeps,
  root: string,
  site: string,
  path: string,
  post: PostV11,
): Promise<'clean' | 'conflict' | 'moved' | LimitError> {
  const base = await deps.records.get(site, post.ID);
  const mine = await readInside(root, path);
  const theirs = await withSiteVersion(base?.fileText ?? mine, post, site);
  let merged;
  try {
    merged = await (base ? mergePostFile(base.fileText, mine, theirs.text) : mergePostFile(theirs.text, mine, theirs.text));
  } catch (err) {
    if (err instanceof LimitError) return err;
    throw err;
  }
  // The merge first: stopped before the record, the next Sync merges again (the site's change is in both then: no conflict).
  if (merged.text !== mine && !(await replaceFile(path, mine, merged.text, dirname(path)))) return 'moved';
  await deps.records.set(site, post.ID, recordOf(theirs.text, theirs.synced.style, theirs.synced.pieces));
  await deps.posts.set(site, post.ID, { modified: post.modified ?? '' });
  return merged.clean ? 'clean' : 'conflict';
}

/**
 * One file published (or created), its answer written back; what happened added to `out`. A post
 * changed on the site meanwhile is merged (`merge`) or left: true then.
 */
async function publishOne(
  deps: SyncDeps,
  req: SyncRequest,
  siteId: number,
  path: string,
  out: SyncOutcome,
  unreachable: Unreachable,
  merge = true,
): Promise<boolean> {
  const { site } = req;
  let text: string;
  try {
    text = await readInside(req.root, path);
  } catch (err) {
    const outside = outsideReason(err);
    const code = (err as NodeJS.ErrnoException).code;
    if (outside || code !== 'ENOENT') out.failed.push({ path, message: outside ?? `it could not be read (${code ?? String(err)})` });
    else out.leftAlone.push({ path, reason: 'the file is gone' });
    return false;
  }
  const parsed = parsePostFile(text);
  const id = parsed.meta.id;
  const says = parsed.meta.site;
  if (says !== undefined && says !== site && says !== String(siteId)) {
    out.failed.push({ path, id, message: `it says site: ${says}, and the folder is a clone of ${site}: it is not sent to either` });
    return false;
  }
  if (id !== undefined && (await deps.records.get(site, id))?.fileText === text) return false; // nothing changed here after all
  if (hasConflicts(text)) {
    out.conflicts.push(path);
    return false;
  }
  /** The file as it is now, for the writes below: each is made only over the text it read. */
  let current = text;
  const write = async (next: string): Promise<void> => {
    if (next === current) return;
    if (!(await replaceFile(path, current, next, dirname(path))))
      throw new PublishError(`${path} changed during the Sync: it is left for the next one.`);
    current = next;
  };
  const publishDeps = {
    client: deps.client,
    site,
    memory: deps.media,
    posts: deps.posts,
    place: { fileDir: dirname(path), root: req.root, file: path },
    rules: deps.rules,
    records: deps.records,
    unconfirmed: (token: string | null) => write(withFrontMatter(current, { unconfirmed: token })),
    now: deps.now,
    confirmed: req.confirmed?.has(path) ?? false,
    signal: req.signal,
  };
  try {
    let result = await publishPost(text, publishDeps);
    if (result.kind === 'conflict' && result.reason === 'changed' && !merge) {
      out.leftAlone.push({ path, reason: 'it changed on the site: Sync merges the two' });
      return true;
    }
    if (result.kind === 'conflict' && result.reason === 'changed') {
      // Changed on the site since the status was read: merged like any post changed on both sides.
      const merged = await mergeInto(deps, req.root, site, path, result.theirs);
      if (merged === 'conflict') {
        out.conflicts.push(path);
        return false;
      }
      if (merged === 'moved' || merged instanceof LimitError) {
        out.leftAlone.push({ path, reason: merged === 'moved' ? 'edited during the Sync' : merged.message });
        return false;
      }
      out.merged.push(path);
      current = await readInside(req.root, path);
      result = await publishPost(current, publishDeps);
    }
    if (result.kind === 'conflict') {
      out.leftAlone.push({
        path,
        reason:
          result.reason === 'untrusted'
            ? 'the version it says it last saw (modified) was not read or written here: Publish it on its own to compare'
            : 'it changed on the site again during the Sync',
      });
      return result.reason === 'changed';
    }
    if (result.kind === 'unintended') {
      out.unintended.push({
        path,
        id: parsed.meta.id ?? 0,
        title: parsed.meta.title ?? '',
        parts: result.changes.length,
        before: result.before,
        after: result.after,
      });
      return false;
    }
    // The site's answer into the file (its keys only, over what the file holds now), then the new base.
    await write(withFrontMatter(current, publishedKeys(result.text)));
    await deps.records.set(site, result.post.ID, recordOf(current, result.synced.style, result.synced.pieces));
    out.published.push({ path, post: result.post, created: result.kind === 'created' });
  } catch (err) {
    if (unreachable(err)) out.unreachable.push({ path, error: err });
    else out.failed.push({ path, id, message: message(err) });
  }
  return false;
}
