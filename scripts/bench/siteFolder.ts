/**
 * A whole site as a folder (issue 34) on a service of its own, seeded with 10,000 more posts on the
 * demo site (`sitePosts`, as `npm run service -- --posts 10000`), with the bench's latency on every
 * request:
 *
 * - cloning it (src/writing/siteClone.ts) in a fresh process (siteFolderClone.ts), so that its peak
 *   memory is the clone's own: list requests, response bytes, wall time, peak RSS, heap growth;
 * - the versions of every post, listed in full (what a first status check after opening a folder
 *   may ask), and a status check with nothing changed (`siteVersions` with `since`, the newest
 *   version listed, a second before: siteStatus.ts);
 * - a Sync of 100 changed posts on that clone (src/writing/siteSync.ts): 50 posts changed on the
 *   site by another user (ed) and 50 files changed here, then one `syncSite` from the newest version
 *   the folder holds, timed with its requests and bytes; it must pull the 50 and publish the 50;
 * - a Sync of ONE file changed here, as the extension runs it: the status check (what changed since
 *   the newest version listed), then `syncSite` given which file holds which post (the session's
 *   index): its requests, time, and the post files it read;
 * - the Source Control rows after a reload, for 27 files and 10,000 (siteFolderReload.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ContentSiteClient } from '../../src/api';
import { uploadRules } from '../../src/writing/imageFiles';
import { WRITING_LIMITS } from '../../src/writing/limits';
import { parsePostFile } from '../../src/writing/postFile';
import type { SeenPost } from '../../src/writing/publishBase';
import { secondBefore } from '../../src/writing/sitePages';
import { siteVersions, type SiteVersion } from '../../src/writing/siteStatus';
import { syncSite, type SyncDeps } from '../../src/writing/siteSync';
import type { SyncRecord } from '../../src/writing/syncRecord';
import { SITES, startService, type RunningService } from '../../test/service';
import { filesReadDuring } from './fileReads';
import type { ChildFigures, ClonedMemories } from './siteFolderClone';
import { reloadRows, type ReloadFigures } from './siteFolderReload';

/** Posts added to the demo site (the seed's own few come with them). */
export const SITE_FOLDER_POSTS = 10_000;
const SITE = String(SITES.demo);
const TOKEN = 'cs-demo-token';
const root = resolve(__dirname, '../..');

export interface ServiceCost {
  requests: number;
  /** Response bodies uncompressed. */
  bytes: number;
  /** What crossed the wire (compressed when the client asked for it). */
  wire: number;
  ms: number;
}

export interface CloneFigures extends ServiceCost {
  /** Of `requests`, those of the posts listing (the rest: the site's details). */
  listRequests: number;
  /** Posts and pages the site lists (any status but the trash), and files written. */
  posts: number;
  written: number;
  failed: number;
  peakRssBytes: number;
  rssBeforeBytes: number;
  heapPeakGrowthBytes: number;
  heapRetainedBytes: number;
  /** Writes of the global state (the posts' versions) and the bytes they serialized. */
  stateWrites: number;
  stateBytes: number;
}

/** The seeded service after a clone, to go on from (e.g. a Sync of changed posts); `close` removes the folder too. */
export interface ClonedSite {
  svc: RunningService;
  api: ContentSiteClient;
  site: string;
  folder: string;
  clone: CloneFigures;
  /** The clone's sync records and versions, by `site|id`, as the extension keeps them. */
  records: Map<string, SyncRecord>;
  seen: Map<string, SeenPost>;
  close(): Promise<void>;
}

export interface SiteFolderFigures {
  clone: CloneFigures;
  /** Every post's version, no `since`. */
  versions: ServiceCost & { listed: number };
  /** With nothing changed since the newest version listed. */
  quiet: ServiceCost & { listed: number; changed: number };
  sync: SyncFigures;
  one: OneChangeFigures;
  /** The Source Control rows after a reload, for 27 files and for 10,000. */
  reload: ReloadFigures[];
}

