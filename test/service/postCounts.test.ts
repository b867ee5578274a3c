/**
 * `GET /sites/$site/post-counts/$post_type` (site-data.md): counts per status, the site's and the
 * user's own, agreeing with the posts list, with what each role may count and the real refusals.
 */
import * as assert from 'node:assert/strict';
import { serviceCalls, serviceFixture } from './reply';
import { SITES, USERS } from './index';

const DEMO = 'cs-demo-token';
const SITE = `/rest/v1.1/sites/${SITES.demo}`;
const STATUSES = ['publish', 'draft', 'pending', 'private', 'future', 'trash'];

describe('Post counts', () => {
  const fx = serviceFixture();
  const { get, getOk, ok, refused } = serviceCalls(fx, DEMO);

  it("answers {counts: {all, mine}} for the demo site's posts, as an administrator", async () => {
    assert.deepEqual(await getOk(`${SITE}/post-counts/post`), {
      counts: {
        all: { publish: 12, draft: 1, pending: 1, private: 1, future: 1, trash: 13 },
        // demo wrote 100, 103, 106 and 120–123, one of each other status, and 194, 200, 203, 206 in the trash.
        mine: { publish: 7, draft: 1, pending: 1, private: 1, future: 1, trash: 4 },
      },
    });
  });
  it('every count agrees with the posts list of that status and type', async () => {
    for (const type of ['post', 'page']) {
      const { all, mine } = (await getOk(`${SITE}/post-counts/${type}`)).counts;
      for (const status of STATUSES) {
        const listed = await getOk(`${SITE}/posts/?status=${status}&type=${type}&number=1`);
        assert.equal(all[status] ?? 0, listed.found, `${type} ${status}`);
        const own = await getOk(`${SITE}/posts/?status=${status}&type=${type}&number=1&author=${USERS.demo}`);
        assert.equal(mine[status] ?? 0, own.found, `${type} ${status} (mine)`);
      }
    }
  });
  it('pages are counted apart: three published, a draft, and two in the trash', async () => {
    assert.deepEqual((await getOk(`${SITE}/post-counts/page`)).counts.all, { publish: 3, draft: 1, trash: 2 });
  });
  it('a user who may not edit posts counts only what is published; an editor counts everything; author gives one more set', async () => {
    assert.deepEqual(await getOk(`${SITE}/post-counts/post`, 'cs-sub-token'), { counts: { all: { publish: 12 }, mine: {} } });
    const ann = await getOk(`${SITE}/post-counts/post?author=${USERS.ed}`, 'cs-ann-token');
    assert.deepEqual(ann.counts.mine, { publish: 2, trash: 1 });
    assert.equal(ann.counts.all.trash, 13, 'an author may count the whole trash, as the real service lets edit_posts');
    assert.deepEqual(Object.keys(ann.counts).sort(), ['all', 'author', 'mine']);
    assert.equal(ann.counts.author.publish, 3, "ed's published posts: 101, 104, 107");
  });
  it('moves with the posts: a trashed post leaves publish for trash', async () => {
    await ok('POST', `${SITE}/posts/100/delete`);
    const { all, mine } = (await getOk(`${SITE}/post-counts/post`)).counts;
    assert.deepEqual([all.publish, all.trash, mine.publish, mine.trash], [11, 14, 6, 5]);
  });
  it('the posts list links to it as meta.links.counts, and the link answers', async () => {
    const link = (await getOk(`${SITE}/posts/?number=1`)).meta.links.counts as string;
    assert.equal(link, `${fx.svc.url}${SITE}/post-counts/post`);
    assert.equal((await getOk(link.slice(fx.svc.url.length))).counts.all.publish, 12);
  });
  it('a type the site lets through is counted; an unknown type is 404 unknown_post_type', async () => {
    assert.deepEqual(await getOk(`/rest/v1.1/sites/${SITES.selfHosted}/post-counts/jetpack-portfolio`), { counts: { all: {}, mine: {} } });
    for (const type of ['feedback', 'jetpack-portfolio', 'posts'])
      await refused(get(`${SITE}/post-counts/${type}`), 404, 'unknown_post_type', 'Unknown post type requested.');
  });
  it('needs a token (403 authorization_required), a member of a private site, and a known site', async () => {
    await refused(
      get(`${SITE}/post-counts/post`, null),
      403,
      'authorization_required',
      'An active access token must be used to retrieve post counts.',
    );
    await refused(
      get(`/rest/v1.1/sites/${SITES.private}/post-counts/post`, 'cs-ed-token'),
      403,
      'unauthorized',
      'User cannot access this private blog.',
    );
    await refused(get('/rest/v1.1/sites/987654/post-counts/post'), 404, 'unknown_blog', 'Unknown blog');
  });
});
