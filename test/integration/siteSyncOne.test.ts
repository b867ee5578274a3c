/**
 * One change in a big folder costs one change (issue 39): a Sync of one post changed here, or one
 * changed on the site, in a folder of 500 posts, given which file holds which post (the session's
 * reading of the folder), makes the requests of that change alone and reads only the files of the
 * posts it lists; without that index (the Clone command) every file is read, as before.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePostFile } from '../../src/writing/postFile';
import { cloneSite } from '../../src/writing/siteClone';
import { syncSite } from '../../src/writing/siteSync';
import { filesReadDuring } from '../../scripts/bench/fileReads';
import { folderSyncDeps, removeWorkspaces, tempFolder } from './postFileStandIn';
import { useClientAndService } from './setup';

const SITE = '2001';
const SITE_POSTS = 500;

describe('Sync of one change in a folder of 500 posts', function () {
  this.timeout(120_000);
  const { svc, client } = useClientAndService({ retry: { maxTries: 2, minDelayMs: 1, maxDelayMs: 5 } }, { sitePosts: SITE_POSTS });
  afterEach(removeWorkspaces);

  async function cloned() {
    const deps = folderSyncDeps(client(), svc().restUrl);
    const root = tempFolder('cs-sync-one-');
    const clone = await cloneSite(deps, { site: SITE, folder: root });
    assert.ok(clone.written > SITE_POSTS, `${clone.written} written`);
    // What the session knows after reading the folder: each post's file.
    const files = new Map<number, string>();
    for (const dir of ['posts', 'pages'])
      for (const name of readdirSync(join(root, dir))) {
        const path = join(root, dir, name);
        files.set(parsePostFile(readFileSync(path, 'utf8')).meta.id!, path);
      }
    return { deps, root, files, since: clone.newest };
  }
  const restRequests = () => svc().requests.filter((r) => r.path.startsWith('/rest/'));
  const never = () => false;

  it('one file changed here: the requests of that publish alone, and only its file read', async () => {
    const { deps, root, files, since } = await cloned();
    const [id, path] = [...files].find(([, p]) => p.includes(`${join(root, 'posts')}/`))!;
    writeFileSync(path, `${readFileSync(path, 'utf8').trimEnd()}\n\nOne more line.\n`);
    svc().requests.length = 0;
    const { value: out, read } = await filesReadDuring(root, () =>
      syncSite(deps, { site: SITE, root, since, publish: [path], files }, never),
    );
    assert.deepEqual(
      out.published.map((p) => p.post.ID),
      [id],
    );
    const reqs = restRequests();
    assert.ok(reqs.length <= 3, `${reqs.length} requests: ${reqs.map((r) => `${r.method} ${r.path}`).join(', ')}`);
    // The published file, and those of the few posts the listing names again (the newest, the scheduled
    // ones the service lists until their date), each read to see that it holds that version: not 500.
    assert.ok(read.size <= 5, `${read.size} files read: ${[...read].slice(0, 8).join(', ')}`);
    assert.ok(read.has(path));
    assert.ok(out.filesRead <= 4, `the pull read ${out.filesRead} files to find its posts`);
  });

  it('one post changed on the site: pulled into its file in at most 3 requests, that file alone read', async () => {
    const { deps, root, files, since } = await cloned();
    const [id, path] = [...files].find(([, p]) => p.includes(`${join(root, 'posts')}/`))!;
    await client('cs-ed-token').posts.update(SITE, id, { title: 'Changed on the site' });
    svc().requests.length = 0;
    const { value: out, read } = await filesReadDuring(root, () => syncSite(deps, { site: SITE, root, since, publish: [], files }, never));
    assert.equal(out.pulled, 1);
    assert.equal(parsePostFile(readFileSync(path, 'utf8')).meta.title, 'Changed on the site');
    const reqs = restRequests();
    assert.ok(reqs.length <= 3, `${reqs.length} requests: ${reqs.map((r) => `${r.method} ${r.path}`).join(', ')}`);
    assert.ok(read.size <= 5, `${read.size} files read: ${[...read].slice(0, 8).join(', ')}`);
    assert.ok(read.has(path));
  });

  it('an index that is behind (the file now holds another post) falls back to reading the folder, and writes no second file', async () => {
    const { deps, root, files, since } = await cloned();
    const posts = [...files].filter(([, p]) => p.includes(`${join(root, 'posts')}/`));
    const [[id], [, otherPath]] = posts;
    await client('cs-ed-token').posts.update(SITE, id, { title: 'Changed on the site' });
    const wrong = new Map(files).set(id, otherPath);
    const out = await syncSite(deps, { site: SITE, root, since, publish: [], files: wrong }, never);
    assert.equal(out.pulled, 1);
    assert.equal(parsePostFile(readFileSync(files.get(id)!, 'utf8')).meta.title, 'Changed on the site');
    const count = ['posts', 'pages'].reduce((n, d) => n + readdirSync(join(root, d)).length, 0);
    assert.equal(count, files.size, 'no file added');
  });

  it('without an index (the Clone command) every file is read once', async () => {
    const { deps, root, files, since } = await cloned();
    const out = await syncSite(deps, { site: SITE, root, since, publish: [] }, never);
    assert.equal(out.filesRead, files.size);
  });
});
