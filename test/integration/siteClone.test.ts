/**
 * Cloning a whole site into a folder (src/writing/siteClone.ts) against the reference service with
 * 300 more posts: every post and page but the trash written once, named and worded as Open as
 * Markdown writes it, with its sync record; the marker file; one list request per 100 posts; a
 * clone cancelled halfway and run again writes the rest and nothing twice; a post edited while the
 * clone pages is not missed; no file that is not the post's is written over, a file edited since
 * the clone is left alone, and nothing is written outside the folder.
 */
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileStem } from '../../src/writing/fileNames';
import { parsePostFile } from '../../src/writing/postFile';
import { postAsFile } from '../../src/writing/postPull';
import type { SeenPost } from '../../src/writing/publishBase';
import { cloneSite, type CloneDeps, type CloneOutcome } from '../../src/writing/siteClone';
import type { SyncRecord } from '../../src/writing/syncRecord';
import { removeWorkspaces, tempFolder } from './postFileStandIn';
import { useClientAndService } from './setup';

const SITE = '2001';
const SITE_POSTS = 300;

/** A record store and a version memory as the extension keeps them (in memory here). */
function memories() {
  const records = new Map<string, SyncRecord>();
  const seen = new Map<string, SeenPost>();
  return {
    records,
    seen,
    deps: {
      records: {
        get: async (site: string, id: number) => records.get(`${site}|${id}`),
        set: async (site: string, id: number, record: SyncRecord) => void records.set(`${site}|${id}`, record),
      },
      posts: {
        get: (site: string, id: number) => seen.get(`${site}|${id}`),
        set: (site: string, id: number, s: SeenPost) => void seen.set(`${site}|${id}`, s),
      },
    },
  };
}

/** Every post file in the clone: its folder (`posts` or `pages`), name, text and post ID. */
function filesOf(folder: string) {
  return ['posts', 'pages'].flatMap((kind) =>
    existsSync(join(folder, kind))
      ? readdirSync(join(folder, kind)).map((name) => {
          const text = readFileSync(join(folder, kind, name), 'utf8');
          return { kind, name, text, id: parsePostFile(text).meta.id };
        })
      : [],
  );
}