/** A Sync of one file changed here, the status check before it included. */
export interface OneChangeFigures extends ServiceCost {
  /** Post files read (each once), and of them those the pull read to find the posts it lists. */
  filesRead: number;
  pullFilesRead: number;
  files: number;
  published: number;
}

/** One Sync after `SYNC_CHANGED` posts changed, half on the site and half here. */
export interface SyncFigures extends ServiceCost {
  /** Of `requests`, those of the posts listing (the pull). */
  listRequests: number;
  changedOnSite: number;
  changedHere: number;
  pulled: number;
  published: number;
  /** Of `ms`, the pull (the site's details, what changed listed, the folder's files read, the 50 written) before the first publish. */
  pullMs: number;
}

/** Posts changed before the Sync: half by another user on the site, half in their files here. */
export const SYNC_CHANGED = 100;

function cost(svc: RunningService, from: number, ms: number): ServiceCost & { listRequests: number } {
  const reqs = svc.requests.slice(from).filter((r) => r.path.startsWith('/rest/'));
  return {
    requests: reqs.length,
    listRequests: reqs.filter((r) => r.path.startsWith(`/rest/v1.1/sites/${SITE}/posts/?`)).length,
    bytes: reqs.reduce((n, r) => n + r.bytes, 0),
    wire: reqs.reduce((n, r) => n + (r.wireBytes ?? r.bytes), 0),
    ms,
  };
}

/** Runs the clone in a fresh Node process (its last line of output is its figures). */
function cloneInChild(restUrl: string, folder: string, memoriesFile: string): Promise<ChildFigures> {
  return new Promise((done, fail) => {
    const args = ['--expose-gc', '--import', 'tsx', resolve(__dirname, 'siteFolderClone.ts'), restUrl, SITE, folder, memoriesFile];
    // Asynchronous: the service answering the child runs in this process.
    execFile(process.execPath, args, { cwd: root, maxBuffer: 16 * 1024 * 1024 }, (err, stdout) => {
      if (err) return fail(err);
      done(JSON.parse(stdout.trim().split('\n').pop()!) as ChildFigures);
    });
  });
}

/** Starts the service seeded with `posts` more posts and clones the demo site into a new folder, in a fresh process. */
export async function cloneSeededSite(latencyMs: number, posts = SITE_FOLDER_POSTS): Promise<ClonedSite> {
  const svc = await startService({ latencyMs, seed: { sitePosts: posts } });
  const work = mkdtempSync(join(tmpdir(), 'cs-bench-site-'));
  const folder = join(work, 'site');
  const memoriesFile = join(work, 'memories.json');
  const api = new ContentSiteClient({ baseUrl: svc.restUrl, token: TOKEN });
  const close = async () => {
    await api.close();
    await svc.close();
    rmSync(work, { recursive: true, force: true });
  };
  try {
    svc.requests.length = 0;
    const child = await cloneInChild(svc.restUrl, folder, memoriesFile);
    const listed = [...svc.world().posts.values()].filter(
      (p) => p.siteId === SITES.demo && p.status !== 'trash' && (p.type === 'post' || p.type === 'page'),
    ).length;
    if (child.written !== listed || child.failed > 0)
      throw new Error(`the clone wrote ${child.written} of ${listed} posts (${child.failed} failed)`);
    const { ms, written, failed, peakRssBytes, rssBeforeBytes, heapPeakGrowthBytes, heapRetainedBytes, stateWrites, stateBytes } = child;
    const clone = {
      ...cost(svc, 0, ms),
      posts: listed,
      written,
      failed,
      peakRssBytes,
      rssBeforeBytes,
      heapPeakGrowthBytes,
      heapRetainedBytes,
      stateWrites,
      stateBytes,
    };
    const memories = JSON.parse(readFileSync(memoriesFile, 'utf8')) as ClonedMemories;
    return { svc, api, site: SITE, folder, clone, records: new Map(memories.records), seen: new Map(memories.seen), close };
  } catch (err) {
    await close();
    throw err;
  }
}

