/**
 * What a site folder sends is the folder's (issue 39), against the reference service: a post file
 * that is a symbolic link to a file outside the folder is never read, sent or written, by Sync
 * (an update and a create), by the outbox's send, or by Publish; a marker that no longer names the
 * folder's site stops a Sync before any request; a file that names another site is not sent.
 */
import * as assert from 'node:assert/strict';
import { readFileSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePostFile, withFrontMatter } from '../../src/writing/postFile';
import { publishPost } from '../../src/writing/publisher';
import { cloneSite } from '../../src/writing/siteClone';
import { publishFolderFile, syncSite } from '../../src/writing/siteSync';
import { folderSyncDeps, removeWorkspaces, tempFolder } from './postFileStandIn';
import { useClientAndService } from './setup';

const SITE = '2001';

describe('A site folder sends only what is the folder’s', function () {
  this.timeout(60_000);
  const { svc, client } = useClientAndService({ retry: { maxTries: 2, minDelayMs: 1, maxDelayMs: 5 } });
  afterEach(removeWorkspaces);
  const never = () => false;

  async function cloned() {
    const deps = folderSyncDeps(client(), svc().restUrl);
    const post = await client().posts.create(SITE, { title: 'Harbour notes', content: '<p>The harbour wall.</p>', status: 'publish' });
    const root = tempFolder('cs-guard-');
    const clone = await cloneSite(deps, { site: SITE, folder: root });
    const path = join(root, 'posts', `${post.slug}.md`);
    return { deps, post, root, path, since: clone.newest };
  }
  const siteContent = async (id: number) => (await client().posts.get(SITE, id, { context: 'edit' })).content ?? '';
  const writes = () => svc().requests.filter((r) => r.method === 'POST');

  /** The file at `path` replaced by a link to a file outside the folder holding `text`. */
  function linkOutside(path: string, text: string): string {
    const outside = join(tempFolder('cs-outside-'), 'elsewhere.md');
    writeFileSync(outside, text);
    try {
      unlinkSync(path);
    } catch {
      // A new file: nothing there yet.
    }
    symlinkSync(outside, path);
    return outside;
  }

  it('Sync does not publish a post file that links outside the folder (same id, edited there), and says why', async () => {
    const { deps, post, root, path, since } = await cloned();
    const before = await siteContent(post.ID);
    const outside = linkOutside(path, readFileSync(path, 'utf8').replace('The harbour wall.', 'Secret notes from elsewhere.'));
    svc().requests.length = 0;
    const out = await syncSite(deps, { site: SITE, root, since, publish: [path] }, never);
    assert.deepEqual(out.published, []);
    assert.equal(writes().length, 0, 'nothing is sent');
    assert.equal(await siteContent(post.ID), before);
    assert.equal(out.failed.length, 1);
    assert.equal(out.failed[0].path, path);
    assert.match(
      out.failed[0].message,
      /leads outside the folder \(to .*elsewhere\.md\), through a symbolic link: nothing of it is read, sent or written/,
    );
    assert.ok(readFileSync(outside, 'utf8').includes('Secret notes from elsewhere.'), 'the outside file is not written');
  });

  it('Sync does not create a post from a new file that links outside the folder, nor writes into it', async () => {
    const { deps, root, since } = await cloned();
    const path = join(root, 'posts', 'new-here.md');
    const text = '---\ntitle: From elsewhere\nstatus: draft\n---\nNot the folder’s.\n';
    const outside = linkOutside(path, text);
    svc().requests.length = 0;
    const out = await syncSite(deps, { site: SITE, root, since, publish: [path] }, never);
    assert.deepEqual(out.published, []);
    assert.equal(writes().length, 0);
    assert.match(out.failed[0]?.message ?? '', /leads outside the folder/);
    assert.equal(readFileSync(outside, 'utf8'), text, 'no unconfirmed: key written through the link');
  });

  it('the outbox’s send and Publish refuse a linked file too', async () => {
    const { deps, post, root, path } = await cloned();
    const before = await siteContent(post.ID);
    linkOutside(path, readFileSync(path, 'utf8').replace('The harbour wall.', 'Elsewhere.'));
    svc().requests.length = 0;
    const queued = await publishFolderFile(deps, { site: SITE, root, path }, never);
    assert.match(queued.failed[0]?.message ?? '', /leads outside the folder/);
    await assert.rejects(
      publishPost(readFileSync(path, 'utf8'), {
        client: deps.client,
        site: SITE,
        memory: deps.media,
        posts: deps.posts,
        records: deps.records,
        place: { fileDir: join(root, 'posts'), root, file: path },
        rules: deps.rules,
        unconfirmed: async () => undefined,
        now: () => new Date(),
      }),
      /leads outside the folder/,
    );
    assert.equal(writes().length, 0);
    assert.equal(await siteContent(post.ID), before);
  });

  it('a marker changed to another site stops Sync before any request; a file that names another site is not sent', async () => {
    const { deps, post, root, path, since } = await cloned();
    const markerPath = join(root, '.contentsite.json');
    const marker = JSON.parse(readFileSync(markerPath, 'utf8')) as { site: string; siteId: number };
    writeFileSync(markerPath, JSON.stringify({ ...marker, site: '2002', siteId: 2002 }));
    writeFileSync(path, readFileSync(path, 'utf8').replace('The harbour wall.', 'The harbour wall, rebuilt.'));
    svc().requests.length = 0;
    await assert.rejects(
      syncSite(deps, { site: SITE, root, since, publish: [path] }, never),
      /\.contentsite\.json now says site 2002 \(ID 2002\), not 2001: nothing is synced/,
    );
    assert.equal(svc().requests.length, 0, 'not one request');

    // The marker put back; a file of the folder that names another site is not sent to either.
    writeFileSync(markerPath, JSON.stringify(marker));
    const other = join(root, 'posts', 'other-site.md');
    writeFileSync(other, withFrontMatter('---\ntitle: Theirs\n---\nBody.\n', { site: '2002', id: post.ID }));
    svc().requests.length = 0;
    const out = await syncSite(deps, { site: SITE, root, since, publish: [other] }, never);
    assert.deepEqual(out.published, []);
    assert.equal(writes().length, 0);
    assert.match(out.failed[0]?.message ?? '', /says site: 2002, and the folder is a clone of 2001: it is not sent to either/);
    assert.equal(parsePostFile(readFileSync(other, 'utf8')).meta.site, '2002');
  });
});
