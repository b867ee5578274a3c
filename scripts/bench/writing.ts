/**
 * Writing posts on the bench's service (its latency on every request): publishing a 2,000-word post
 * with 5 local images the first time and again unchanged (requests, bytes sent and received, wall
 * time); that post (stored as blocks) opened from the site as Markdown and published back unchanged;
 * and rendering the body of a 50,000-word post as blocks, as Publish does (`renderBody`, median of
 * several runs, warm). The publisher is the extension's own (src/writing/publisher.ts) with the client.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ContentSiteClient } from '../../src/api';
import { renderBody } from '../../src/writing/bodyRenderer';
import { uploadRules } from '../../src/writing/imageFiles';
import { WRITING_LIMITS } from '../../src/writing/limits';
import { split } from '../../src/writing/postFile';
import { postAsFile } from '../../src/writing/postPull';
import type { MediaMemory, PostMemory, SeenPost } from '../../src/writing/publishBase';
import { publishPost, type PublishDeps } from '../../src/writing/publisher';
import { recordOf, type SyncRecord } from '../../src/writing/syncRecord';
import { startService, type RunningService } from '../../test/service';

const TOKEN = 'cs-demo-token';
const RENDER_RUNS = 7;

export interface PublishCost {
  requests: number;
  sent: number;
  received: number;
  ms: number;
}

export interface WritingFigures {
  first: PublishCost;
  again: PublishCost;
  imagesBytes: number;
  /** The body of a 50,000-word post rendered as blocks (what Publish sends), and the size of what it stores. */
  render50k: { ms: number; htmlBytes: number };
  /** That post (stored as blocks) opened as Markdown and published back unchanged: the site byte-identical. */
  open: PublishCost & { pieces: number; kept: number };
  unchanged: PublishCost & { identical: boolean };
}

const WORDS = ['lamp', 'morning', 'light', 'page', 'window', 'coffee', 'street', 'quiet', 'letter', 'garden', 'river', 'story'];

/** A post of `words` words in paragraphs of about 100, a code block and a list every few paragraphs, and `images` local images. */
export function samplePost(words: number, images: number): string {
  const out: string[] = ['---', 'title: A long walk', 'status: publish', 'tags: [bench]', '---', ''];
  let n = 0;
  for (let p = 0; n < words; p++) {
    const para: string[] = [];
    for (let i = 0; i < 100 && n < words; i++, n++) para.push(WORDS[(p * 7 + i * 3) % WORDS.length]);
    out.push(para.join(' ').replace(/^./, (c) => c.toUpperCase()) + '.', '');
    if (p % 5 === 2) out.push('```js', 'if (a < b && c) return "[gallery]";', '```', '');
    if (p % 5 === 4) out.push('- one', '- two `x[1]`', '');
    if (p < images) out.push(`![Picture ${p + 1}](images/picture-${p + 1}.png)`, '');
  }
  return out.join('\n');
}

/** A real PNG header (2×2) followed by `size` bytes that make each image distinct and of a realistic size. */
function png(seed: number, size: number): Buffer {
  const head = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAAMIM/4EAAB/uBfsL2WiLAAAAAElFTkSuQmCC',
    'base64',
  );
  const tail = Buffer.alloc(size);
  for (let i = 0; i < size; i++) tail[i] = (seed * 31 + i * 7) & 0xff;
  return Buffer.concat([head, tail]);
}

function cost(svc: RunningService, from: number, ms: number): PublishCost {
  const reqs = svc.requests.slice(from).filter((r) => r.path.startsWith('/rest/'));
  return {
    requests: reqs.length,
    sent: reqs.reduce((s, r) => s + (r.sentBytes ?? 0), 0),
    received: reqs.reduce((s, r) => s + r.bytes, 0),
    ms,
  };
}

