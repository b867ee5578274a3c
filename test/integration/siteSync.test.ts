/**
 * Sync of a cloned folder (src/writing/siteSync.ts) against the reference service: a paragraph
 * changed here and another of the same post changed on the site both end up in the file and on the
 * site, and the site's content differs from before by exactly those two; the same paragraph changed
 * on both sides becomes conflict markers, is not published, and goes out once resolved; a change
 * only on the site is pulled without a publish; a file new here is created once; a post too large to
 * merge is left alone, with its size said, while the others merge and go out.
 */
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ContentSiteError } from '../../src/api';
import { parsePostFile } from '../../src/writing/postFile';
import { cloneSite } from '../../src/writing/siteClone';
import { syncSite } from '../../src/writing/siteSync';
import { folderSyncDeps, memories, removeWorkspaces, tempFolder } from './postFileStandIn';
import { useClientAndService } from './setup';

const SITE = '2001';
const PARAS = ['<p>The harbour wall.</p>', '<p>Tides at noon.</p>', '<p>Gulls on the mast.</p>'];

describe('Sync of a site folder', function () {
  this.timeout(60_000);
  const { svc, client } = useClientAndService({ retry: { maxTries: 2, minDelayMs: 1, maxDelayMs: 5 } });
  afterEach(removeWorkspaces);

  /** A post of three paragraphs, cloned with the rest of the demo site; its file. */
  async function cloned() {
    const mem = memories();
    const deps = folderSyncDeps(client(), svc().restUrl, mem);
    const post = await client().posts.create(SITE, { title: 'Harbour notes', content: PARAS.join('\n\n'), status: 'publish' });
    const root = tempFolder('cs-sync-');
    const clone = await cloneSite(deps, { site: SITE, folder: root });
    const path = join(root, 'posts', `${post.slug}.md`);
    return { deps, mem, post, root, path, since: clone.newest };
  }
  const siteContent = async (id: number) => (await client().posts.get(SITE, id, { context: 'edit' })).content ?? '';
  const edit = (path: string, from: string, to: string) => {
    const text = readFileSync(path, 'utf8');
    assert.ok(text.includes(from), `${from} in ${text}`);
    writeFileSync(path, text.replace(from, to));
  };
  const never = () => false;
  /** Content without the whitespace between its blocks. */
  const tight = (html: string) => html.replace(/>\s+</g, '><').trim();

  it('keeps a paragraph changed here and another changed on the site, and then a conflict resolved in the file goes out', async () => {
    const { deps, post, root, path, since } = await cloned();
    edit(path, 'The harbour wall.', 'The harbour wall, rebuilt.');
    await client('cs-ed-token').posts.update(SITE, post.ID, {
      content: [PARAS[0], PARAS[1], '<p>Gulls on the mast, and terns.</p>'].join('\n\n'),
    });
    const edContent = await siteContent(post.ID);
    const first = await syncSite(deps, { site: SITE, root, since, publish: [path] }, never);
    assert.deepEqual(first.merged, [path]);
    assert.deepEqual(first.conflicts, []);
    assert.deepEqual(
      first.published.map((p) => p.post.ID),
      [post.ID],
    );
    const both = await siteContent(post.ID);
    assert.ok(both.includes('The harbour wall, rebuilt.') && both.includes('Gulls on the mast, and terns.'), both);
    assert.ok(both.includes('Tides at noon.'));
    // Exactly those two changes: the content before with both paragraphs replaced (ed's version, with the file's change in it).
    assert.equal(
      tight(both),
      tight(post.content!)
        .replace('The harbour wall.', 'The harbour wall, rebuilt.')
        .replace('Gulls on the mast.', 'Gulls on the mast, and terns.'),
    );
    assert.equal(both, edContent.replace('The harbour wall.', 'The harbour wall, rebuilt.'));
    const file = readFileSync(path, 'utf8');
    assert.ok(file.includes('The harbour wall, rebuilt.') && file.includes('Gulls on the mast, and terns.'));

    // Both sides change the same paragraph: markers in the file, nothing sent.
    edit(path, 'Tides at noon.', 'Tides at one.');
    const now = await siteContent(post.ID);
    await client('cs-ed-token').posts.update(SITE, post.ID, { content: now.replace('Tides at noon.', 'Tides at two.') });
    const onSite = await siteContent(post.ID);
    const second = await syncSite(deps, { site: SITE, root, since: first.newest, publish: [path] }, never);
    assert.deepEqual(second.conflicts, [path]);
    assert.deepEqual(second.published, []);
    assert.equal(await siteContent(post.ID), onSite, 'a file with conflict markers is not published');
    const marked = readFileSync(path, 'utf8');
    assert.match(marked, /<<<<<<< Here\n<p>Tides at one\.<\/p>\n=======\n<p>Tides at two\.<\/p>\n>>>>>>> Site/);

    // Syncing again before the markers are gone sends nothing either.
    const again = await syncSite(deps, { site: SITE, root, since: second.newest, publish: [path] }, never);
    assert.deepEqual(again.conflicts, [path]);
    assert.equal(await siteContent(post.ID), onSite);

    // Resolved in the editor: published, over the site's version it merged.
    writeFileSync(path, marked.replace(/<<<<<<< Here\n[\s\S]*?>>>>>>> Site\n/, '<p>Tides at half past one.</p>\n'));
    const third = await syncSite(deps, { site: SITE, root, since: again.newest, publish: [path] }, never);
    assert.deepEqual(
      third.published.map((p) => p.post.ID),
      [post.ID],
    );
    const resolved = await siteContent(post.ID);
    assert.ok(resolved.includes('Tides at half past one.') && resolved.includes('The harbour wall, rebuilt.'), resolved);
    assert.ok(!resolved.includes('<<<<<<<'));
  });

  it('leaves a post too large to merge alone, saying its size, and merges and publishes the others', async () => {
    const other = await client().posts.create(SITE, { title: 'Long notes', content: PARAS.join('\n\n'), status: 'publish' });
    const { deps, post, root, path, since } = await cloned();
    const longPath = join(root, 'posts', `${other.slug}.md`);
    edit(path, 'The harbour wall.', 'The harbour wall, rebuilt.');
    edit(longPath, 'The harbour wall.', `The harbour wall. ${'Stone by stone. '.repeat(17_000)}`);
    const longFile = readFileSync(longPath, 'utf8');
    for (const id of [post.ID, other.ID])
      await client('cs-ed-token').posts.update(SITE, id, {
        content: [PARAS[0], PARAS[1], '<p>Gulls on the mast, and terns.</p>'].join('\n\n'),
      });
    const out = await syncSite(deps, { site: SITE, root, since, publish: [path, longPath] }, never);
    assert.deepEqual(out.merged, [path]);
    assert.deepEqual(
      out.published.map((p) => p.post.ID),
      [post.ID],
    );
    assert.deepEqual(out.leftAlone, [
      { path: longPath, reason: 'The file is 266 KB of text; this extension merges posts up to 256 KB, so it is not merged.' },
    ]);
    assert.deepEqual(out.failed, []);
    assert.equal(readFileSync(longPath, 'utf8'), longFile, 'the long file as the writer left it');
    assert.ok(!(await siteContent(other.ID)).includes('Stone by stone.'), 'nothing of it sent');
  });

  it('pulls a change made only on the site and publishes nothing', async () => {
    const { deps, post, root, path, since } = await cloned();
    await client('cs-ed-token').posts.update(SITE, post.ID, { title: 'Harbour notes, revised' });
    svc().requests.length = 0;
    const out = await syncSite(deps, { site: SITE, root, since, publish: [] }, never);
    assert.equal(out.pulled, 1);
    assert.deepEqual(out.published, []);
    assert.equal(svc().requests.filter((r) => r.method === 'POST').length, 0);
    assert.equal(parsePostFile(readFileSync(path, 'utf8')).meta.title, 'Harbour notes, revised');
  });

  it('creates a file new here once, and the file then names its post', async () => {
    const { deps, root, since } = await cloned();
    const path = join(root, 'posts', 'fresh.md');
    writeFileSync(path, '---\ntitle: Fresh\nstatus: draft\n---\n\nNew here.\n');
    const out = await syncSite(deps, { site: SITE, root, since, publish: [path] }, never);
    assert.equal(out.published.length, 1);
    assert.equal(out.published[0].created, true);
    const meta = parsePostFile(readFileSync(path, 'utf8')).meta;
    assert.equal(meta.id, out.published[0].post.ID);
    const again = await syncSite(deps, { site: SITE, root, since: out.newest, publish: [path] }, never);
    assert.deepEqual(again.published, [], 'a file that names its post and holds what was published is not sent again');
  });

  it('leaves a publish the service could not take to the outbox, the file as it was', async () => {
    const { deps, root, path, since } = await cloned();
    edit(path, 'Tides at noon.', 'Tides at three.');
    const before = readFileSync(path, 'utf8');
    const id = parsePostFile(before).meta.id!;
    // The update's connection breaks, and so does every read that would settle what became of it.
    svc().queueFault({ method: 'POST', path: `/rest/v1.1/sites/${SITE}/posts/${id}`, count: 5, fault: 'reset' });
    svc().queueFault({ method: 'GET', path: `/rest/v1.1/sites/${SITE}/posts/${id}`, count: 5, fault: 'reset' });
    const unreachable = (err: unknown) => {
      const cause = (err as { cause?: unknown }).cause ?? err;
      return cause instanceof ContentSiteError && cause.kind === 'network';
    };
    const out = await syncSite(deps, { site: SITE, root, since, publish: [path] }, unreachable);
    assert.deepEqual(
      out.unreachable.map((u) => u.path),
      [path],
    );
    assert.equal(readFileSync(path, 'utf8'), before);
  });
});
