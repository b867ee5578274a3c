/**
 * The Followed Sites list and the Reader's tags against the reference service: the list with each
 * site's name and unseen count, a site's posts, unfollow with Undo (nothing sent) and for good (on
 * the service, told to SiteChanges), a refusal kept visible, follow by address (a bad address and an
 * unknown site refused with their reasons), a follow told by others, and following and unfollowing tags.
 */
import * as assert from 'node:assert/strict';
import { FollowedSitesModel, siteName, unseenCount } from '../../src/models/followedSitesModel';
import { SiteChanges, type FollowChange } from '../../src/models/siteChanges';
import { TagsModel } from '../../src/models/tagsModel';
import { READER } from '../service/seedReader';
import { restRequests, useClientAndService } from './setup';
import { manualTimers } from './manualTimers';

const { svc, client } = useClientAndService();

async function model(pageSize = 10) {
  const api = client('cs-demo-token');
  const changes = new SiteChanges();
  const told: FollowChange[] = [];
  changes.onFollow((c) => told.push(c));
  const clock = manualTimers();
  const m = new FollowedSitesModel({ client: () => api, pageSize: () => pageSize, changes, undoMs: () => 5000, timers: clock.timers });
  await m.refresh();
  return { m, changes, told, clock };
}

const blogs = (m: FollowedSitesModel) => m.items.map((s) => s.blog_ID).sort();
const keyOfBlog = (m: FollowedSitesModel, blog: number) => m.keyOf(m.items.find((s) => s.blog_ID === blog)!);
const followsOnService = () => [...(svc().world().follows.get(1001) ?? [])].sort();
const writes = () => restRequests(svc()).filter((r) => r.method === 'POST');

describe('FollowedSitesModel', () => {
  it("lists the followed sites with each one's name (its feed's when the site is private) and unseen count, paged", async () => {
    const { m } = await model(3);
    assert.equal(m.items.length, 3);
    assert.ok(m.hasMore);
    await m.loadMore();
    assert.deepEqual(blogs(m), [3101, 3102, 3103, 3104]);
    const byBlog = (id: number) => m.items.find((s) => s.blog_ID === id)!;
    assert.equal(siteName(byBlog(READER.longhand)), 'Longhand Quarterly');
    assert.equal(siteName(byBlog(READER.private)), 'Friends Only Letters', 'not a member: the name is the feed’s');
    const posts = svc()
      .world()
      .feed.filter((p) => p.siteId === READER.longhand).length;
    assert.equal(unseenCount(byBlog(READER.longhand)), posts);
  });

  it("a site's posts: its latest, from read/sites/$site/posts, each a Reader post", async () => {
    const { m } = await model();
    const key = keyOfBlog(m, READER.private);
    await m.loadPosts(key);
    const shown = m.postsOf(key);
    assert.equal(shown?.kind, 'loaded');
    if (shown?.kind !== 'loaded') return;
    assert.ok(shown.posts.length > 0);
    assert.ok(shown.posts.every((p) => p.site_ID === READER.private && typeof p.feed_item_ID === 'number'));
    assert.ok(restRequests(svc()).some((r) => r.path.startsWith(`/rest/v1.1/read/sites/${READER.private}/posts`)));
  });

  it('unfollow: the site leaves at once; Undo brings it back and nothing is sent', async () => {
    const { m, told } = await model();
    const pending = m.unfollow(keyOfBlog(m, READER.longhand))!;
    assert.deepEqual(blogs(m), [3102, 3103, 3104]);
    await m.refresh();
    assert.deepEqual(blogs(m), [3102, 3103, 3104], 'a refresh does not bring it back while it waits');
    assert.equal(pending.undo(), 'undone');
    assert.equal((await pending.done).kind, 'undone');
    assert.deepEqual(blogs(m), [3101, 3102, 3103, 3104]);
    assert.deepEqual(writes(), []);
    assert.deepEqual(followsOnService(), [3101, 3102, 3103, 3104]);
    assert.deepEqual(told, []);
  });

  it('unfollow for good when the window ends: unfollowed on the service, told to SiteChanges, gone after a refresh', async () => {
    const { m, told, clock } = await model();
    const pending = m.unfollow(keyOfBlog(m, READER.holding))!;
    clock.endAll();
    const report = await pending.done;
    assert.equal(report.kind, 'done');
    assert.equal(report.name, 'Small Press Diary');
    assert.deepEqual(followsOnService(), [3101, 3102, 3104]);
    assert.deepEqual(
      writes().map((r) => r.path),
      ['/rest/v1.1/read/following/mine/delete'],
    );
    assert.deepEqual(
      told.map((c) => [c.siteId, c.following]),
      [[READER.holding, false]],
    );
    await m.refresh();
    assert.deepEqual(blogs(m), [3101, 3102, 3104]);
  });

  it("a refused unfollow brings the site back, with the service's reason", async () => {
    const { m, told, clock } = await model();
    svc().queueFault({ method: 'POST', path: '/rest/v1.1/read/following/mine/delete', count: 1, fault: 'status=403' });
    const pending = m.unfollow(keyOfBlog(m, READER.longhand))!;
    clock.endAll();
    const report = await pending.done;
    assert.equal(report.kind, 'failed');
    if (report.kind === 'failed') assert.equal(report.error.status, 403);
    assert.deepEqual(blogs(m), [3101, 3102, 3103, 3104]);
    assert.deepEqual(followsOnService(), [3101, 3102, 3103, 3104]);
    assert.deepEqual(told, []);
  });

  it('an unfollow whose answer was lost asks the service: applied, the site stays gone and SiteChanges hears it', async () => {
    const { m, told, clock } = await model();
    svc().queueFault({ method: 'POST', path: '/rest/v1.1/read/following/mine/delete', count: 1, fault: 'applied,reset' });
    const pending = m.unfollow(keyOfBlog(m, READER.longhand))!;
    clock.endAll();
    const report = await pending.done;
    assert.equal(report.kind, 'unknown');
    if (report.kind === 'unknown') assert.equal(report.stillFollowed, false);
    assert.deepEqual(blogs(m), [3102, 3103, 3104]);
    assert.deepEqual(
      told.map((c) => [c.siteId, c.following]),
      [[READER.longhand, false]],
    );
  });

  it('follow by address: the site shows at once, SiteChanges hears it, and the first page brings its name', async () => {
    const { m, told } = await model();
    await postUnfollow(READER.holding);
    await m.refresh();
    assert.deepEqual(blogs(m), [3101, 3102, 3104]);
    const result = await m.follow('smallpress.example.org');
    assert.equal(result.kind, 'followed');
    assert.deepEqual(blogs(m), [3101, 3102, 3103, 3104]);
    assert.deepEqual(followsOnService(), [3101, 3102, 3103, 3104]);
    assert.deepEqual(
      told.map((c) => [c.siteId, c.following]),
      [[READER.holding, true]],
    );
    await m.refresh();
    assert.equal(siteName(m.items[0]), 'Small Press Diary', 'the newest subscription first, named');
  });

  it('follow refused: a bad address before anything is sent, an unknown site with the service’s answer; the list unchanged', async () => {
    const { m } = await model();
    const bad = await m.follow('not an address');
    assert.equal(bad.kind, 'failed');
    if (bad.kind === 'failed') {
      assert.equal(bad.error.kind, 'invalid_input');
      assert.match(bad.error.userMessage, /must be a web address/);
    }
    assert.deepEqual(writes(), []);
    const unknown = await m.follow('https://nowhere.example.com');
    assert.equal(unknown.kind, 'failed');
    if (unknown.kind === 'failed') assert.match(unknown.error.userMessage, /found no site or feed to follow there/);
    assert.deepEqual(blogs(m), [3101, 3102, 3103, 3104]);
  });

  it('follows what others tell: a site unfollowed elsewhere leaves, one followed elsewhere comes with the first page', async () => {
    const { m, changes } = await model();
    changes.follow({ siteId: READER.external, following: false });
    assert.deepEqual(blogs(m), [3101, 3103, 3104]);
    await postUnfollow(READER.holding);
    await m.refresh();
    const api = client('cs-demo-token');
    await api.sites.follow(READER.holding);
    changes.follow({ siteId: READER.holding, following: true });
    await waitFor(() => blogs(m).includes(READER.holding));
  });
});