async function timed<T>(svc: RunningService, work: () => Promise<T>): Promise<{ value: T; cost: ServiceCost }> {
  const from = svc.requests.length;
  const t = performance.now();
  const value = await work();
  const { listRequests: _list, ...c } = cost(svc, from, performance.now() - t);
  return { value, cost: c };
}

/** Each post file of the clone, by the post it holds. */
function filesById(folder: string): Map<number, string> {
  const out = new Map<number, string>();
  for (const dir of ['posts', 'pages'])
    for (const name of readdirSync(join(folder, dir))) {
      if (!name.endsWith('.md')) continue;
      const path = join(folder, dir, name);
      const id = parsePostFile(readFileSync(path, 'utf8')).meta.id;
      if (id !== undefined) out.set(id, path);
    }
  return out;
}

/**
 * Changes `SYNC_CHANGED` published posts spread over the site (every other one by ed on the site,
 * the rest in their files), then times one Sync from `since` (the newest version the folder holds).
 */
async function syncOfChanged(
  site: ClonedSite,
  deps: SyncDeps,
  versions: readonly SiteVersion[],
  since: string,
): Promise<{ figures: SyncFigures; newest?: string }> {
  const { svc, folder } = site;
  const posts = versions.filter((v) => v.type === 'post' && v.status === 'publish').sort((a, b) => a.id - b.id);
  const step = Math.floor(posts.length / SYNC_CHANGED);
  if (step < 1) throw new Error(`the site has ${posts.length} published posts, fewer than ${SYNC_CHANGED}`);
  const chosen = Array.from({ length: SYNC_CHANGED }, (_, i) => posts[i * step].id);
  const onSite = chosen.filter((_, i) => i % 2 === 0);
  const here = chosen.filter((_, i) => i % 2 === 1);
  const ed = new ContentSiteClient({ baseUrl: svc.restUrl, token: 'cs-ed-token' });
  try {
    for (const id of onSite) {
      const now = await ed.posts.get(SITE, id, { context: 'edit' });
      await ed.posts.update(SITE, id, { content: `${now.content ?? ''}\n\n<p>Changed on the site by Ed.</p>` });
    }
  } finally {
    await ed.close();
  }
  const paths = filesById(folder);
  const publish = here.map((id) => {
    const path = paths.get(id);
    if (!path) throw new Error(`no file holds post ${id}`);
    writeFileSync(path, `${readFileSync(path, 'utf8').trimEnd()}\n\nChanged here for the Sync.\n`);
    return path;
  });
  const from = svc.requests.length;
  const t = performance.now();
  let pullMs = 0;
  const onProgress = (message: string) => {
    if (!pullMs && message.startsWith('Publishing')) pullMs = performance.now() - t;
  };
  // As the extension: given the session's index of which file holds which post.
  const out = await syncSite(deps, { site: SITE, root: folder, since, publish, files: paths, onProgress }, () => false);
  const c = cost(svc, from, performance.now() - t);
  // A clean run, or the figures are not those of the row: no merge, conflict, question, failure or file left.
  const other =
    out.merged.length + out.conflicts.length + out.unintended.length + out.failed.length + out.leftAlone.length + out.unreachable.length;
  if (out.pulled !== onSite.length || out.published.length !== here.length || other > 0)
    throw new Error(
      `the Sync pulled ${out.pulled} and published ${out.published.length} of ${onSite.length} and ${here.length}: ${JSON.stringify({ ...out, published: out.published.length })}`,
    );
  const figures = {
    ...c,
    pullMs,
    changedOnSite: onSite.length,
    changedHere: here.length,
    pulled: out.pulled,
    published: out.published.length,
  };
  return { figures, newest: out.newest };
}

