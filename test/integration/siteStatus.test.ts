/**
 * The cheap status checks of a site kept in a folder (src/writing/siteStatus.ts) against the
 * reference service with 250 more posts: `siteVersions` lists every post's version in a page of 100
 * a request, few fields; with nothing changed since the newest version it listed, the check is one
 * request under 1 KB; a post another user changed comes back with its new `modified`; a scheduled
 * post (its `modified` a future date) never moves `newest`. `siteIds` tells the live posts from the
 * trashed ones in a request per 100 of each, and a post deleted for good is in neither. A failed
 * page (500) rejects with the client's ContentSiteError, never half a list.
 */
import * as assert from 'node:assert/strict';
import { ContentSiteError, type PostListParams } from '../../src/api';
import type { CallOptions } from '../../src/api/request';
import { secondBefore } from '../../src/writing/sitePages';
import { siteIds, siteVersions, type SiteVersion } from '../../src/writing/siteStatus';
import { useClientAndService } from './setup';

const SITE = '2001';
const SITE_POSTS = 250;
const LISTING = `/rest/v1.1/sites/${SITE}/posts/?`;

describe('The status of a site kept in a folder (versions and IDs)', function () {
  this.timeout(60_000);
  const { svc, client } = useClientAndService({ retry: { maxTries: 3, minDelayMs: 1, maxDelayMs: 40 } }, { sitePosts: SITE_POSTS });
  afterEach(() => svc().clearFaults());
  const listings = () => svc().requests.filter((r) => r.method === 'GET' && r.path.startsWith(LISTING));
  const query = (path: string) => new URL(path, svc().url).searchParams;
  /** The demo site's posts and pages in the world, by status. */
  const world = (keep: (status: string) => boolean) =>
    [...svc().world().posts.values()].filter((p) => p.siteId === 2001 && (p.type === 'post' || p.type === 'page') && keep(p.status));
  const changedFrom = (held: Map<number, string>, versions: SiteVersion[]) => versions.filter((v) => held.get(v.id) !== v.modified);

  it('lists every version (few fields, 100 a request); with nothing changed since, one request under 1 KB listing nothing new', async () => {
    const api = client();
    const all = await siteVersions(api.posts, SITE);
    const live = world((s) => s !== 'trash');
    assert.equal(all.versions.length, live.length);
    assert.deepEqual(new Set(all.versions.map((v) => v.id)), new Set(live.map((p) => p.ID)));
    assert.equal(all.requests, Math.ceil(live.length / 100));
    assert.equal(listings().length, all.requests);
    for (const r of listings()) {
      const q = query(r.path);
      assert.equal(q.get('fields'), 'ID,modified,status,type', r.path);
      assert.deepEqual(
        [q.get('type'), q.get('status'), q.get('order_by'), q.get('order'), q.get('number')],
        ['any', 'any', 'modified', 'DESC', '100'],
      );
      assert.equal(q.get('context'), null, 'no content asked for');
    }
    assert.ok(
      all.versions.every((v) => Object.keys(v).join() === 'id,modified,status,type'),
      'each version as listed',
    );

    const held = new Map(all.versions.map((v) => [v.id, v.modified]));
    svc().requests.length = 0;
    const since = secondBefore(all.newest!);
    const quiet = await siteVersions(api.posts, SITE, { since });
    assert.equal(quiet.requests, 1);
    assert.equal(listings().length, 1);
    assert.equal(query(listings()[0].path).get('modified_after'), since);
    assert.ok(listings()[0].bytes < 1024, `the answer is ${listings()[0].bytes} bytes`);
    assert.deepEqual(changedFrom(held, quiet.versions), [], 'every version listed is one the folder holds');
    assert.equal(quiet.newest, all.newest);
  });

  it('a post another user changed on the site is listed with its new modified, and becomes the newest', async () => {
    const api = client();
    const all = await siteVersions(api.posts, SITE);
    const held = new Map(all.versions.map((v) => [v.id, v.modified]));
    const target = world((s) => s === 'publish').find((p) => p.ID > 100_100)!;
    const edited = await client('cs-ed-token').posts.update(SITE, target.ID, { content: '<p>Changed by Ed.</p>' });
    assert.notEqual(edited.modified, held.get(target.ID));

    svc().requests.length = 0;
    const check = await siteVersions(api.posts, SITE, { since: secondBefore(all.newest!) });
    assert.equal(check.requests, 1);
    assert.deepEqual(changedFrom(held, check.versions), [{ id: target.ID, modified: edited.modified, status: 'publish', type: 'post' }]);
    assert.equal(check.newest, edited.modified);
  });

  it('a scheduled post (modified at its future date) is listed but never moves newest', async () => {
    const api = client();
    const all = await siteVersions(api.posts, SITE);
    const scheduled = all.versions.filter((v) => v.status === 'future');
    assert.ok(scheduled.length >= 2, 'the seed schedules posts');
    const newestOther = all.versions
      .filter((v) => v.status !== 'future')
      .map((v) => v.modified)
      .sort((a, b) => Date.parse(b) - Date.parse(a))[0];
    assert.equal(all.newest, newestOther);
    for (const v of scheduled) assert.ok(Date.parse(v.modified) > Date.parse(all.newest!), `post ${v.id} is modified later`);

    const again = await siteVersions(api.posts, SITE, { since: secondBefore(all.newest!) });
    assert.deepEqual(
      again.versions.filter((v) => v.status === 'future').map((v) => v.id),
      scheduled.map((v) => v.id),
      'listed by every check until their date',
    );
    assert.equal(again.newest, all.newest);
  });

  it('tells live IDs from trashed ones, 100 a request each; a post deleted for good is in neither', async () => {
    const api = client();
    await api.posts.trash(SITE, 100_010); // to the trash
    await api.posts.trash(SITE, 100_011);
    await api.posts.trash(SITE, 100_011); // and out of it, for good
    svc().requests.length = 0;
    const ids = await siteIds(api.posts, SITE);

    const live = world((s) => s !== 'trash').map((p) => p.ID);
    // The trash lists every type it holds (an attachment, a feedback entry too): IDs a folder never holds, and harmless.
    const trashed = [...svc().world().posts.values()].filter((p) => p.siteId === 2001 && p.status === 'trash').map((p) => p.ID);
    assert.deepEqual(ids.live, new Set(live));
    assert.deepEqual(ids.trashed, new Set(trashed));
    assert.ok(ids.trashed.has(100_010) && !ids.live.has(100_010), 'the trashed post is in the trash');
    assert.ok(!ids.live.has(100_011) && !ids.trashed.has(100_011), 'the post deleted for good is in neither');
    assert.ok(ids.live.has(100_012), 'its neighbour is live');

    const trashListings = listings().filter((r) => query(r.path).get('status') === 'trash');
    const liveListings = listings().filter((r) => query(r.path).get('status') === 'any');
    assert.equal(liveListings.length, Math.ceil(live.length / 100));
    assert.equal(liveListings.length, 3, `the live IDs of a 250-post site (${live.length} listed) in 3 requests`);
    assert.equal(trashListings.length, 1);
    assert.equal(ids.requests, 4);
    for (const r of listings()) assert.equal(query(r.path).get('fields'), 'ID', r.path);
  });

  it('a 500 on a later page of the versions rejects with the service error; nothing is returned', async () => {
    const api = client();
    // The real client; a failure queued for every page after the first, as it is asked for.
    const failing = {
      list: (site: string | number, params: PostListParams = {}, opts: CallOptions = {}) => {
        if (params.page_handle) svc().queueFault({ method: 'GET', path: LISTING, count: 10, fault: 'status=500' });
        return api.posts.list(site, params, opts);
      },
    };
    await assert.rejects(siteVersions(failing, SITE), (err: unknown) => {
      assert.ok(err instanceof ContentSiteError, String(err));
      assert.equal(err.status, 500);
      return true;
    });
    assert.equal(listings()[0].status, 200);
    assert.ok(
      listings()
        .slice(1)
        .every((r) => r.status === 500),
    );
  });

  it('a 500 on the trash listing rejects siteIds with the service error', async () => {
    const api = client();
    svc().queueFault({ method: 'GET', path: `${LISTING}status=trash`, count: 10, fault: 'status=500' });
    await assert.rejects(siteIds(api.posts, SITE), (err: unknown) => {
      assert.ok(err instanceof ContentSiteError, String(err));
      assert.equal(err.status, 500);
      return true;
    });
    assert.ok(listings().some((r) => query(r.path).get('status') === 'trash' && r.status === 500));
  });
});
