/**
 * The Source Control view's state of a site folder (issue 34): which group each file and each post
 * of the site shows in, from the files as last read and the site's versions as last listed, and
 * how a Sync (the folder taking a version: `synced(id)` answers it), the site's IDs, a reload and a
 * folder of 10,000 files move them.
 */
import * as assert from 'node:assert/strict';
import {
  FOLDER_GROUPS,
  SiteFolderModel,
  type FileFacts,
  type FolderGroup,
  type FolderGroups,
  type SiteVersion,
} from '../../../src/models/siteFolderModel';

const T0 = '2026-11-28T10:00:00+00:00';
const T1 = '2026-11-28T10:05:00+00:00';
const T2 = '2026-11-28T10:09:00+00:00';

/** A model whose `synced` answers from a map the test changes, as the publish memory does after a pull or publish. */
function folder() {
  const synced = new Map<number, string>();
  const model = new SiteFolderModel({ synced: (id) => synced.get(id) });
  let changes = 0;
  model.onDidChange(() => changes++);
  return { model, synced, changes: () => changes };
}

const file = (id: number | undefined, o: Partial<FileFacts> = {}): FileFacts => ({
  path: `/site/posts/${id === undefined ? 'fresh' : `post-${id}`}.md`,
  id,
  title: id === undefined ? 'Fresh' : `Post ${id}`,
  changedHere: false,
  conflicted: false,
  ...o,
});
const version = (id: number, modified: string, status = 'publish'): SiteVersion => ({ id, modified, status, type: 'post' });

/** Each non-empty group's rows as `path or #id`. */
function shown(groups: FolderGroups): Partial<Record<FolderGroup, string[]>> {
  const out: Partial<Record<FolderGroup, string[]>> = {};
  for (const g of FOLDER_GROUPS) if (groups[g].length) out[g] = groups[g].map((r) => r.path ?? `#${r.id}`);
  return out;
}

