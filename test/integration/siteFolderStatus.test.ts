/**
 * The whole loop of a site folder at the model level (issue 34), against the reference service: a
 * site cloned into a folder, its files read into a SiteFolderModel as the editor's session reads
 * them (src/commands/siteFolderSession.ts `read`, here in plain Node), and the site's side from the
 * cheap status checks. A file edited here is Changed Here, a post another user changed is Changed
 * on the Site, one changed on both sides is Changed on Both, a post deleted for good is Deleted on
 * the Site, a file without an id is New Here; one Sync of what the view would send, the files read
 * again and the site checked again, and nothing is left but what Sync leaves: a conflict, the post
 * that is gone.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type PostV11 } from '../../src/api';
import { FOLDER_GROUPS, SiteFolderModel, type FolderGroup } from '../../src/models/siteFolderModel';
import { hasConflicts } from '../../src/writing/conflictMarkers';
import { uploadRules } from '../../src/writing/imageFiles';
import { parsePostFile } from '../../src/writing/postFile';
import { cloneSite } from '../../src/writing/siteClone';
import { secondBefore } from '../../src/writing/sitePages';
import { siteIds, siteVersions } from '../../src/writing/siteStatus';
import { syncSite, type SyncDeps } from '../../src/writing/siteSync';
import { memories, removeWorkspaces, tempFolder } from './postFileStandIn';
import { useClientAndService } from './setup';

const SITE = '2001';
const PARAS = ['<p>The harbour wall.</p>', '<p>Tides at noon.</p>', '<p>Gulls on the mast.</p>'];

describe('The status of a site folder, from the files and the site, through a Sync', function () {
  this.timeout(60_000);
  const { svc, client } = useClientAndService({ retry: { maxTries: 2, minDelayMs: 1, maxDelayMs: 5 } });
  afterEach(removeWorkspaces);
  const never = () => false;

  it('groups an edit here, a change on the site, a change on both, a post deleted for good and a new file; one Sync empties them', async () => {
    const api = client();
    const ed = client('cs-ed-token');
    const mem = memories();
    const deps: SyncDeps = {
      client: api,
      service: svc().restUrl,
      ...mem,
      rules: async () => uploadRules(undefined, 1 << 20),
      now: () => new Date(),
    };
    const made: Record<'here' | 'site' | 'both' | 'conflict' | 'gone', PostV11> = {} as never;
    for (const name of ['here', 'site', 'both', 'conflict', 'gone'] as const)
      made[name] = await api.posts.create(SITE, { title: `Harbour ${name}`, content: PARAS.join('\n\n'), status: 'publish' });
    const root = tempFolder('cs-folder-status-');
    const clone = await cloneSite(deps, { site: SITE, folder: root });
    assert.ok(clone.newest && clone.failed.length === 0);
    let newest = clone.newest;

    // The model, fed as the session feeds it: each file read, the site's versions and IDs.
    const model = new SiteFolderModel({ synced: (id) => mem.posts.get(SITE, id)?.modified });
    const read = async (path: string) => {
      const text = readFileSync(path, 'utf8');
      const { meta, hasFrontMatter } = parsePostFile(text);
      if (!hasFrontMatter || (meta.site !== undefined && meta.site !== SITE)) return model.removeFile(path);
      const record = meta.id === undefined ? undefined : await mem.records.get(SITE, meta.id);
      model.setFile({
        path,
        id: meta.id,
        title: meta.title ?? '',
        changedHere: meta.id !== undefined && record?.fileText !== text,
        conflicted: hasConflicts(text),
      });
    };
    const scan = async () => {
      for (const dir of ['posts', 'pages'])
        for (const name of readdirSync(join(root, dir))) if (name.endsWith('.md')) await read(join(root, dir, name));
    };
    const check = async (ids = false) => {
      const got = await siteVersions(api.posts, SITE, { since: secondBefore(newest) });
      model.siteVersions(got.versions);
      if (got.newest && Date.parse(got.newest) > Date.parse(newest)) newest = got.newest;
      if (ids) {
        const all = await siteIds(api.posts, SITE);
        model.siteIds(all.live, all.trashed);
      }
    };
    const fileOf = (post: PostV11) => join(root, 'posts', `${post.slug}.md`);
    const edit = async (post: PostV11, from: string, to: string) => {
      const text = readFileSync(fileOf(post), 'utf8');
      assert.ok(text.includes(from), `${from} in ${text}`);
      writeFileSync(fileOf(post), text.replace(from, to));
      await read(fileOf(post));
    };
    const edOnSite = async (post: PostV11, from: string, to: string) => {
      const now = (await ed.posts.get(SITE, post.ID, { context: 'edit' })).content ?? '';
      assert.ok(now.includes(from), `${from} in ${now}`);
      await ed.posts.update(SITE, post.ID, { content: now.replace(from, to) });
    };
    /** Each group's rows by post (its title) or file name. */
    const groups = () => {
      const g = model.groups();
      const out: Partial<Record<FolderGroup, string[]>> = {};
      for (const name of FOLDER_GROUPS) if (g[name].length) out[name] = g[name].map((r) => r.title || (r.path ?? `#${r.id}`));
      return out;
    };

    await scan();
    await check(true);
    assert.ok(model.fileCount >= 5);
    assert.deepEqual(groups(), {}, 'a fresh clone shows nothing');

    await edit(made.here, 'Tides at noon.', 'Tides at one.');
    assert.deepEqual(groups(), { here: ['Harbour here'] });

    await edOnSite(made.site, 'Gulls on the mast.', 'Gulls on the mast, and terns.');
    await check();
    assert.deepEqual(groups(), { site: ['Harbour site'], here: ['Harbour here'] });

    // Two minutes on the service's clock: the next check's newest version is well past that change.
    svc().world().now += 120;
    await edit(made.both, 'The harbour wall.', 'The harbour wall, rebuilt.');
    await edOnSite(made.both, 'Gulls on the mast.', 'Gulls on the mast, and terns.');
    await edit(made.conflict, 'Tides at noon.', 'Tides at one.');
    await edOnSite(made.conflict, 'Tides at noon.', 'Tides at two.');
    await check();
    assert.deepEqual(groups(), { both: ['Harbour both', 'Harbour conflict'], site: ['Harbour site'], here: ['Harbour here'] });

    // Deleted for good on the site (trashed, then deleted from the trash): only the IDs show it.
    await api.posts.trash(SITE, made.gone.ID);
    await api.posts.trash(SITE, made.gone.ID);
    await check();
    assert.equal(groups().deleted, undefined, 'no listing of what changed names a post deleted for good');
    await check(true);
    assert.deepEqual(
      model.groups().deleted.map((r) => [r.title, r.gone]),
      [['Harbour gone', 'deleted']],
    );

    const fresh = join(root, 'posts', 'fresh-from-here.md');
    writeFileSync(fresh, '---\ntitle: Fresh from here\nstatus: draft\n---\n\nWritten in the folder.\n');
    await read(fresh);
    assert.deepEqual(groups(), {
      both: ['Harbour both', 'Harbour conflict'],
      site: ['Harbour site'],
      here: ['Harbour here'],
      new: ['Fresh from here'],
      deleted: ['Harbour gone'],
    });

    // Sync, as the view starts it: what Changed Here and New Here hold is published.
    const g = model.groups();
    const publish = [...g.here, ...g.new].flatMap((r) => (r.path ? [r.path] : []));
    // From the oldest change the checks listed and the folder has not taken (the checks moved newest past it).
    const since = model.pullSince(newest);
    assert.ok(since && Date.parse(since) < Date.parse(newest) - 60_000, `${since} well before ${newest}`);
    const out = await syncSite(deps, { site: SITE, root, since, publish }, never);
    assert.deepEqual(out.failed, []);
    assert.deepEqual(out.unintended, []);
    assert.deepEqual(out.leftAlone, []);
    assert.equal(out.pulled, 1, "ed's change of the post changed only on the site");
    assert.deepEqual(out.conflicts, [fileOf(made.conflict)]);
    assert.deepEqual(out.merged, [fileOf(made.both)]);
    assert.deepEqual(out.published.map((p) => [p.post.title, p.created]).sort(), [
      ['Fresh from here', true],
      ['Harbour both', false],
      ['Harbour here', false],
    ]);
    if (out.newest && Date.parse(out.newest) > Date.parse(newest)) newest = out.newest;

    // The files read again: what Sync published is no change on either side, even before the site is asked again.
    await scan();
    const left = { both: ['Harbour conflict'], deleted: ['Harbour gone'] };
    assert.deepEqual(groups(), left);
    await check(true);
    assert.deepEqual(groups(), left);
    assert.ok(hasConflicts(readFileSync(fileOf(made.conflict), 'utf8')));
    assert.equal(parsePostFile(readFileSync(fresh, 'utf8')).meta.id, out.published.find((p) => p.created)?.post.ID);
    // The site holds both sides' changes of the post merged, and ed's change of the one it only pulled is in its file.
    const both = (await api.posts.get(SITE, made.both.ID, { context: 'edit' })).content ?? '';
    assert.ok(both.includes('The harbour wall, rebuilt.') && both.includes('Gulls on the mast, and terns.'), both);
    assert.ok(readFileSync(fileOf(made.site), 'utf8').includes('Gulls on the mast, and terns.'));
  });
});