describe('TagsModel: follow and unfollow', () => {
  const tags = async () => {
    const api = client('cs-demo-token');
    const m = new TagsModel(() => api);
    await m.refresh();
    return m;
  };
  const slugs = (m: TagsModel) => m.items.map((t) => t.slug);

  it('follow by name: the list shows the tag as the service answers, and the service follows it', async () => {
    const m = await tags();
    const result = await m.follow('Short Stories');
    assert.equal(result.kind, 'followed');
    assert.deepEqual(slugs(m), ['writing', 'editing', 'poetry', 'short-stories']);
    assert.ok(
      svc()
        .world()
        .users.get(1001)!
        .followedTags.some((t) => t.slug === 'short-stories'),
    );
  });

  it('follow refused before sending: a name that is no tag', async () => {
    const m = await tags();
    const result = await m.follow('no/such tag');
    assert.equal(result.kind, 'failed');
    if (result.kind === 'failed') assert.match(result.error.userMessage, /A tag is its slug/);
    assert.deepEqual(writes(), []);
  });

  it('unfollow: gone at once and on the service; a refusal brings it back with the reason', async () => {
    const m = await tags();
    const key = (slug: string) => m.keyOf(m.items.find((t) => t.slug === slug)!);
    const going = m.unfollow(key('poetry'))!;
    assert.deepEqual(slugs(m), ['writing', 'editing']);
    assert.equal((await going).kind, 'done');
    assert.ok(
      !svc()
        .world()
        .users.get(1001)!
        .followedTags.some((t) => t.slug === 'poetry'),
    );
    await m.refresh();
    assert.deepEqual(slugs(m), ['writing', 'editing']);
    svc().queueFault({ method: 'POST', path: '/rest/v1.1/read/tags/editing/mine/delete', count: 1, fault: 'status=403' });
    const refused = await m.unfollow(key('editing'))!;
    assert.equal(refused.kind, 'failed');
    assert.deepEqual(slugs(m), ['writing', 'editing']);
  });
});

async function postUnfollow(blog: number): Promise<void> {
  await client('cs-demo-token').sites.unfollow(blog);
}

async function waitFor(ok: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}
