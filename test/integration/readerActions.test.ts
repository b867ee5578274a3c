/**
 * Acting on followed posts through the client against the reference service over loopback
 * (reader.md): likes, a post's comments as threads, comments and replies, comment likes, following
 * by site and by address, the followed sites, seen marks (`/wpcom/v2`), tags and blocks. Each
 * change is read back from the service; each refusal is a ContentSiteError with a sentence; input
 * the service would refuse is refused before anything is sent.
 */
import * as assert from 'node:assert/strict';
import { ContentSiteError, type ContentSiteClient, type FeedPost } from '../../src/api';
import { READER } from '../service/seedReader';
import { startHoldProxy } from './holdProxy';
import { caught } from './helpers';
import { useClientAndService } from './setup';

describe('Acting on followed posts through the client', () => {
  const { svc, client } = useClientAndService();
  const feed = async (api: ContentSiteClient): Promise<FeedPost[]> => (await api.reader.following({ number: 40 })).posts;
  const inFeed = async (api: ContentSiteClient, id: number): Promise<FeedPost> => (await feed(api)).find((p) => p.ID === id)!;
  const sitesOf = (posts: FeedPost[]): number[] => [...new Set(posts.map((p) => Number(p.site_ID)))].sort();
  const sent = () => svc().requests.filter((r) => r.method === 'POST');

  describe('posts and their comments', () => {
    it('posts.like and unlike: the Reader post shows i_like and like_count; an external feed post is refused', async () => {
      const api = client();
      const before = (await inFeed(api, READER.threadPost)).like_count!;
      assert.deepEqual((await api.posts.like(READER.longhand, READER.threadPost)).like_count, before + 1);
      const liked = await inFeed(api, READER.threadPost);
      assert.deepEqual([liked.i_like, liked.like_count], [true, before + 1]);
      assert.deepEqual((await api.posts.unlike(READER.longhand, READER.threadPost)).i_like, false);
      assert.equal((await inFeed(api, READER.threadPost)).like_count, before);
      const e = await caught(api.posts.like(READER.external, READER.externalPost));
      assert.deepEqual([e.kind, e.status, e.code], ['api', 404, 'unknown_post']);
    });

    it("comments.replies with hierarchical and ASC: a post's conversation as threads, a page at a time", async () => {
      const api = client();
      const page = await api.comments.replies(READER.longhand, READER.threadPost, { order: 'ASC', hierarchical: true, number: 2, page: 1 });
      assert.deepEqual([page.found, page.comments.map((c) => c.ID)], [3, [READER.thread.first, READER.thread.reply]]);
      const next = await api.comments.replies(READER.longhand, READER.threadPost, { order: 'ASC', hierarchical: true, number: 2, page: 2 });
      assert.deepEqual(
        next.comments.map((c) => c.ID),
        [READER.thread.second],
      );
      assert.ok(svc().requests.some((r) => r.path.includes(`/posts/${READER.threadPost}/replies/?`) && r.path.includes('hierarchical=1')));
    });

    it('posts.reply and comments.reply add to the thread; a blog that holds comments answers unapproved', async () => {
      const api = client();
      const top = await api.posts.reply(READER.longhand, READER.threadPost, 'Lovely piece.');
      const reply = await api.comments.reply(READER.longhand, READER.thread.second, 'A Moleskine.');
      assert.deepEqual([top.status, reply.status, reply.parent && reply.parent.ID], ['approved', 'approved', READER.thread.second]);
      const thread = await api.comments.replies(READER.longhand, READER.threadPost, { order: 'ASC', hierarchical: true });
      assert.deepEqual(
        thread.comments.map((c) => c.ID),
        [READER.thread.first, READER.thread.reply, READER.thread.second, reply.ID, top.ID],
      );
      assert.equal((await inFeed(api, READER.threadPost)).comment_count, 5);
      assert.equal((await api.posts.reply(READER.holding, READER.heldPost, 'Held for moderation.')).status, 'unapproved');
    });

    it('refusals are typed: comments closed, an external feed post, a draft; an empty comment is not sent', async () => {
      const api = client();
      const closed = await caught(api.posts.reply(READER.longhand, READER.closedPost, 'Hello'));
      assert.deepEqual(
        [closed.status, closed.code, closed.serviceMessage],
        [403, 'comments_closed', 'Sorry, comments are closed for this item.'],
      );
      assert.ok(closed.userMessage.length > 0);
      assert.equal((await caught(api.posts.reply(READER.external, READER.externalPost, 'Hello'))).code, 'unknown_post');
      const draft = await caught(api.posts.reply(2001, 108, 'Hello'));
      assert.deepEqual([draft.status, draft.code, draft.serviceMessage], [403, 'unauthorized', 'Comments on drafts are not allowed']);
      const before = sent().length;
      assert.equal((await caught(api.posts.reply(READER.longhand, READER.threadPost, '   '))).kind, 'invalid_input');
      assert.equal(sent().length, before);
    });

    it('comments.like and unlike on a Reader post comment', async () => {
      const api = client();
      assert.deepEqual((await api.comments.like(READER.longhand, READER.thread.first)).like_count, 1);
      assert.equal((await api.comments.get(READER.longhand, READER.thread.first)).i_like, true);
      assert.deepEqual((await api.comments.unlike(READER.longhand, READER.thread.first)).like_count, 0);
    });
  });

  describe('following', () => {
    it("sites.unfollow, actions().followStatus and sites.follow: the site's posts leave read/following and come back", async () => {
      const api = client();
      assert.equal((await (await api.reader.actions()).followStatus(READER.longhand)).is_following, true);
      await api.sites.unfollow(READER.longhand);
      assert.equal((await (await api.reader.actions()).followStatus('longhand.example.com')).is_following, false);
      assert.ok(!sitesOf(await feed(api)).includes(READER.longhand));
      await api.sites.follow(READER.longhand);
      assert.ok(sitesOf(await feed(api)).includes(READER.longhand));
    });

    it('reader.followUrl and unfollowUrl by address; followedSites lists the subscriptions, paged, meta expanded', async () => {
      const api = client();
      await (await api.reader.actions()).unfollowUrl('https://smallpress.example.org/');
      assert.ok(!sitesOf(await feed(api)).includes(READER.holding));
      const followed = await (await api.reader.actions()).followUrl('smallpress.example.org/feed/', { source: 'vscode' });
      assert.deepEqual([followed.subscribed, followed.subscription?.blog_ID], [true, READER.holding]);
      assert.ok(sitesOf(await feed(api)).includes(READER.holding));
      const first = await (await api.reader.actions()).followedSites({ meta: ['site', 'feed'], number: 3 });
      assert.deepEqual([first.total_subscriptions, first.subscriptions.length, first.subscriptions[0].blog_ID], [4, 3, READER.holding]);
      assert.equal((first.subscriptions[0].meta?.data as { site?: { ID?: number } }).site?.ID, READER.holding);
      const second = await (await api.reader.actions()).followedSites({ number: 3, page: 2 });
      assert.equal(second.subscriptions.length, 1);
      assert.ok(sent().some((r) => r.path === '/rest/v1.1/read/following/mine/new' && r.bodyKeys?.join() === 'url,source'));
    });

    it('a follow the service does not make (subscribed: false) is a refusal with a sentence; a bad address is not sent', async () => {
      const api = client();
      const e = await caught((await api.reader.actions()).followUrl('https://nowhere.example.com'));
      assert.ok(e instanceof ContentSiteError);
      assert.equal(e.kind, 'api');
      assert.equal(e.userMessage, 'The service did not follow https://nowhere.example.com/: it found no site or feed to follow there.');
      const before = svc().requests.length;
      for (const bad of ['', 'ftp://longhand.example.com', 'not an address'])
        assert.equal((await caught((await api.reader.actions()).followUrl(bad))).kind, 'invalid_input', bad);
      assert.equal((await caught((await api.reader.actions()).followedSites({ number: 201 }))).kind, 'invalid_input');
      assert.equal(svc().requests.length, before);
      const privateBlog = await caught((await client('cs-ann-token').reader.actions()).followUrl('letters.example.blog'));
      assert.deepEqual([privateBlog.status, privateBlog.code], [403, 'unauthorized']);
    });
  });

  describe('seen and unseen', () => {
    it('markSeen and markUnseen by feed item, markPostsSeen and markPostsUnseen by post: is_seen follows, under /wpcom/v2', async () => {
      const api = client();
      const [a, b] = (await feed(api)).filter((p) => p.site_ID === READER.longhand);
      await (
        await api.reader.actions()
      ).markSeen(Number(a.feed_ID), [Number(a.feed_item_ID), Number(b.feed_item_ID)], { source: 'vscode' });
      const seen = async (): Promise<number[]> => (await feed(api)).filter((p) => p.is_seen).map((p) => p.ID);
      assert.deepEqual(await seen(), [a.ID, b.ID]);
      await (await api.reader.actions()).markUnseen(Number(a.feed_ID), [Number(a.feed_item_ID)]);
      assert.deepEqual(await seen(), [b.ID]);
      await (await api.reader.actions()).markPostsUnseen(READER.longhand, [b.ID]);
      assert.deepEqual(await seen(), []);
      await (await api.reader.actions()).markPostsSeen(READER.longhand, [a.ID]);
      assert.deepEqual(await seen(), [a.ID]);
      assert.deepEqual(
        sent().map((r) => r.path),
        ['new', 'delete', 'blog/delete', 'blog/new'].map((end) => `/wpcom/v2/seen-posts/seen/${end}`),
      );
    });

    it('refusals: an unknown item is a typed 404; an answer other than {status: true} is a refusal; empty lists are not sent', async () => {
      const api = client();
      const [a] = (await feed(api)).filter((p) => p.site_ID === READER.longhand);
      const unknown = await caught((await api.reader.actions()).markSeen(Number(a.feed_ID), [5]));
      assert.deepEqual([unknown.status, unknown.code, unknown.serviceMessage], [404, 'unknown_post', 'Unknown feed item: 5']);
      const before = svc().requests.length;
      assert.equal((await caught((await api.reader.actions()).markSeen(Number(a.feed_ID), []))).kind, 'invalid_input');
      assert.equal((await caught((await api.reader.actions()).markPostsSeen(0, [a.ID]))).kind, 'invalid_input');
      assert.equal(svc().requests.length, before);

      // A proxy that answers the mark with another route's answer ({success: true}): not a confirmation.
      const proxy = await startHoldProxy(svc().restUrl);
      try {
        const viaProxy = client('cs-demo-token', { baseUrl: proxy.restUrl });
        const rewritten = proxy.rewrite(
          'POST',
          '/wpcom/v2/seen-posts/seen/new',
          () => `/rest/v1.1/me/block/sites/${READER.holding}/delete`,
        );
        const e = await caught((await viaProxy.reader.actions()).markSeen(Number(a.feed_ID), [Number(a.feed_item_ID)]));
        await rewritten;
        assert.deepEqual([e.kind, e.userMessage], ['api', 'The service did not mark the post as seen.']);
      } finally {
        await proxy.close();
      }
      assert.deepEqual(
        (await feed(api)).filter((p) => p.is_seen),
        [],
      );
    });
  });

  describe('tags and blocks', () => {
    it("followTag and unfollowTag change reader.tags; tagPosts lists the tag's posts", async () => {
      const api = client();
      const before = (await api.reader.tags()).tags.map((t) => t.slug);
      const on = await (await api.reader.actions()).followTag('Haiku');
      assert.ok(on.tags?.some((t) => t.slug === 'haiku'));
      assert.deepEqual(
        (await api.reader.tags()).tags.map((t) => t.slug),
        [...before, 'haiku'],
      );
      assert.equal((await (await api.reader.actions()).unfollowTag('haiku')).subscribed, false);
      assert.deepEqual(
        (await api.reader.tags()).tags.map((t) => t.slug),
        before,
      );
      const posts = (await (await api.reader.actions()).tagPosts('poetry', { number: 40 })).posts;
      assert.ok(posts.length > 0 && posts.every((p) => p.tags && 'poetry' in p.tags));
      assert.equal((await caught((await api.reader.actions()).followTag('not a tag'))).kind, 'invalid_input');
    });

    it("blockSite takes the site's posts out of read/following and freshly-pressed; unblockSite brings them back", async () => {
      const api = client();
      await (await api.reader.actions()).blockSite(READER.longhand);
      assert.ok(!sitesOf(await feed(api)).includes(READER.longhand));
      assert.ok(!sitesOf((await api.reader.freshlyPressed({ number: 40 })).posts).includes(READER.longhand));
      await (await api.reader.actions()).unblockSite('longhand.example.com');
      assert.ok(sitesOf(await feed(api)).includes(READER.longhand));
      const e = await caught((await api.reader.actions()).blockSite(99999));
      assert.deepEqual([e.status, e.code], [404, 'unknown_blog']);
    });
  });
});