describe('Cloning a whole site into a folder', function () {
  this.timeout(60_000);
  const { svc, client } = useClientAndService({ retry: { maxTries: 3, minDelayMs: 1, maxDelayMs: 40 } }, { sitePosts: SITE_POSTS });
  afterEach(removeWorkspaces);
  const depsOf = (m: ReturnType<typeof memories>): CloneDeps => ({ client: client(), service: svc().restUrl, ...m.deps });
  /** The demo site's posts and pages a clone holds: every status but the trash. */
  const listed = () =>
    [...svc().world().posts.values()].filter((p) => p.siteId === 2001 && p.status !== 'trash' && (p.type === 'post' || p.type === 'page'));
  const listRequests = () => svc().requests.filter((r) => r.method === 'GET' && r.path.startsWith(`/rest/v1.1/sites/${SITE}/posts/?`));
  const postRequests = () => svc().requests.filter((r) => r.method === 'GET' && /\/posts\/\d+(\?|$)/.test(r.path));

  it('writes every post and page once, named as Open as Markdown names it, holding what Pull gives, with its record; the marker says which site', async () => {
    const folder = tempFolder('clone-');
    const m = memories();
    const progress: Array<{ done: number; total: number }> = [];
    let listedBeforeFirstFile = 0;
    const out = await cloneSite(depsOf(m), {
      site: SITE,
      folder,
      onProgress: (p) => {
        if (!progress.length) listedBeforeFirstFile = listRequests().length;
        progress.push(p);
      },
    });

    const posts = listed();
    const n = posts.length;
    assert.ok(n > SITE_POSTS, `the seed lists ${n}`);
    assert.deepEqual([out.written, out.skipped, out.updated, out.cancelled, out.total], [n, 0, 0, false, n]);
    assert.deepEqual([out.renamed, out.leftAlone, out.failed], [[], [], []]);
    assert.ok(listRequests().length <= Math.ceil(n / 100) + 1, `${listRequests().length} list requests for ${n} posts`);
    assert.deepEqual(postRequests(), [], 'no post is fetched one by one');
    assert.ok(listedBeforeFirstFile <= 2, `the first page is written as it arrives (${listedBeforeFirstFile} list requests before)`);
    assert.deepEqual(progress.at(-1), { done: n, total: n });

    const files = filesOf(folder);
    assert.equal(files.length, n, 'one file per post, nothing else');
    const byId = new Map(files.map((f) => [f.id, f]));
    assert.equal(byId.size, n, 'no post written twice');
    const reader = client();
    for (const post of posts) {
      const file = byId.get(post.ID);
      assert.ok(file, `post ${post.ID} (${post.status}) is written`);
      assert.equal(file.kind, post.type === 'page' ? 'pages' : 'posts', `post ${post.ID}`);
      assert.equal(file.name, `${fileStem(post.slug, `post-${post.ID}`)}.md`);
      const pulled = await postAsFile(await reader.posts.get(SITE, post.ID, { context: 'edit' }), SITE);
      assert.equal(file.text, pulled.text, `post ${post.ID}: the bytes Pull gives`);
      assert.equal(m.records.get(`${SITE}|${post.ID}`)?.fileText, file.text, `post ${post.ID}: its sync record`);
      assert.equal(m.seen.get(`${SITE}|${post.ID}`)?.modified, parsePostFile(file.text).meta.modified);
    }
    const trashed = [...svc().world().posts.values()].filter((p) => p.siteId === 2001 && p.status === 'trash');
    assert.ok(trashed.length > 5);
    for (const post of trashed) assert.ok(!byId.has(post.ID), `trashed post ${post.ID} is not written`);

    const markerText = readFileSync(join(folder, '.contentsite.json'), 'utf8');
    assert.deepEqual(JSON.parse(markerText), { service: svc().restUrl, site: SITE, siteId: 2001, url: 'https://demo.example.blog' });
    assert.ok(!markerText.includes('token'), 'no token in the marker');
  });

  it('a post edited while the clone pages (moved ahead of it in the listing) is written too, in its new version', async () => {
    const folder = tempFolder('clone-');
    const m = memories();
    const oldest = listed().sort((a, b) => a.modified - b.modified)[0];
    let sets = 0;
    const deps = depsOf(m);
    const ed = client('cs-ed-token');
    // Edited once the clone has written 50 files: it moves from the last page to the first, already read.
    const records = {
      get: deps.records.get,
      set: async (site: string, id: number, record: SyncRecord) => {
        if (++sets === 50) await ed.posts.update(SITE, oldest.ID, { content: '<p>Edited while the clone ran.</p>' });
        await deps.records.set(site, id, record);
      },
    };
    const out = await cloneSite({ ...deps, records }, { site: SITE, folder });
    assert.equal(out.written, listed().length);
    const file = filesOf(folder).find((f) => f.id === oldest.ID);
    assert.ok(file, `post ${oldest.ID} is written`);
    assert.match(file.text, /Edited while the clone ran\./);
    assert.equal(file.text, (await postAsFile(await client().posts.get(SITE, oldest.ID, { context: 'edit' }), SITE)).text);
  });

  it('a post moved to the trash before the clone is not written', async () => {
    const folder = tempFolder('clone-');
    await client().posts.trash(SITE, 100);
    const out = await cloneSite(depsOf(memories()), { site: SITE, folder });
    assert.equal(out.written, listed().length);
    assert.ok(!filesOf(folder).some((f) => f.id === 100), 'post 100 is in the trash: no file');
  });

  it('cancelled halfway, every file written is whole; run again, it writes the rest and nothing twice, fetching nothing beyond the listing', async () => {
    const folder = tempFolder('clone-');
    const m = memories();
    const stop = new AbortController();
    const first = await cloneSite(depsOf(m), {
      site: SITE,
      folder,
      signal: stop.signal,
      onProgress: ({ done }) => done === 150 && stop.abort(),
    });
    assert.equal(first.cancelled, true);
    assert.equal(first.written, 150);
    const half = filesOf(folder);
    assert.equal(half.length, 150, 'nothing left at a temporary name');
    for (const f of half) assert.equal(f.text, m.records.get(`${SITE}|${f.id}`)?.fileText, `${f.name} is whole`);

    svc().requests.length = 0;
    const second = await cloneSite(depsOf(m), { site: SITE, folder });
    const n = listed().length;
    assert.deepEqual([second.cancelled, second.skipped, second.written, second.updated], [false, 150, n - 150, 0]);
    const files = filesOf(folder);
    assert.equal(files.length, n);
    assert.equal(new Set(files.map((f) => f.id)).size, n, 'no post written twice');
    for (const f of half) assert.equal(readFileSync(join(folder, f.kind, f.name), 'utf8'), f.text, `${f.name} untouched`);
    assert.ok(listRequests().length <= Math.ceil(n / 100) + 1);
    assert.deepEqual(postRequests(), []);
  });

  it("a file holding another post's ID at a post's name is not written over: the post takes the next name, and both are reported", async () => {
    const folder = tempFolder('clone-');
    const post = svc().world().posts.get(101)!;
    const stem = fileStem(post.slug, 'post-101');
    const squatter = `---\ntitle: Mine\nid: 102\nsite: "${SITE}"\nmodified: 2020-01-01T00:00:00+00:00\n---\nMy own words.\n`;
    mkdirSync(join(folder, 'posts'));
    writeFileSync(join(folder, 'posts', `${stem}.md`), squatter);

    const out: CloneOutcome = await cloneSite(depsOf(memories()), { site: SITE, folder });
    assert.equal(readFileSync(join(folder, 'posts', `${stem}.md`), 'utf8'), squatter, 'left as it was');
    assert.deepEqual(
      out.renamed.map((r) => [r.id, r.taken]),
      [[101, `${stem}.md`]],
    );
    assert.equal(parsePostFile(readFileSync(join(folder, 'posts', `${stem}-2.md`), 'utf8')).meta.id, 101);
    assert.deepEqual(
      out.leftAlone.map(({ id, path, reason }) => ({ id, path, reason })),
      [{ id: 102, path: join(folder, 'posts', `${stem}.md`), reason: 'unknown' }],
    );
  });

  it('slugs that differ only by case or Unicode normalisation get names that differ otherwise too: the second takes -2', async () => {
    const folder = tempFolder('clone-');
    // The service lowercases the slugs it is given; another site may not (and NFD comes from some editors).
    const world = svc().world().posts;
    const slugs: Array<[number, string]> = [
      [100, 'Case'],
      [101, 'case'],
      [103, 'Cafe\u0301'],
      [104, 'caf\u00e9'],
    ];
    for (const [id, slug] of slugs) world.get(id)!.slug = slug;
    const out = await cloneSite(depsOf(memories()), { site: SITE, folder });
    assert.equal(out.written, listed().length);
    const names = readdirSync(join(folder, 'posts'));
    const keys = names.map((n) => n.normalize('NFC').toLowerCase());
    const twice = names.filter((_, i) => keys.indexOf(keys[i]) !== i);
    assert.deepEqual(twice, [], 'every name unique ignoring case and normalisation');
    const byId = new Map(filesOf(folder).map((f) => [f.id, f.name.normalize('NFC').toLowerCase()]));
    assert.deepEqual([byId.get(100), byId.get(101)].sort(), ['case-2.md', 'case.md']);
    assert.deepEqual([byId.get(103), byId.get(104)].sort(), ['café-2.md', 'café.md']);
    assert.equal(out.renamed.length, 2, 'both second names reported');
  });

  it('run again after the site changed: an untouched file takes the new version, a file edited since is left alone and reported', async () => {
    const folder = tempFolder('clone-');
    const m = memories();
    await cloneSite(depsOf(m), { site: SITE, folder });
    const fileOf = (id: number) => filesOf(folder).find((f) => f.id === id)!;
    const edited = `${fileOf(100).text}\nA line of my own.\n`;
    writeFileSync(join(folder, 'posts', fileOf(100).name), edited);
    const ed = client('cs-ed-token');
    await ed.posts.update(SITE, 100, { content: '<p>Changed by Ed.</p>' });
    const changed = await ed.posts.update(SITE, 103, { content: '<p>Also changed by Ed.</p>' });

    const out = await cloneSite(depsOf(m), { site: SITE, folder });
    assert.equal(out.updated, 1);
    assert.deepEqual(
      out.leftAlone.map((l) => [l.id, l.reason]),
      [[100, 'edited']],
    );
    assert.equal(fileOf(100).text, edited, 'the edited file is as the writer left it');
    const pulled = await postAsFile(await client().posts.get(SITE, 103, { context: 'edit' }), SITE);
    assert.equal(fileOf(103).text, pulled.text);
    assert.match(fileOf(103).text, /Also changed by Ed\./);
    assert.equal(m.records.get(`${SITE}|103`)?.fileText, pulled.text);
    assert.equal(m.seen.get(`${SITE}|103`)?.modified, changed.modified);
  });

  it('a folder that holds another site’s clone is refused, and nothing in it is written', async () => {
    const folder = tempFolder('clone-');
    const marker = JSON.stringify({ service: svc().restUrl, site: '2002', siteId: 2002 });
    writeFileSync(join(folder, '.contentsite.json'), marker);
    await assert.rejects(cloneSite(depsOf(memories()), { site: SITE, folder }), /holds a clone of site 2002 \(ID 2002\)/);
    assert.equal(readFileSync(join(folder, '.contentsite.json'), 'utf8'), marker);
    assert.deepEqual(readdirSync(folder), ['.contentsite.json'], 'nothing made beside the marker');
  });

  it('posts/ leading outside the folder (a symbolic link) is refused: nothing is written there', async () => {
    const folder = tempFolder('clone-');
    const elsewhere = tempFolder('elsewhere-');
    symlinkSync(elsewhere, join(folder, 'posts'), 'dir');
    await assert.rejects(cloneSite(depsOf(memories()), { site: SITE, folder }), /posts leads outside the folder/);
    assert.deepEqual(readdirSync(elsewhere), []);
  });

  it('a 429 on the listing is waited out, and the clone goes on', async () => {
    const folder = tempFolder('clone-');
    svc().queueFault({ path: `/rest/v1.1/sites/${SITE}/posts/`, count: 1, fault: 'ratelimit=1' });
    // As the extension's client: a Retry-After up to its bound is waited out.
    const out = await cloneSite(
      { ...depsOf(memories()), client: client('cs-demo-token', { retry: { maxTries: 3, minDelayMs: 1, maxDelayMs: 2000 } }) },
      { site: SITE, folder },
    );
    assert.equal(out.written, listed().length);
    assert.equal(svc().requests.filter((r) => r.status === 429).length, 1);
  });
});