describe('SiteFolderModel (the groups of a site folder)', () => {
  it('a file changed here is Changed Here; the site listing a newer version of its post makes it Changed on Both', () => {
    const { model, synced } = folder();
    synced.set(1, T0);
    model.setFile(file(1, { changedHere: true }));
    model.siteVersions([version(1, T0)]);
    assert.deepEqual(shown(model.groups()), { here: ['/site/posts/post-1.md'] }, 'the version the folder holds is no change');
    model.siteVersions([version(1, T1)]);
    const groups = model.groups();
    assert.deepEqual(shown(groups), { both: ['/site/posts/post-1.md'] });
    assert.deepEqual(groups.both[0].site, version(1, T1), 'the row carries the site version it is about');
  });

  it('a file changed only on the site is Changed on the Site, and leaves the groups once the folder takes that version', () => {
    const { model, synced } = folder();
    synced.set(2, T0);
    model.setFile(file(2));
    assert.deepEqual(shown(model.groups()), {});
    model.siteVersions([version(2, T1)]);
    assert.deepEqual(shown(model.groups()), { site: ['/site/posts/post-2.md'] });
    assert.deepEqual(model.siteChange(2), version(2, T1));
    // A Sync pulled it: the publish memory now holds the listed version.
    synced.set(2, T1);
    assert.deepEqual(shown(model.groups()), {});
    assert.equal(model.siteChange(2), undefined);
    model.settled(2);
    assert.deepEqual(model.snapshot().site, [], 'nothing of it is kept as pending');
  });

  it('a version listed before the folder published a newer one is no change (a Sync empties the rows it sent at once)', () => {
    const { model, synced } = folder();
    synced.set(14, T0);
    model.setFile(file(14, { changedHere: true }));
    model.siteVersions([version(14, T1)]);
    assert.deepEqual(shown(model.groups()), { both: ['/site/posts/post-14.md'] });
    // Sync merged and published: the memory holds the publish's answer, newer than the version listed.
    synced.set(14, T2);
    model.setFile(file(14));
    assert.deepEqual(shown(model.groups()), {});
    assert.deepEqual(model.snapshot().site, []);
    // Changed on the site again later: a change again.
    model.siteVersions([version(14, '2026-11-28T10:12:00+00:00')]);
    assert.deepEqual(shown(model.groups()), { site: ['/site/posts/post-14.md'] });
  });

  it('pullSince: a Sync pulls from the oldest change listed and not taken, when the checks moved newest past it', () => {
    const { model, synced } = folder();
    assert.equal(model.pullSince(undefined), undefined, 'never checked: the pull lists every post');
    assert.equal(model.pullSince(T2), T2, 'nothing pending');
    for (const id of [15, 16]) {
      synced.set(id, T0);
      model.setFile(file(id));
    }
    // One check listed 15's change, a later one 16's (and a scheduled post, dated in the future).
    model.siteVersions([version(15, T1)]);
    model.siteVersions([version(16, T2), version(17, '2026-12-24T09:00:00+00:00', 'future')]);
    assert.equal(model.pullSince(T2), T1);
    synced.set(15, T1); // taken
    assert.equal(model.pullSince(T2), T2);
  });

  it('a file with conflict markers is Changed on Both even when nothing else says so', () => {
    const { model, synced } = folder();
    synced.set(3, T1);
    model.setFile(file(3, { conflicted: true }));
    model.siteVersions([version(3, T1)]);
    const groups = model.groups();
    assert.deepEqual(shown(groups), { both: ['/site/posts/post-3.md'] });
    assert.equal(groups.both[0].conflicted, true);
    // Resolved (read again without markers): nothing left to show.
    model.setFile(file(3));
    assert.deepEqual(shown(model.groups()), {});
  });

  it('a file without an id is New Here, whatever the site lists', () => {
    const { model } = folder();
    model.setFile(file(undefined));
    model.siteVersions([version(4, T1)]);
    model.siteIds(new Set([4]), new Set());
    const groups = model.groups();
    assert.deepEqual(
      groups.new.map((r) => [r.path, r.title, r.id]),
      [['/site/posts/fresh.md', 'Fresh', undefined]],
    );
    assert.equal(groups.deleted.length, 0);
  });

  it('a post the site lists that no file holds is Changed on the Site without a path; a file for it then takes the row', () => {
    const { model, synced } = folder();
    model.siteVersions([version(5, T1)]);
    const groups = model.groups();
    assert.deepEqual(shown(groups), { site: ['#5'] });
    assert.equal(groups.site[0].path, undefined);
    assert.deepEqual(groups.site[0].site, version(5, T1));
    // The Sync wrote its file.
    synced.set(5, T1);
    model.setFile(file(5));
    assert.deepEqual(shown(model.groups()), {});
  });

  it('a post the site lists in neither set is Deleted on the Site (deleted), one in the trash (trash); listed again, it is back', () => {
    const { model, synced } = folder();
    for (const id of [6, 7, 8]) {
      synced.set(id, T0);
      model.setFile(file(id));
    }
    model.siteIds(new Set([8]), new Set([7]));
    const groups = model.groups();
    assert.deepEqual(
      groups.deleted.map((r) => [r.id, r.gone]),
      [
        [6, 'deleted'],
        [7, 'trash'],
      ],
    );
    assert.deepEqual(shown(groups), { deleted: ['/site/posts/post-6.md', '/site/posts/post-7.md'] });
    // Restored from the trash: listed again with a newer version.
    model.siteVersions([version(7, T1)]);
    assert.deepEqual(shown(model.groups()), { site: ['/site/posts/post-7.md'], deleted: ['/site/posts/post-6.md'] });
    // The next comparison of IDs finds it live.
    model.siteIds(new Set([7, 8]), new Set());
    assert.deepEqual(shown(model.groups()), { site: ['/site/posts/post-7.md'], deleted: ['/site/posts/post-6.md'] });
  });

  it('a post new on the site that is deleted for good or trashed before a Sync leaves Changed on the Site', () => {
    const { model } = folder();
    model.setFile(file(9));
    model.siteVersions([version(10, T1), version(11, T1)]);
    assert.deepEqual(shown(model.groups()), { site: ['#10', '#11'] });
    // 10 deleted for good, 11 trashed: no later listing of what changed names them again.
    model.siteIds(new Set([9]), new Set([11]));
    assert.deepEqual(shown(model.groups()), {});
    assert.deepEqual(model.snapshot().site, [], 'nor are they kept for the next session');
  });

  it('two files naming the same post both show; removing the first leaves the second holding the post', () => {
    const { model, synced } = folder();
    synced.set(12, T0);
    const a = file(12, { path: '/site/posts/a.md', changedHere: true });
    const b = file(12, { path: '/site/posts/b.md' });
    model.setFile(a);
    model.setFile(b);
    model.siteVersions([version(12, T1)]);
    assert.deepEqual(shown(model.groups()), { both: ['/site/posts/a.md'], site: ['/site/posts/b.md'] });
    model.removeFile(a.path);
    assert.deepEqual(shown(model.groups()), { site: ['/site/posts/b.md'] });
    // The post still has a file, so it is not listed as one the folder lacks, and its deletion is seen.
    model.siteIds(new Set(), new Set());
    assert.deepEqual(
      model.groups().deleted.map((r) => [r.path, r.gone]),
      [['/site/posts/b.md', 'deleted']],
    );
  });

  it('removeFile drops the file (a post changed on the site then shows without a path); removing an unknown path changes nothing', () => {
    const { model, synced, changes } = folder();
    synced.set(13, T0);
    model.setFile(file(13, { changedHere: true }));
    model.setFile(file(undefined));
    model.siteVersions([version(13, T1)]);
    assert.equal(model.fileCount, 2);
    const before = changes();
    model.removeFile('/site/posts/nothing.md');
    assert.equal(changes(), before, 'no change told');
    model.removeFile('/site/posts/fresh.md');
    model.removeFile('/site/posts/post-13.md');
    assert.equal(model.fileCount, 0);
    assert.equal(model.file('/site/posts/post-13.md'), undefined);
    assert.deepEqual(shown(model.groups()), { site: ['#13'] });
  });

  it('count() is the number of rows in every group (the badge)', () => {
    const { model, synced } = folder();
    for (const id of [20, 21, 22, 23]) synced.set(id, T0);
    model.setFile(file(20, { changedHere: true }));
    model.setFile(file(21));
    model.setFile(file(22, { conflicted: true }));
    model.setFile(file(23));
    model.setFile(file(undefined));
    model.siteVersions([version(21, T1), version(24, T1)]);
    model.siteIds(new Set([20, 21, 22, 24]), new Set());
    // here 20, site 21 and #24, both 22, new fresh, deleted 23; 24's file is not yet written.
    assert.equal(model.count(), 6);
    synced.set(21, T1);
    assert.equal(model.count(), 5);
  });

  it('snapshot()/restore() across a reload keeps the site changes not yet taken and the posts gone', () => {
    const first = folder();
    for (const id of [30, 31, 32, 33]) first.synced.set(id, T0);
    for (const id of [30, 31, 32, 33]) first.model.setFile(file(id));
    first.model.siteVersions([version(30, T1), version(31, T1), version(34, T2)]);
    first.synced.set(31, T1); // taken already: not worth keeping
    first.model.siteIds(new Set([30, 31, 32, 34]), new Set([33]));
    const before = shown(first.model.groups());
    assert.deepEqual(before, { site: ['#34', '/site/posts/post-30.md'], deleted: ['/site/posts/post-33.md'] });
    // As the session keeps it: through JSON.
    const kept = JSON.parse(JSON.stringify(first.model.snapshot())) as ReturnType<SiteFolderModel['snapshot']>;
    assert.deepEqual(
      kept.site.map((v) => v.id),
      [30, 34],
    );

    // The reload: a new model, the same publish memory; what was kept first, then the files read again.
    const second = folder();
    for (const [id, m] of first.synced) second.synced.set(id, m);
    second.model.restore(kept);
    for (const id of [30, 31, 32, 33]) second.model.setFile(file(id));
    assert.deepEqual(shown(second.model.groups()), before);
    assert.deepEqual(second.model.groups().deleted[0].gone, 'trash');
  });

  it('a folder of 10,000 files: each set once, then one more change re-groups correctly', () => {
    const { model, synced } = folder();
    const N = 10_000;
    for (let id = 1; id <= N; id++) {
      synced.set(id, T0);
      model.setFile(file(id, { path: `/site/posts/p${String(id).padStart(5, '0')}.md`, changedHere: id % 1000 === 0 }));
    }
    model.siteVersions([version(500, T1), version(2000, T1)]);
    assert.equal(model.fileCount, N);
    let groups = model.groups();
    assert.equal(groups.here.length, 9); // 1000, 3000, … 10000
    assert.deepEqual(
      groups.both.map((r) => r.id),
      [2000],
    );
    assert.deepEqual(
      groups.site.map((r) => r.id),
      [500],
    );

    // One file saved again: it joins Changed on Both, and nothing else moves.
    model.setFile(file(500, { path: '/site/posts/p00500.md', changedHere: true }));
    groups = model.groups();
    assert.deepEqual(
      groups.both.map((r) => r.id),
      [500, 2000],
    );
    assert.deepEqual(groups.site, []);
    assert.equal(groups.here.length, 9);
    assert.equal(model.count(groups), 11);
    // The site's IDs compared: one post gone, the rest as they were.
    const live = new Set(Array.from({ length: N }, (_, i) => i + 1).filter((id) => id !== 7777));
    model.siteIds(live, new Set());
    groups = model.groups();
    assert.deepEqual(
      groups.deleted.map((r) => [r.path, r.gone]),
      [['/site/posts/p07777.md', 'deleted']],
    );
    assert.equal(model.count(groups), 12);
  });
  it('a file that is not the folder’s to send is Not Sent with its reason, and never stands for this site’s post (issue 39)', () => {
    const { model, synced } = folder();
    synced.set(3, T0);
    const linked = '/site/posts/linked.md';
    model.setFile(file(undefined, { path: linked, title: '', problem: { kind: 'outside', message: 'leads outside the folder' } }));
    const theirs = '/site/posts/theirs.md';
    model.setFile(file(3, { path: theirs, changedHere: true, problem: { kind: 'site', message: 'says site: 2002' } }));
    const groups = model.groups();
    assert.deepEqual(shown(groups), { held: [linked, theirs] });
    assert.deepEqual(
      groups.held.map((r) => r.problem),
      ['leads outside the folder', 'says site: 2002'],
    );
    assert.equal(model.pathOf(3), undefined, 'another site’s post 3 is not this site’s');
    assert.deepEqual(
      model.siteDisagreement().map((f) => f.path),
      [theirs],
    );
    // The site lists its own post 3: the other site's file is no file of it.
    model.siteVersions([version(3, T1)]);
    assert.deepEqual(shown(model.groups()), { held: [linked, theirs], site: ['#3'] });
    // Fixed (the file moved out): nothing disagrees any more.
    model.removeFile(theirs);
    assert.deepEqual(model.siteDisagreement(), []);
  });
});
