/**
 * The Reader's unseen counts against the reference service: Following's count is the service's own
 * across every followed site (not the page of posts loaded), it rides in Following's refresh batch,
 * and it and Followed Sites' per-site counts follow a seen mark made in any list (SiteChanges), read
 * again from the service once per burst. An older read answering late never replaces a newer one,
 * and a sign-out's clear is not undone by a read on its way.
 */
import * as assert from 'node:assert/strict';
import { ContentSiteClient } from '../../src/api';
import { FeaturedModel } from '../../src/models/featuredModel';
import { FollowedSitesModel, unseenCount } from '../../src/models/followedSitesModel';
import { FollowingModel } from '../../src/models/followingModel';
import { ReaderPostActions, type ReaderList } from '../../src/models/readerPostActions';
import { SiteChanges } from '../../src/models/siteChanges';
import { startService, type RunningService } from '../service';
import { feedItemIdOf } from '../service/readerShapes';
import { startHoldProxy, type HoldProxy } from './holdProxy';
import { manualTimers } from './manualTimers';

const DEMO = 1001;

describe("The Reader's unseen counts", () => {
  let svc: RunningService;
  let proxy: HoldProxy;
  let api: ContentSiteClient;
  let changes: SiteChanges;
  let clock: ReturnType<typeof manualTimers>;
  let following: FollowingModel;
  let sites: FollowedSitesModel;
  let featured: FeaturedModel;
  let acts: ReaderPostActions;

  before(async () => {
    svc = await startService();
    proxy = await startHoldProxy(svc.restUrl);
  });
  after(async () => {
    await api?.close();
    await proxy.close();
    await svc.close();
  });

  beforeEach(async () => {
    svc.reset();
    await api?.close();
    api = new ContentSiteClient({ baseUrl: proxy.restUrl, token: 'cs-demo-token', retry: { maxTries: 1 } });
    changes = new SiteChanges();
    clock = manualTimers();
    following = new FollowingModel({ client: () => api, pageSize: () => 10, changes, timers: clock.timers });
    sites = new FollowedSitesModel({ client: () => api, pageSize: () => 10, changes, undoMs: () => 5000, timers: clock.timers });
    featured = new FeaturedModel({ client: () => api, pageSize: () => 15 });
    acts = new ReaderPostActions({ client: () => api, lists: () => [following, featured] as ReaderList[], changes, timers: clock.timers });
    await following.refresh();
    await sites.refresh();
    await featured.refresh();
  });
  afterEach(() => {
    acts.dispose();
    following.dispose();
    sites.dispose();
    featured.dispose();
  });

  /** The service's own count: the followed sites' feed posts the demo user has not seen. */
  const unseenOnService = (site?: number) => {
    const w = svc.world();
    const follows = w.follows.get(DEMO) ?? new Set<number>();
    const seen = w.seen.get(DEMO);
    return w.feed.filter((p) => follows.has(p.siteId) && (site === undefined || p.siteId === site) && !seen?.has(feedItemIdOf(p.ID)))
      .length;
  };
  const countsShown = () => new Map(sites.items.map((s) => [s.blog_ID, unseenCount(s)]));
  const countsOnService = () => new Map(sites.items.map((s) => [s.blog_ID, unseenOnService(s.blog_ID)]));
  const reads = () => svc.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/rest/v1.1/read/following/mine')).length;

  it("Following's count is the service's across every followed site, not the 10 posts loaded, and comes in the refresh's one batch", async () => {
    assert.equal(following.items.length, 10);
    const total = unseenOnService();
    assert.ok(total > 10, `the service has more unseen posts (${total}) than Following loads`);
    assert.deepEqual(following.unseen.value, { count: total, atLeast: false });
    svc.requests.length = 0;
    await following.refresh();
    assert.equal(svc.requests.length, 1, 'one request: the count rides in the batch with the first page');
    assert.equal(reads(), 0, 'no read of its own');
  });

  it('Mark All as Seen: after one read each, Following and every Followed Sites count equal the service’s', async () => {
    const before = countsShown();
    assert.deepEqual(before, countsOnService());
    const report = await acts.markAllSeen(following);
    assert.equal(report.acted.length, 10);
    assert.notDeepEqual(countsOnService(), before, 'the service counts fewer now');
    svc.requests.length = 0;
    clock.endAll();
    await until(() => following.unseen.value?.count === unseenOnService() && same(countsShown(), countsOnService()));
    assert.equal(reads(), 2, "one read for Following's count and one for the sites' counts, not one per post");
    assert.equal(following.unseen.value?.count, unseenOnService());
    assert.deepEqual(countsShown(), countsOnService());
  });

  it('a post seen in another list (a tag, Freshly Pressed) moves the counts too: the change is told, not the list', async () => {
    const post = following.items.find((p) => p.is_seen === false)!;
    const total = unseenOnService();
    // A seen mark made elsewhere reaches the service and SiteChanges only (as another list's action does).
    await (await api.reader.actions()).markSeen(Number(post.feed_ID), [Number(post.feed_item_ID)]);
    changes.readerPost({ siteId: Number(post.site_ID), postId: Number(post.ID), patch: { is_seen: true } });
    clock.endAll();
    await until(() => following.unseen.value?.count === total - 1);
    await until(() => unseenCount(sites.items.find((s) => s.blog_ID === post.site_ID)!) === unseenOnService(Number(post.site_ID)));
  });

  it('an older read answering after a newer one does not replace it', async () => {
    const held = proxy.hold('GET', '/rest/v1.1/read/following/mine', 'response');
    const older = following.unseen.read();
    await held.answered; // the service answered the older read with the count before the marks
    const stale = unseenOnService();
    await acts.markAllSeen(following);
    await following.unseen.read();
    assert.equal(following.unseen.value?.count, unseenOnService());
    held.release();
    await older;
    assert.notEqual(stale, unseenOnService());
    assert.equal(following.unseen.value?.count, unseenOnService(), 'the newer count stays');
  });

  it('signed out: the count is forgotten, and a read on its way does not bring it back', async () => {
    const held = proxy.hold('GET', '/rest/v1.1/read/following/mine', 'response');
    const reading = following.unseen.read();
    await held.answered;
    following.clear();
    assert.equal(following.unseen.value, undefined);
    held.release();
    await reading;
    assert.equal(following.unseen.value, undefined);
    // Signed out, a seen mark told reads nothing.
    changes.readerPost({ siteId: 1, postId: 1, patch: { is_seen: true } });
    assert.equal(clock.count(), 0);
  });
});

function same(a: Map<unknown, unknown>, b: Map<unknown, unknown>): boolean {
  return a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}
