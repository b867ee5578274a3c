/**
 * One fresh process: clones a site into a folder (src/writing/siteClone.ts, as Clone Site into
 * Folder does) from a service another process runs, so that its peak memory is the clone's own:
 * `node --import tsx scripts/bench/siteFolderClone.ts REST_URL SITE FOLDER MEMORIES_FILE`.
 * Prints JSON (siteFolder.ts's `ChildFigures`) on its last line: wall time, the process's peak RSS
 * (`resourceUsage().maxRSS`) and its RSS before the clone (this process with its code loaded: Node,
 * tsx and the writing code), the heap's growth at its highest (sampled as the files are written) and
 * what the heap still holds after. The sync records are files, one per post, as the extension keeps
 * them in its global storage (commands/writingMemory.ts); the versions go through the extension's
 * own `postMemory` over a global state that, as VS Code's, serializes the whole value it is given
 * at each update (what the extension host sends the main process). After the measuring, both are written to MEMORIES_FILE for whoever goes on from this
 * clone (a Sync of changed posts).
 */
import './vscodeStub';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type * as vscode from 'vscode';
import { ContentSiteClient } from '../../src/api';
import { MEMORY_WRITE_GAP_MS, postMemory } from '../../src/commands/writingMemory';
import { STORAGE_KEYS } from '../../src/ids';
import type { SeenPost } from '../../src/writing/publishBase';
import { cloneSite } from '../../src/writing/siteClone';
import type { SyncRecord } from '../../src/writing/syncRecord';

/** What one clone measured, as printed. */
export interface ChildFigures {
  ms: number;
  written: number;
  total: number;
  failed: number;
  peakRssBytes: number;
  rssBeforeBytes: number;
  heapPeakGrowthBytes: number;
  heapRetainedBytes: number;
  /** Writes of the global state (the posts' versions) during the clone, and the bytes they serialized. */
  stateWrites: number;
  stateBytes: number;
}

/** The clone's memories as written to MEMORIES_FILE: `site|id` → record, and → version. */
export interface ClonedMemories {
  records: Array<[string, SyncRecord]>;
  seen: Array<[string, SeenPost]>;
}

/** The demo user's token on the reference service (coldLoad.ts's, not imported: this process loads only what a clone needs). */
const TOKEN = 'cs-demo-token';

async function main(): Promise<void> {
  const [restUrl, site, folder, memoriesFile] = process.argv.slice(2);
  const api = new ContentSiteClient({ baseUrl: restUrl, token: TOKEN });
  const recordsDir = `${memoriesFile}.records`;
  mkdirSync(recordsDir, { recursive: true });
  const recordFile = (s: string, id: number) => join(recordsDir, `${encodeURIComponent(s)}|${id}.json`);
  /** The global state: each update's value serialized, as the extension host sends it, and kept. */
  const state = new Map<string, unknown>();
  let stateBytes = 0;
  let stateWrites = 0;
  const memento = {
    keys: () => [...state.keys()],
    get: <T>(key: string, fallback?: T) => (state.has(key) ? (state.get(key) as T) : fallback),
    update: async (key: string, value: unknown) => {
      stateBytes += JSON.stringify(value).length;
      stateWrites++;
      state.set(key, value);
      await new Promise((done) => setImmediate(done));
    },
  } as unknown as vscode.Memento;
  const posts = postMemory({ state: memento, baseUrl: () => restUrl });
  // The writing code is loaded (imported above) before the clock starts, as the command loads dist/writing.js before it clones.
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const started = performance.now();
  const out = await cloneSite(
    {
      client: api,
      service: restUrl,
      records: {
        get: async (s, id) =>
          readFile(recordFile(s, id), 'utf8').then(
            (t) => JSON.parse(t) as SyncRecord,
            () => undefined,
          ),
        set: (s, id, record) => writeFile(recordFile(s, id), JSON.stringify(record)),
      },
      posts,
    },
    {
      site,
      folder,
      onProgress: ({ done }) => {
        if (done % 100 === 0) heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      },
    },
  );
  const ms = performance.now() - started;
  const peakRss = process.resourceUsage().maxRSS * 1024;
  global.gc?.();
  const heapAfter = process.memoryUsage().heapUsed;
  const figures: ChildFigures = {
    ms,
    written: out.written,
    total: out.total,
    failed: out.failed.length,
    peakRssBytes: peakRss,
    rssBeforeBytes: rssBefore,
    heapPeakGrowthBytes: Math.max(heapPeak, heapAfter) - heapBefore,
    heapRetainedBytes: heapAfter - heapBefore,
    stateWrites,
    stateBytes,
  };
  const records = readdirSync(recordsDir).map((name): [string, SyncRecord] => [
    decodeURIComponent(name.slice(0, -'.json'.length)),
    JSON.parse(readFileSync(join(recordsDir, name), 'utf8')) as SyncRecord,
  ]);
  // The last write of the versions (a quarter of a second after the one before), then what it holds, by `site|id`.
  await new Promise((done) => setTimeout(done, 2 * MEMORY_WRITE_GAP_MS));
  const held = (state.get(STORAGE_KEYS.seenPosts) ?? {}) as Record<string, SeenPost>;
  const seen = Object.entries(held).map(([k, v]): [string, SeenPost] => [k.slice(restUrl.length + 1), v]);
  if (seen.length !== out.written) throw new Error(`the versions of ${seen.length} posts were kept, ${out.written} written`);
  const memories: ClonedMemories = { records, seen };
  writeFileSync(memoriesFile, JSON.stringify(memories));
  await api.close();
  console.log(JSON.stringify(figures));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