/** The memories a Sync of the clone goes on with (the clone's records and versions), as the extension keeps them. */
function syncDeps(site: ClonedSite): SyncDeps {
  const key = (s: string, id: number) => `${s}|${id}`;
  const media = new Map<string, { ID: number; URL: string }>();
  return {
    client: site.api,
    service: site.svc.restUrl,
    posts: {
      get: (s: string, id: number) => site.seen.get(key(s, id)),
      set: (s: string, id: number, v: SeenPost) => void site.seen.set(key(s, id), v),
    },
    records: {
      get: async (s: string, id: number) => site.records.get(key(s, id)),
      set: async (s: string, id: number, r: SyncRecord) => void site.records.set(key(s, id), r),
    },
    media: {
      get: (s: string, sha: string) => media.get(`${s}/${sha}`),
      set: (s: string, sha: string, item: { ID: number; URL: string }) => void media.set(`${s}/${sha}`, item),
    },
    rules: async () => uploadRules(undefined, WRITING_LIMITS.defaultUploadBytes),
    now: () => new Date(),
  };
}

/**
 * One file changed here, then a Sync as the extension runs it: the status check from the newest
 * version the folder holds (one cheap listing), then `syncSite` with the session's index of which
 * file holds which post. It must publish that file and nothing else.
 */
async function syncOfOne(site: ClonedSite, deps: SyncDeps, newest: string): Promise<OneChangeFigures> {
  const { svc, api, folder } = site;
  const paths = filesById(folder);
  const [, path] = [...paths].find(([, p]) => p.startsWith(join(folder, 'posts')))!;
  writeFileSync(path, `${readFileSync(path, 'utf8').trimEnd()}\n\nOne change here.\n`);
  const from = svc.requests.length;
  const t = performance.now();
  const { value: out, read } = await filesReadDuring(folder, async () => {
    const check = await siteVersions(api.posts, SITE, { since: secondBefore(newest) });
    return syncSite(deps, { site: SITE, root: folder, since: check.newest ?? newest, publish: [path], files: paths }, () => false);
  });
  const { listRequests: _list, ...c } = cost(svc, from, performance.now() - t);
  if (out.published.length !== 1 || out.published[0].path !== path || out.failed.length + out.leftAlone.length > 0)
    throw new Error(`the Sync of one change: ${JSON.stringify({ ...out, published: out.published.map((p) => p.path) })}`);
  return { ...c, filesRead: read.size, pullFilesRead: out.filesRead, files: paths.size, published: out.published.length };
}

export async function siteFolderFigures(latencyMs: number): Promise<SiteFolderFigures> {
  const site = await cloneSeededSite(latencyMs);
  try {
    const { svc, api } = site;
    await api.me(); // a warm connection, as an editor that already cloned
    const all = await timed(svc, () => siteVersions(api.posts, SITE));
    if (!all.value.newest) throw new Error('the full listing gave no newest version');
    const held = new Map(all.value.versions.map((v) => [v.id, v.modified]));
    const since = secondBefore(all.value.newest);
    const quiet = await timed(svc, () => siteVersions(api.posts, SITE, { since }));
    const changed = quiet.value.versions.filter((v) => held.get(v.id) !== v.modified).length;
    const deps = syncDeps(site);
    // One change first, from the clone as it stands (the 100 changes below share the service's one
    // second, which a later pull lists again; a clock that moves has a few posts in its newest second).
    const one = await syncOfOne(site, deps, quiet.value.newest ?? all.value.newest);
    const synced = await syncOfChanged(site, deps, all.value.versions, quiet.value.newest ?? all.value.newest);
    return {
      clone: site.clone,
      one,
      versions: { ...all.cost, listed: all.value.versions.length },
      quiet: { ...quiet.cost, listed: quiet.value.versions.length, changed },
      sync: synced.figures,
      reload: [await reloadRows(27), await reloadRows(SITE_FOLDER_POSTS)],
    };
  } finally {
    await site.close();
  }
}
