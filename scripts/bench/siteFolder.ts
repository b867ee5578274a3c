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
 * - (Sync of 100 changed posts goes here: `cloneSeededSite` gives the service, the cloned folder and
 *   the clone's sync records and versions to go on from.)
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ContentSiteClient } from '../../src/api';
import type { SeenPost } from '../../src/writing/publishBase';
import { secondBefore } from '../../src/writing/sitePages';
import { siteVersions } from '../../src/writing/siteStatus';
import type { SyncRecord } from '../../src/writing/syncRecord';
import { SITES, startService, type RunningService } from '../../test/service';
import type { ChildFigures, ClonedMemories } from './siteFolderClone';

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
}

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
    const args = ['--expose-gc', '-r', 'tsx/cjs', resolve(__dirname, 'siteFolderClone.ts'), restUrl, SITE, folder, memoriesFile];
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
    const { ms, written, failed, peakRssBytes, rssBeforeBytes, heapPeakGrowthBytes, heapRetainedBytes } = child;
    const clone = {
      ...cost(svc, 0, ms),
      posts: listed,
      written,
      failed,
      peakRssBytes,
      rssBeforeBytes,
      heapPeakGrowthBytes,
      heapRetainedBytes,
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
    return {
      clone: site.clone,
      versions: { ...all.cost, listed: all.value.versions.length },
      quiet: { ...quiet.cost, listed: quiet.value.versions.length, changed },
    };
  } finally {
    await site.close();
  }
}
