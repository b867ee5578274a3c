/**
 * What a reader follows and has seen (reader.md): following by site ID and by address, the list of
 * subscriptions, seen marks in the `/wpcom/v2` namespace, tags, blocked sites; each refusal, and
 * the service's faults on these routes as on every other.
 */
import * as assert from 'node:assert/strict';
import { serviceCalls, serviceFixture } from './reply';
import { feedIdOf } from './readerShapes';
import { READER } from './seedReader';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const DEMO = 'cs-demo-token';
const SEEN = '/wpcom/v2/seen-posts/seen';

describe('What a reader follows and has seen', () => {
  const fx = serviceFixture();
  const { call, ok, getOk, refused } = serviceCalls(fx);
  const post = (path: string, form = '', token = DEMO) => call('POST', path, { token, form });
  const postOk = (path: string, form = '', token = DEMO) => ok('POST', path, { token, form });
  const feed = async (token = DEMO): Promise<Json[]> => (await getOk('/rest/v1/read/following/?number=40', token)).posts;
  const sitesIn = async (posts: Json[] | Promise<Json[]>): Promise<number[]> =>
    [...new Set((await posts).map((p) => p.site_ID as number))].sort();
  const isFollowing = async (site: number): Promise<boolean> => (await getOk(`/rest/v1.1/sites/${site}/follows/mine`)).is_following;

  describe('following a site by ID', () => {
    it('follows/mine says whether the reader follows it; an unfollowed site leaves read/following, following again brings it back', async () => {
      assert.equal(await isFollowing(READER.longhand), true);
      assert.deepEqual(await sitesIn(feed()), [3101, 3102, 3103, 3104]);
      assert.equal((await postOk(`/rest/v1.1/sites/${READER.longhand}/follows/mine/delete`)).is_following, false);
      assert.equal(await isFollowing(READER.longhand), false);
      assert.deepEqual(await sitesIn(feed()), [3102, 3103, 3104]);
      assert.deepEqual(await sitesIn(feed('cs-ed-token')), [3101, 3102, 3103, 3104], "ed's follows are his own");
      assert.equal((await postOk(`/rest/v1.1/sites/${READER.longhand}/follows/new`)).is_following, true);
      assert.deepEqual(await sitesIn(feed()), [3101, 3102, 3103, 3104]);
    });
    it('refused: an unknown site 404 unknown_blog, no token 403', async () => {
      await refused(call('GET', '/rest/v1.1/sites/99999/follows/mine', { token: DEMO }), 404, 'unknown_blog', 'Unknown blog');
      assert.equal((await call('GET', `/rest/v1.1/sites/${READER.longhand}/follows/mine`, {})).json.error, 'authorization_required');
    });
  });

  describe('following by address', () => {
    it("read/following/mine/new takes the site's or its feed's address: subscribed, and the subscription names the site and its feed", async () => {
      await postOk(`/rest/v1.1/sites/${READER.holding}/follows/mine/delete`);
      const followed = await postOk(
        '/rest/v1.1/read/following/mine/new',
        'url=https%3A%2F%2Fsmallpress.example.org%2Ffeed%2F&source=reader',
      );
      assert.equal(followed.subscribed, true);
      assert.deepEqual(
        [followed.subscription.blog_ID, followed.subscription.feed_ID, followed.subscription.URL],
        [READER.holding, feedIdOf(READER.holding), 'https://smallpress.example.org'],
      );
      assert.equal(await isFollowing(READER.holding), true);
      assert.ok((await sitesIn(feed())).includes(READER.holding));
      const gone = await postOk('/rest/v1.1/read/following/mine/delete', 'url=smallpress.example.org');
      assert.equal(gone.subscribed, false);
      assert.equal(await isFollowing(READER.holding), false);
      assert.ok(!(await sitesIn(feed())).includes(READER.holding));
    });
    it('an address where no site is found is subscribed: false, and nothing is followed', async () => {
      const before = (await getOk('/rest/v1.1/read/following/mine')).total_subscriptions;
      assert.deepEqual(await postOk('/rest/v1.1/read/following/mine/new', 'url=https%3A%2F%2Fnowhere.example.com'), {
        subscribed: false,
        subscription: null,
      });
      assert.equal((await getOk('/rest/v1.1/read/following/mine')).total_subscriptions, before);
    });
    it('refused: no url or not an http(s) address 400 invalid_input, a private site to a non-member 403', async () => {
      await refused(
        post('/rest/v1.1/read/following/mine/new'),
        400,
        'invalid_input',
        'A "url" is required: the address of the site or feed to follow.',
      );
      await refused(
        post('/rest/v1.1/read/following/mine/new', 'url=ftp%3A%2F%2Flonghand.example.com'),
        400,
        'invalid_input',
        '"url" must be an http(s) address: ftp://longhand.example.com',
      );
      await refused(
        post('/rest/v1.1/read/following/mine/new', 'url=letters.example.blog', 'cs-ann-token'),
        403,
        'unauthorized',
        'User cannot access this private blog.',
      );
      assert.equal((await getOk('/rest/v1.1/read/following/mine', 'cs-ann-token')).total_subscriptions, 0);
    });
    it('read/following/mine lists the subscriptions newest first, paged, with meta=site,feed expanded', async () => {
      await postOk(`/rest/v1.1/sites/${READER.holding}/follows/mine/delete`);
      await postOk('/rest/v1.1/read/following/mine/new', 'url=smallpress.example.org');
      const first = await getOk('/rest/v1.1/read/following/mine?meta=site,feed&number=3&page=1');
      assert.deepEqual([first.total_subscriptions, first.page, first.number, first.subscriptions.length], [4, 1, 3, 3]);
      assert.equal(first.subscriptions[0].blog_ID, READER.holding, 'the newest subscription first');
      assert.equal(first.subscriptions[0].meta.data.site.ID, READER.holding);
      const second = await getOk('/rest/v1.1/read/following/mine?meta=site,feed&number=3&page=2');
      assert.equal(second.subscriptions.length, 1);
      const all = [...first.subscriptions, ...second.subscriptions].map((s: Json) => s.blog_ID).sort();
      assert.deepEqual(all, [3101, 3102, 3103, 3104]);
      for (const s of first.subscriptions)
        assert.deepEqual(Object.keys(s).sort(), ['ID', 'URL', 'blog_ID', 'date_subscribed', 'feed_ID', 'meta']);
      await refused(
        call('GET', '/rest/v1.1/read/following/mine?number=201', { token: DEMO }),
        400,
        'invalid_number',
        '"number" must be a whole number from 1 to 200.',
      );
    });
  });

  describe("a followed site's feed and posts", () => {
    it("meta=feed gives each subscription its feed, whose unseen_count counts the reader's unseen posts and follows seen marks", async () => {
      const list = await getOk('/rest/v1.1/read/following/mine?meta=site,feed');
      const longhand = list.subscriptions.find((s: Json) => s.blog_ID === READER.longhand);
      const fresh = longhand.meta.data.feed;
      assert.deepEqual(
        [fresh.feed_ID, fresh.blog_ID, fresh.name, fresh.is_following],
        [feedIdOf(READER.longhand), READER.longhand, 'Longhand Quarterly', true],
      );
      const posts = (await getOk(`/rest/v1.1/read/sites/${READER.longhand}/posts?number=40`)).posts;
      assert.equal(fresh.unseen_count, posts.length);
      await postOk(`${SEEN}/blog/new`, `blog_id=${READER.longhand}&post_ids[]=${posts[0].ID}`);
      assert.equal((await getOk(`/rest/v1.1/read/feed/${feedIdOf(READER.longhand)}`)).unseen_count, posts.length - 1);
      const privateOne = list.subscriptions.find((s: Json) => s.blog_ID === READER.private);
      assert.equal(privateOne.meta.data.site, false, 'not a member: the site itself is not readable');
      assert.equal(privateOne.meta.data.feed.name, 'Friends Only Letters', 'but its feed is, to a follower');
      await refused(call('GET', '/rest/v1.1/read/feed/12345', { token: DEMO }), 404, 'unknown_feed', 'Unknown feed');
      await refused(
        call('GET', `/rest/v1.1/read/feed/${feedIdOf(READER.private)}`, { token: 'cs-ann-token' }),
        403,
        'unauthorized',
        'User cannot access this private blog.',
      );
    });
    it("read/sites/$site/posts lists one site's Reader posts, newest first and paged; a private one to its followers only", async () => {
      const first = (await getOk(`/rest/v1.1/read/sites/${READER.longhand}/posts?number=3`)).posts;
      assert.equal(first.length, 3);
      assert.ok(first.every((p: Json) => p.site_ID === READER.longhand && typeof p.feed_item_ID === 'number'));
      assert.ok(Date.parse(first[0].date) >= Date.parse(first[2].date));
      const second = (await getOk(`/rest/v1.1/read/sites/${READER.longhand}/posts?number=3&page=2`)).posts;
      assert.ok(second.every((p: Json) => !first.some((f: Json) => f.ID === p.ID)));
      assert.ok((await getOk(`/rest/v1.1/read/sites/${READER.private}/posts`)).posts.length > 0);
      await refused(
        call('GET', `/rest/v1.1/read/sites/${READER.private}/posts`, { token: 'cs-ann-token' }),
        403,
        'unauthorized',
        'User cannot access this private blog.',
      );
      await refused(call('GET', '/rest/v1.1/read/sites/99999/posts', { token: DEMO }), 404, 'unknown_blog', 'Unknown blog');
    });
  });

  describe('seen and unseen (/wpcom/v2)', () => {
    it('by feed: feed_id and feed_item_ids[] mark posts seen and unseen, and is_seen follows', async () => {
      const [a, b] = (await feed()).filter((p) => p.site_ID === READER.longhand);
      const form = `feed_id=${a.feed_ID}&feed_item_ids[]=${a.feed_item_ID}&feed_item_ids[]=${b.feed_item_ID}&source=reader`;
      assert.deepEqual(await postOk(`${SEEN}/new`, form), { status: true });
      const seen = (await feed()).filter((p) => p.is_seen).map((p) => p.ID);
      assert.deepEqual(seen, [a.ID, b.ID]);
      assert.deepEqual(
        (await feed('cs-ed-token')).filter((p) => p.is_seen),
        [],
        "ed's marks are his own",
      );
      assert.deepEqual(await postOk(`${SEEN}/delete`, `feed_id=${a.feed_ID}&feed_item_ids[]=${a.feed_item_ID}`), { status: true });
      assert.deepEqual(
        (await feed()).filter((p) => p.is_seen).map((p) => p.ID),
        [b.ID],
      );
    });
    it("by site: blog_id and post_ids[] mark a site's posts seen and unseen", async () => {
      const [a] = (await feed()).filter((p) => p.site_ID === READER.holding);
      assert.deepEqual(await postOk(`${SEEN}/blog/new`, `blog_id=${READER.holding}&post_ids[]=${a.ID}`), { status: true });
      assert.deepEqual(
        (await feed()).filter((p) => p.is_seen).map((p) => p.ID),
        [a.ID],
      );
      assert.deepEqual(await postOk(`${SEEN}/blog/delete`, `blog_id=${READER.holding}&post_ids[]=${a.ID}`), { status: true });
      assert.deepEqual(
        (await feed()).filter((p) => p.is_seen),
        [],
      );
    });
    it('refused, and nothing marked: an unknown feed or blog 404, an item not of it 404, missing IDs 400, no token 403', async () => {
      const [a] = (await feed()).filter((p) => p.site_ID === READER.longhand);
      await refused(post(`${SEEN}/new`, `feed_id=1&feed_item_ids[]=${a.feed_item_ID}`), 404, 'unknown_blog', 'Unknown feed');
      await refused(
        post(`${SEEN}/new`, `feed_id=${a.feed_ID}&feed_item_ids[]=${a.feed_item_ID}&feed_item_ids[]=5`),
        404,
        'unknown_post',
        'Unknown feed item: 5',
      );
      await refused(post(`${SEEN}/blog/new`, `blog_id=99999&post_ids[]=${a.ID}`), 404, 'unknown_blog', 'Unknown blog');
      await refused(post(`${SEEN}/blog/new`, `blog_id=${READER.holding}&post_ids[]=${a.ID}`), 404, 'unknown_post', `Unknown post: ${a.ID}`);
      await refused(post(`${SEEN}/new`, `feed_id=${a.feed_ID}`), 400, 'invalid_input', '"feed_item_ids" must list at least one ID.');
      await refused(post(`${SEEN}/blog/new`, `post_ids[]=${a.ID}`), 400, 'invalid_input', '"blog_id" must be a positive whole number.');
      const anonymous = await call('POST', `${SEEN}/new`, { form: `feed_id=${a.feed_ID}&feed_item_ids[]=${a.feed_item_ID}` });
      assert.deepEqual([anonymous.status, anonymous.json.error], [403, 'authorization_required']);
      assert.deepEqual(
        (await feed()).filter((p) => p.is_seen),
        [],
      );
      assert.equal((await post(`/rest/v1.1/seen-posts/seen/new`, `feed_id=${a.feed_ID}&feed_item_ids[]=${a.feed_item_ID}`)).status, 404);
    });
  });

  describe('tags', () => {
    it('read/tags/$tag/mine/new follows a tag and delete unfollows it; read/tags follows; read/tags/$tag/posts lists its posts', async () => {
      const slugs = async (): Promise<string[]> => (await getOk('/rest/v1/read/tags')).tags.map((t: Json) => t.slug);
      const before = await slugs();
      assert.ok(!before.includes('haiku'));
      const on = await postOk('/rest/v1.1/read/tags/haiku/mine/new');
      assert.equal(on.subscribed, true);
      assert.ok(on.tags.some((t: Json) => t.slug === 'haiku'));
      assert.deepEqual(await slugs(), [...before, 'haiku']);
      const off = await postOk('/rest/v1.1/read/tags/haiku/mine/delete');
      assert.deepEqual([off.subscribed, off.tags.map((t: Json) => t.slug)], [false, before]);
      assert.deepEqual(await slugs(), before);
      const posts = (await getOk('/rest/v1.2/read/tags/poetry/posts?number=40', null)).posts;
      assert.ok(posts.length > 0);
      for (const p of posts) assert.ok('poetry' in p.tags, `${p.ID} is tagged poetry`);
      await refused(
        post('/rest/v1.1/read/tags/not%20a%20tag/mine/new'),
        400,
        'invalid_input',
        'Invalid tag: a tag is letters, digits, "-" or "_".',
      );
    });
  });

  describe('blocking a site', () => {
    it("a blocked site's posts leave read/following, freshly-pressed and a tag's posts; unblocking brings them back", async () => {
      const streams = async (): Promise<number[][]> => [
        await sitesIn(feed()),
        await sitesIn((await getOk('/rest/v1.1/freshly-pressed/?number=40')).posts),
        await sitesIn((await getOk('/rest/v1.2/read/tags/writing/posts?number=40')).posts),
      ];
      const before = await streams();
      for (const sites of before) assert.ok(sites.includes(READER.longhand));
      assert.deepEqual(await postOk(`/rest/v1.1/me/block/sites/${READER.longhand}/new`), { success: true });
      for (const sites of await streams()) assert.ok(!sites.includes(READER.longhand), String(sites));
      assert.ok((await sitesIn(feed('cs-ed-token'))).includes(READER.longhand), "ed's streams are his own");
      assert.deepEqual(await postOk(`/rest/v1.1/me/block/sites/${READER.longhand}/delete`), { success: true });
      assert.deepEqual(await streams(), before);
      await refused(post('/rest/v1.1/me/block/sites/99999/new'), 404, 'unknown_blog', 'Unknown blog');
    });
  });

  describe('faults', () => {
    it('a queued fault answers instead of a new route (not applied); applied,status=500 applies it first', async () => {
      const [a] = (await feed()).filter((p) => p.site_ID === READER.longhand);
      const form = `feed_id=${a.feed_ID}&feed_item_ids[]=${a.feed_item_ID}`;
      fx.svc.queueFault({ path: `${SEEN}/new`, fault: 'status=503' });
      assert.equal((await post(`${SEEN}/new`, form)).status, 503);
      assert.deepEqual(
        (await feed()).filter((p) => p.is_seen),
        [],
      );
      fx.svc.queueFault({ path: '/rest/v1.1/read/following/mine/delete', fault: 'applied,status=500' });
      assert.equal((await post('/rest/v1.1/read/following/mine/delete', 'url=longhand.example.com')).status, 500);
      assert.equal(await isFollowing(READER.longhand), false, 'applied before the fault');
      const limited = await call('POST', `/rest/v1.1/me/block/sites/${READER.longhand}/new`, {
        token: DEMO,
        headers: { 'x-fault': 'ratelimit=7' },
      });
      assert.deepEqual([limited.status, limited.headers.get('retry-after')], [429, '7']);
      assert.ok((await sitesIn((await getOk('/rest/v1.1/freshly-pressed/?number=40')).posts)).includes(READER.longhand));
    });
  });
});
