/**
 * Acting on Reader posts against the reference service (reader.md), in Following and Freshly
 * Pressed at once: likes shown before the answer and kept over a refresh, refused and lost answers,
 * Mark All as Seen in one request per feed, unfollow and block with Undo, comments held, refused.
 */
import * as assert from 'node:assert/strict';
import { ContentSiteClient, type FeedPost } from '../../src/api';
import { FeaturedModel } from '../../src/models/featuredModel';
import { FollowingModel } from '../../src/models/followingModel';
import { READER_ACTIONS } from '../../src/models/readerActionCatalog';
import { ReaderPostActions, type ReaderList } from '../../src/models/readerPostActions';
import { SiteChanges, type CommentChange, type FollowChange } from '../../src/models/siteChanges';
import { startService, USERS, type RunningService } from '../service';
import { READER } from '../service/seedReader';
import { startHoldProxy, type HoldProxy } from './holdProxy';
import { manualTimers } from './manualTimers';

describe('Acting on Reader posts', () => {
  let svc: RunningService;
  let proxy: HoldProxy;
  const clients: ContentSiteClient[] = [];
  let api: ContentSiteClient;
  let following: FollowingModel;
  let featured: FeaturedModel;
  let changes: SiteChanges;
  let clock: ReturnType<typeof manualTimers>;
  let acts: ReaderPostActions;

  before(async () => {
    svc = await startService();
    proxy = await startHoldProxy(svc.restUrl);
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await proxy.close();
    await svc.close();
  });

  /** Following (20 a page) and Freshly Pressed, loaded, with the actions over both. */
  async function load() {
    api = new ContentSiteClient({ baseUrl: proxy.restUrl, token: 'cs-demo-token', retry: { maxTries: 1 } });
    clients.push(api);
    following = new FollowingModel({ client: () => api, pageSize: () => 20 });
    featured = new FeaturedModel({ client: () => api, pageSize: () => 15 });
    changes = new SiteChanges();
    clock = manualTimers();
    acts = new ReaderPostActions({
      client: () => api,
      lists: () => [following, featured] as ReaderList[],
      changes,
      timers: clock.timers,
    });
    await following.refresh();
    await featured.refresh();
    svc.requests.length = 0;
  }

  beforeEach(async () => {
    svc.reset();
    await load();
  });

  const post = (list: ReaderList, id: number) => list.items.find((p) => p.ID === id);
  const rest = () => svc.requests.filter((r) => r.path.startsWith('/rest/') || r.path.startsWith('/wpcom/'));
  const writes = () => rest().filter((r) => r.method === 'POST');
  const ofSite = (list: ReaderList, site: number) => list.items.filter((p) => p.site_ID === site);
  const likePath = (site: number, id: number) => `/rest/v1.1/sites/${site}/posts/${id}/likes/new`;

  describe('like', () => {
    it('shows at once, survives a refresh that started before the answer, and the service has it', async () => {
      const before = post(following, READER.threadPost)!;
      assert.equal(before.i_like, false);
      const count = Number(before.like_count);
      // Following's refresh is one batch (its first page and its unseen count).
      const heldList = proxy.hold('GET', '/rest/v1/batch/', 'response');
      const refreshing = following.refresh();
      await heldList.answered;
      const heldLike = proxy.hold('POST', likePath(READER.longhand, READER.threadPost), 'response');
      const done = acts.like([before]);
      await heldLike.answered;
      assert.deepEqual(
        [post(following, READER.threadPost)!.i_like, post(following, READER.threadPost)!.like_count],
        [true, count + 1],
        'liked on screen while the answer is on its way',
      );
      heldLike.release();
      const report = await done;
      assert.deepEqual([report.on, report.acted, report.failed], [true, [{ siteId: READER.longhand, postId: READER.threadPost }], []]);
      // The refresh's answer was sent before the like was applied: it says not liked, and must not win.
      heldList.release();
      await refreshing;
      assert.deepEqual([post(following, READER.threadPost)!.i_like, post(following, READER.threadPost)!.like_count], [true, count + 1]);
      assert.ok(svc.world().postLikes.get(READER.threadPost)?.has(USERS.demo), 'the service has the like');
      await following.refresh();
      assert.equal(post(following, READER.threadPost)!.i_like, true, 'and a later refresh agrees');
      assert.equal(writes().length, 1, 'one request');
    });

    it('a multi-selection likes every post, one request each, and shows in every list holding the post', async () => {
      const posts = following.items.filter((p) => p.site_ID === READER.longhand).slice(0, 4);
      const report = await acts.like(posts, true);
      assert.equal(report.acted.length, 4);
      assert.equal(writes().length, 4);
      for (const p of posts) assert.ok(svc.world().postLikes.get(p.ID)?.has(USERS.demo));
      const other = new FollowingModel({ client: () => api, pageSize: () => 20 });
      const shared = new ReaderPostActions({
        client: () => api,
        lists: () => [following, other] as ReaderList[],
        changes: new SiteChanges(),
      });
      await other.refresh();
      await shared.like([post(other, posts[0].ID)!], false);
      assert.equal(post(following, posts[0].ID)!.i_like, false, 'unliked in the other list too');
      shared.dispose();
    });

    it("a refusal (an external feed's post) rolls back and gives the service's reason", async () => {
      const external = post(following, READER.externalPost)!;
      assert.equal(external.is_external, true);
      const held = proxy.hold('POST', likePath(READER.external, READER.externalPost), 'response');
      const done = acts.like([external]);
      await held.answered;
      assert.equal(post(following, READER.externalPost)!.i_like, true, 'shown at once');
      held.release();
      const report = await done;
      assert.deepEqual([report.acted, report.failed.length], [[], 1]);
      assert.equal(report.error?.status, 404);
      assert.equal(report.error?.code, 'unknown_post');
      assert.equal(post(following, READER.externalPost)!.i_like, false, 'rolled back');
      assert.equal(post(following, READER.externalPost)!.like_count, external.like_count);
    });

    it('a lost answer is settled by asking the service (its likes say i_like), never sent again', async () => {
      const p = post(following, READER.threadPost)!;
      svc.queueFault({ method: 'POST', path: likePath(READER.longhand, READER.threadPost), count: 1, fault: 'applied,reset' });
      const report = await acts.like([p]);
      assert.deepEqual([report.acted.length, report.failed, report.error], [1, [], undefined]);
      assert.ok(svc.world().postLikes.get(READER.threadPost)?.has(USERS.demo));
      assert.equal(post(following, READER.threadPost)!.i_like, true);
      assert.equal(post(following, READER.threadPost)!.like_count, svc.world().posts.get(READER.threadPost)!.likeCount);
      assert.deepEqual(
        rest().map((r) => `${r.method} ${r.path.split('?')[0]}`),
        [
          `POST ${likePath(READER.longhand, READER.threadPost)}`,
          `GET /rest/v1.1/sites/${READER.longhand}/posts/${READER.threadPost}/likes/`,
        ],
      );
    });

    it('a lost answer of a like that was not applied: the service, asked, says not liked, and the post shows it', async () => {
      const p = post(following, READER.threadPost)!;
      svc.queueFault({ method: 'POST', path: likePath(READER.longhand, READER.threadPost), count: 1, fault: 'reset' });
      const report = await acts.like([p]);
      assert.deepEqual([report.acted, report.failed.length], [[], 1]);
      assert.match(report.error!.userMessage, /still shows the post as before/);
      assert.equal(post(following, READER.threadPost)!.i_like, false);
    });
    it("a like confirmed in another view (the detail view, through SiteChanges) shows in every list's row", async () => {
      const p = post(featured, 8000)!;
      changes.readerPost({ siteId: Number(p.site_ID), postId: p.ID, patch: { i_like: true, like_count: 99 }, from: {} });
      assert.deepEqual([post(featured, 8000)!.i_like, post(featured, 8000)!.like_count], [true, 99]);
    });

    it('a post no list holds (opened elsewhere) is still liked on the service', async () => {
      const p = { ...post(following, READER.threadPost)! };
      following.clear();
      const report = await acts.like([p], true);
      assert.equal(report.acted.length, 1);
      assert.ok(svc.world().postLikes.get(READER.threadPost)?.has(USERS.demo));
    });
  });

  describe('seen', () => {
    /** Following holds only two sites' posts: the reader follows only Longhand Quarterly and Small Press Diary. */
    async function twoSites() {
      const mine = svc.world().follows.get(USERS.demo)!;
      mine.delete(READER.external);
      mine.delete(READER.private);
      await following.refresh();
      svc.requests.length = 0;
      const sites = new Set(following.items.map((p) => p.site_ID));
      assert.deepEqual([...sites].sort(), [READER.longhand, READER.holding]);
    }

    const unseenShown = () => following.items.filter((p) => p.is_seen === false).length;

    it('Mark All as Seen of 20 posts on 2 sites is 2 requests, and the service shows them seen', async () => {
      await twoSites();
      assert.equal(unseenShown(), 20);
      const report = await acts.markAllSeen(following);
      assert.equal(report.acted.length, 20);
      assert.equal(unseenShown(), 0);
      assert.equal(writes().length, 2, 'one request per feed');
      assert.ok(writes().every((r) => r.path.startsWith('/wpcom/v2/seen-posts/seen/')));
      await following.refresh();
      assert.equal(unseenShown(), 0, "the service's own copy says seen");
      assert.ok(following.items.every((p) => p.is_seen === true));
    });

    it('seen shows at once; unseen again (pressing again) reverses it on the service', async () => {
      const [a] = following.items;
      const held = proxy.hold('POST', '/wpcom/v2/seen-posts/seen/new', 'response');
      const done = acts.seen([a]);
      await held.answered;
      assert.equal(post(following, a.ID)!.is_seen, true, 'seen at once');
      held.release();
      assert.equal((await done).acted.length, 1);
      const again = await acts.seen([post(following, a.ID)!]);
      assert.equal(again.on, false);
      await following.refresh();
      assert.equal(post(following, a.ID)!.is_seen, false);
    });

    it("a lost answer is settled by reading the posts again from the service's stream", async () => {
      await twoSites();
      const posts = following.items.slice(0, 6);
      svc.queueFault({ method: 'POST', path: '/wpcom/v2/seen-posts/seen/new', count: 1, fault: 'applied,reset' });
      const report = await acts.seen(posts, true);
      assert.equal(report.acted.length, 6, `acted ${report.acted.length}: ${report.error?.userMessage ?? ''}`);
      assert.ok(posts.every((p) => post(following, p.ID)!.is_seen === true));
      assert.ok(
        rest().some((r) => r.method === 'GET' && r.path.startsWith('/rest/v1/read/following/')),
        'asked the stream',
      );
      assert.equal(writes().length, 2, 'nothing sent twice');
    });

    it("a featured post's lost mark is settled by its tag's stream (it is not in Following)", async () => {
      const p = post(featured, 8000)!;
      assert.equal(post(following, 8000), undefined);
      svc.queueFault({ method: 'POST', path: '/wpcom/v2/seen-posts/seen/new', count: 1, fault: 'applied,reset' });
      const report = await acts.seen([p], true);
      assert.equal(report.acted.length, 1, report.error?.userMessage);
      assert.equal(post(featured, 8000)!.is_seen, true);
      assert.ok(rest().some((r) => r.method === 'GET' && r.path.startsWith('/rest/v1.1/read/tags/')));
    });

    it('a lost answer of a mark that was not applied: the posts show unseen, as the service has them', async () => {
      const [a] = following.items;
      svc.queueFault({ method: 'POST', path: '/wpcom/v2/seen-posts/seen/new', count: 1, fault: 'reset' });
      const report = await acts.seen([a], true);
      assert.deepEqual([report.acted, report.failed.length], [[], 1]);
      assert.equal(post(following, a.ID)!.is_seen, false);
    });
  });

  describe('follow', () => {
    it('unfollow with Undo: its posts leave Following at once, show unfollowed in Freshly Pressed, come back, nothing sent', async () => {
      const p = post(following, READER.threadPost)!;
      const removal = acts.follow(p, false)!;
      assert.deepEqual(ofSite(following, READER.longhand), [], 'gone from Following');
      assert.ok(ofSite(featured, READER.longhand).length > 0);
      assert.ok(
        ofSite(featured, READER.longhand).every((x) => x.is_following === false),
        'unfollowed elsewhere',
      );
      assert.equal(acts.undo(), 'undone');
      assert.ok(ofSite(following, READER.longhand).length > 0, 'back');
      assert.ok(ofSite(featured, READER.longhand).every((x) => x.is_following === true));
      clock.endAll();
      assert.deepEqual((await removal.done).done, false);
      assert.deepEqual(writes(), []);
      assert.ok(svc.world().follows.get(USERS.demo)!.has(READER.longhand));
    });

    it('unfollow for good: sent when the window ends, the service no longer follows, the posts stay out of Following', async () => {
      const told: FollowChange[] = [];
      changes.onFollow((c) => told.push(c));
      const removal = acts.follow(post(following, READER.threadPost)!, false)!;
      assert.deepEqual(writes(), [], 'nothing sent inside the window');
      clock.endAll();
      const report = await removal.done;
      assert.equal(report.done, true, report.error?.userMessage);
      assert.equal(svc.world().follows.get(USERS.demo)!.has(READER.longhand), false);
      assert.deepEqual(ofSite(following, READER.longhand), []);
      await following.refresh();
      assert.deepEqual(ofSite(following, READER.longhand), []);
      assert.deepEqual(told, [{ siteId: READER.longhand, feedId: post(featured, 8000)!.feed_ID, following: false, from: acts }]);
      // Following it again: shown at once, and its posts are back in Following.
      const again = await acts.follow(post(featured, 8000)!, true);
      assert.equal(again.done, true);
      assert.ok(svc.world().follows.get(USERS.demo)!.has(READER.longhand));
      assert.ok(ofSite(following, READER.longhand).length > 0);
    });

    it("another view's unfollow (SiteChanges) takes the site's posts out of Following", async () => {
      changes.follow({ siteId: READER.holding, following: false, from: {} });
      assert.deepEqual(ofSite(following, READER.holding), []);
      assert.ok(ofSite(featured, READER.holding).every((x) => x.is_following === false));
    });
    it('an unfollow whose answer is lost is settled by asking whether the user follows the site', async () => {
      svc.queueFault({ method: 'POST', path: `/rest/v1.1/sites/${READER.longhand}/follows/mine/delete`, count: 1, fault: 'applied,reset' });
      const removal = acts.follow(post(following, READER.threadPost)!, false)!;
      clock.endAll();
      const report = await removal.done;
      assert.equal(report.done, true, report.error?.userMessage);
      assert.ok(rest().some((r) => r.method === 'GET' && r.path === `/rest/v1.1/sites/${READER.longhand}/follows/mine`));
      assert.equal(writes().length, 1, 'not sent again');
      assert.deepEqual(ofSite(following, READER.longhand), []);
    });

    it('an external feed is unfollowed by its address, and its posts leave Following', async () => {
      const external = post(following, READER.externalPost)!;
      const removal = acts.follow(external, false)!;
      assert.deepEqual(ofSite(following, READER.external), []);
      clock.endAll();
      assert.equal((await removal.done).done, true);
      assert.deepEqual(
        writes().map((r) => r.path),
        ['/rest/v1.1/read/following/mine/delete'],
      );
      assert.equal(svc.world().follows.get(USERS.demo)!.has(READER.external), false);
    });

    it("another view following a site again brings Following's first page again, with its posts", async () => {
      svc.world().follows.get(USERS.demo)!.delete(READER.holding);
      await following.refresh();
      assert.deepEqual(ofSite(following, READER.holding), []);
      svc.world().follows.get(USERS.demo)!.add(READER.holding);
      changes.follow({ siteId: READER.holding, following: true, from: {} });
      for (let i = 0; i < 200 && ofSite(following, READER.holding).length === 0; i++) await new Promise((r) => setTimeout(r, 5));
      assert.ok(ofSite(following, READER.holding).length > 0);
      assert.ok(ofSite(featured, READER.holding).every((x) => x.is_following === true));
    });
  });

  describe('block', () => {
    it('its posts leave every list at once; Undo brings them back and nothing is sent', async () => {
      const removal = acts.block(READER.holding)!;
      assert.deepEqual([ofSite(following, READER.holding), ofSite(featured, READER.holding)], [[], []]);
      assert.equal(removal.undo(), 'undone');
      assert.ok(ofSite(following, READER.holding).length > 0 && ofSite(featured, READER.holding).length > 0);
      assert.deepEqual(writes(), []);
    });

    it('sent when the window ends: the service blocks the site and its posts stay out after a refresh', async () => {
      const removal = acts.block(READER.holding)!;
      clock.endAll();
      assert.equal((await removal.done).done, true);
      assert.ok(svc.world().blocks.get(USERS.demo)?.has(READER.holding));
      await Promise.all([following.refresh(), featured.refresh()]);
      assert.deepEqual([ofSite(following, READER.holding), ofSite(featured, READER.holding)], [[], []]);
    });
    it('a lost block answer: the lists are read again and show what the service has; the report says it is unknown', async () => {
      svc.queueFault({ method: 'POST', path: `/rest/v1.1/me/block/sites/${READER.holding}/new`, count: 1, fault: 'applied,reset' });
      const removal = acts.block(READER.holding)!;
      clock.endAll();
      const report = await removal.done;
      assert.equal(report.done, false);
      assert.match(report.error!.userMessage, /^Whether the site was blocked is unknown/);
      assert.deepEqual([ofSite(following, READER.holding), ofSite(featured, READER.holding)], [[], []], 'the service blocked it');
    });
  });

  describe('comment', () => {
    it('on a site that holds comments: the answer is unapproved, the Comments view is told, the count waits for approval', async () => {
      const told: CommentChange[] = [];
      changes.onComment((c) => told.push(c));
      const p = post(following, READER.heldPost)!;
      const comment = await acts.comment(p, 'A reader’s thought.');
      assert.equal(comment.status, 'unapproved');
      assert.equal(svc.world().comments.get(comment.ID)?.status, 'unapproved');
      assert.deepEqual(told, [{ siteId: READER.holding, id: comment.ID, status: 'unapproved', from: acts }]);
      assert.equal(post(following, READER.heldPost)!.comment_count, p.comment_count);
    });

    it('on an open post: approved, and the post counts it in every list', async () => {
      const p = post(following, READER.threadPost)!;
      const comment = await acts.comment(p, 'Thank you for this.');
      assert.equal(comment.status, 'approved');
      assert.equal(post(following, READER.threadPost)!.comment_count, Number(p.comment_count) + 1);
      await following.refresh();
      assert.equal(post(following, READER.threadPost)!.comment_count, Number(p.comment_count) + 1, 'as the service counts it');
    });

    it("comments closed: rejected with the service's message, nothing changes", async () => {
      const p = post(following, READER.closedPost)!;
      const before = svc.world().comments.size;
      await assert.rejects(acts.comment(p, 'Too late?'), (err: Error & { serviceMessage?: string; code?: string }) => {
        assert.equal(err.code, 'comments_closed');
        assert.match(err.serviceMessage ?? '', /comments are closed/i);
        return true;
      });
      assert.equal(svc.world().comments.size, before);
      assert.equal(post(following, READER.closedPost)!.comment_count, p.comment_count);
    });
  });

  describe('offers', () => {
    it("says why an external feed's post takes no likes or comments, and why a closed post takes no comments", () => {
      const external = post(following, READER.externalPost)!;
      const closed = post(following, READER.closedPost)!;
      const open: FeedPost = post(following, READER.threadPost)!;
      const offers = (p: FeedPost, id: string) => READER_ACTIONS.entry(id).offers(p);
      assert.equal(offers(open, 'like'), true);
      assert.equal(offers(open, 'comment'), true);
      assert.match(String(offers(external, 'like')), /external feed/);
      assert.match(String(offers(closed, 'comment')), /closed/);
      assert.equal(offers(external, 'follow'), true);
    });
  });
});