export async function writingFigures(latencyMs: number): Promise<WritingFigures> {
  const svc = await startService({ port: 0, latencyMs });
  const dir = mkdtempSync(join(tmpdir(), 'cs-bench-writing-'));
  const api = new ContentSiteClient({ baseUrl: svc.restUrl, token: TOKEN });
  try {
    writeFileSync(join(dir, 'post.md'), '');
    const images = join(dir, 'images');
    mkdirSync(images);
    let imagesBytes = 0;
    for (let i = 1; i <= 5; i++) {
      const data = png(i, 40_000);
      imagesBytes += data.length;
      writeFileSync(join(images, `picture-${i}.png`), data);
    }
    const seen = new Map<string, { ID: number; URL: string }>();
    const memory: MediaMemory = {
      get: (site, sha) => seen.get(`${site}/${sha}`),
      set: (site, sha, item) => void seen.set(`${site}/${sha}`, item),
    };
    const versions = new Map<string, SeenPost>();
    const posts: PostMemory = {
      get: (site, id) => versions.get(`${site}/${id}`),
      set: (site, id, v) => void versions.set(`${site}/${id}`, v),
    };
    const deps: PublishDeps = {
      client: api,
      site: '2001',
      memory,
      posts,
      place: { fileDir: dir, root: dir },
      rules: async () => uploadRules(undefined, WRITING_LIMITS.defaultUploadBytes),
      unconfirmed: async () => undefined,
      records: { get: async () => undefined },
      now: () => new Date(),
    };
    await api.me(); // the connection and the lazy parts, as a session that is signed in has them
    const text = samplePost(2000, 5);
    let from = svc.requests.length;
    let t = performance.now();
    const first = await publishPost(text, deps);
    const firstCost = cost(svc, from, performance.now() - t);
    if (first.kind !== 'created') throw new Error('The bench post was not created.');
    from = svc.requests.length;
    t = performance.now();
    const again = await publishPost(first.text, deps);
    const againCost = cost(svc, from, performance.now() - t);
    if (again.kind !== 'updated') throw new Error('The bench post was not updated.');

    // Open it from the site as Markdown (as the Posts view's row does), then publish that file unchanged.
    const storedBefore = svc.world().posts.get(again.post.ID)!.content;
    from = svc.requests.length;
    t = performance.now();
    const onSite = await api.posts.get('2001', again.post.ID, { context: 'edit' });
    const opened = await postAsFile(onSite, '2001');
    const openCost = cost(svc, from, performance.now() - t);
    const pieces = opened.synced.pieces.length;
    const kept = (opened.text.match(/^```+html wordpress$/gm) ?? []).length;
    const records = new Map<number, SyncRecord>([[again.post.ID, recordOf(opened.text, opened.synced.style, opened.synced.pieces)]]);
    await posts.set('2001', again.post.ID, { modified: onSite.modified ?? '' });
    from = svc.requests.length;
    t = performance.now();
    const back = await publishPost(opened.text, { ...deps, records: { get: async (_s, id) => records.get(id) } });
    const unchangedCost = cost(svc, from, performance.now() - t);
    if (back.kind !== 'updated') throw new Error(`The opened post was not published back (${back.kind}).`);
    const identical = svc.world().posts.get(again.post.ID)!.content === storedBefore;

    // The body alone, as Publish renders it: the front matter is never Markdown.
    const long = split(samplePost(50_000, 0))!.body;
    renderBody(long, { mode: 'blocks' }); // warm: the renderer built once, as in a session
    const times: number[] = [];
    let html = '';
    for (let i = 0; i < RENDER_RUNS; i++) {
      const s = performance.now();
      html = renderBody(long, { mode: 'blocks' }).content;
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    return {
      first: firstCost,
      again: againCost,
      imagesBytes,
      render50k: { ms: times[Math.floor(times.length / 2)], htmlBytes: Buffer.byteLength(html) },
      open: { ...openCost, pieces, kept },
      unchanged: { ...unchangedCost, identical },
    };
  } finally {
    await api.close();
    await svc.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
