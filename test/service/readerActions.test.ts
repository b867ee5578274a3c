/**
 * Acting on the Reader's posts (reader.md): the fields a Reader post carries, read live for the
 * reader asking; likes, a post's comments as threads, comments and replies (held for moderation,
 * refused when closed, on an external feed or on a draft), and comment likes.
 */
import * as assert from 'node:assert/strict';
import { serviceCalls, serviceFixture } from './reply';
import { SITES, USERS } from './index';
import { READER } from './seedReader';

const ED = 'cs-ed-token';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const post = (site: number, id: number) => `/rest/v1.1/sites/${site}/posts/${id}`;
const comment = (site: number, id: number) => `/rest/v1.1/sites/${site}/comments/${id}`;

describe('Acting on Reader posts', () => {
  const fx = serviceFixture();
  const { call, ok, getOk, refused } = serviceCalls(fx);
  const following = async (token = 'cs-demo-token'): Promise<Json[]> => (await getOk('/rest/v1/read/following/?number=40', token)).posts;
  const inFeed = async (id: number, token?: string): Promise<Json> => (await following(token)).find((p) => p.ID === id);

  describe('what a Reader post carries', () => {
    it('read/following, freshly-pressed and read/tags/$tag/posts carry the Reader fields', async () => {
      const fields = ['site_ID', 'feed_ID', 'feed_item_ID', 'is_external', 'is_following', 'is_seen', 'i_like', 'like_count'].concat([
        'comment_count',
        'discussion',
        'site_name',
        'site_URL',
        'feed_URL',
        'short_URL',
        'tags',
      ]);
      const streams = [
        await following(),
        (await getOk('/rest/v1.1/freshly-pressed/?number=5')).posts,
        (await getOk('/rest/v1.2/read/tags/writing/posts?number=5')).posts,
      ];
      for (const posts of streams) {
        assert.ok(posts.length > 0);
        for (const p of posts) for (const f of fields) assert.ok(f in p, `${p.ID} lacks ${f}`);
      }
      const first = await inFeed(READER.threadPost);
      assert.deepEqual(
        [first.site_ID, first.is_external, first.is_following, first.is_seen, first.i_like, first.comment_count, first.feed_URL],
        [READER.longhand, false, true, false, false, 3, 'https://longhand.example.com/feed/'],
      );
      assert.deepEqual(first.discussion, { comments_open: true, comment_status: 'open', pings_open: true });
      assert.ok(Number.isInteger(first.feed_ID) && Number.isInteger(first.feed_item_ID));
    });
    it('an external feed post says so and is closed to comments and likes; a closed post says comments are closed', async () => {
      const external = await inFeed(READER.externalPost);
      assert.deepEqual([external.is_external, external.likes_enabled, external.discussion.comments_open], [true, false, false]);
      const closed = await inFeed(READER.closedPost);
      assert.deepEqual(
        [closed.is_external, closed.discussion],
        [false, { comments_open: false, comment_status: 'closed', pings_open: false }],
      );
    });
  });

  describe('likes', () => {
    it('a like shows on the Reader post (i_like, like_count) for the liker only; an unlike takes it back', async () => {
      const before = (await inFeed(READER.threadPost)).like_count;
      const liked = await ok('POST', `${post(READER.longhand, READER.threadPost)}/likes/new`);
      assert.deepEqual([liked.success, liked.i_like, liked.like_count], [true, true, before + 1]);
      const shown = await inFeed(READER.threadPost);
      assert.deepEqual([shown.i_like, shown.like_count], [true, before + 1]);
      const toEd = await inFeed(READER.threadPost, ED);
      assert.deepEqual([toEd.i_like, toEd.like_count], [false, before + 1]);
      const likers = await getOk(`${post(READER.longhand, READER.threadPost)}/likes/`);
      assert.deepEqual([likers.found, likers.i_like, likers.likes[0].ID], [before + 1, true, USERS.demo]);
      const unliked = await ok('POST', `${post(READER.longhand, READER.threadPost)}/likes/mine/delete`);
      assert.deepEqual([unliked.i_like, unliked.like_count], [false, before]);
      assert.deepEqual([(await inFeed(READER.threadPost)).i_like, (await inFeed(READER.threadPost)).like_count], [false, before]);
    });
    it('refused: an external feed post 404 (a post of a site here is liked), a private blog to a non-member 403, an unknown blog 404, no token 403', async () => {
      assert.equal((await ok('POST', `${post(READER.longhand, READER.threadPost)}/likes/new`)).i_like, true);
      await refused(call('POST', `${post(READER.external, READER.externalPost)}/likes/new`), 404, 'unknown_post', 'Unknown post');
      await refused(call('POST', `${post(READER.private, 7003)}/likes/new`), 403, 'unauthorized', 'User cannot access this private blog.');
      await refused(call('POST', `${post(99999, 7000)}/likes/new`), 404, 'unknown_blog', 'Unknown blog');
      const anonymous = await call('POST', `${post(READER.longhand, READER.threadPost)}/likes/new`, {});
      assert.deepEqual([anonymous.status, anonymous.json.error], [403, 'authorization_required']);
      assert.equal((await inFeed(READER.externalPost)).i_like, false);
    });
  });

  describe("a post's comments", () => {
    const replies = (query: string) => getOk(`${post(READER.longhand, READER.threadPost)}/replies/?${query}`);
    it('order=ASC&hierarchical=1 lists each comment followed by its replies; without it, by date alone', async () => {
      const threaded = await replies('order=ASC&hierarchical=1&number=20&page=1');
      assert.deepEqual(
        [threaded.found, threaded.site_ID, threaded.comments.map((c: Json) => c.ID)],
        [3, READER.longhand, [READER.thread.first, READER.thread.reply, READER.thread.second]],
      );
      assert.deepEqual(threaded.comments[1].parent.ID, READER.thread.first);
      assert.deepEqual(
        (await replies('order=ASC')).comments.map((c: Json) => c.ID),
        [READER.thread.first, READER.thread.second, READER.thread.reply],
      );
      assert.deepEqual(
        (await replies('order=ASC&hierarchical=1&number=2&page=2')).comments.map((c: Json) => c.ID),
        [READER.thread.second],
      );
    });
    it('a comment on a post and a reply to a comment are listed in their thread and counted on the Reader post', async () => {
      const top = await ok('POST', `${post(READER.longhand, READER.threadPost)}/replies/new`, {
        token: 'cs-demo-token',
        form: 'content=Lovely+piece',
      });
      assert.deepEqual([top.status, top.parent, top.author.ID, top.post.ID], ['approved', false, USERS.demo, READER.threadPost]);
      const reply = await ok('POST', `${comment(READER.longhand, READER.thread.second)}/replies/new`, {
        token: 'cs-demo-token',
        form: 'content=A+Moleskine',
      });
      assert.deepEqual([reply.status, reply.parent.ID], ['approved', READER.thread.second]);
      const ids = (await replies('order=ASC&hierarchical=1')).comments.map((c: Json) => c.ID);
      assert.deepEqual(ids, [READER.thread.first, READER.thread.reply, READER.thread.second, reply.ID, top.ID]);
      assert.equal((await inFeed(READER.threadPost)).comment_count, 5);
    });
    it('on a blog that holds comments for moderation the comment is unapproved, not counted, and listed to no one else', async () => {
      const held = await ok('POST', `${post(READER.holding, READER.heldPost)}/replies/new`, {
        token: 'cs-demo-token',
        form: 'content=Held+back',
      });
      assert.equal(held.status, 'unapproved');
      const count = (await inFeed(READER.heldPost)).comment_count;
      assert.equal((await inFeed(READER.heldPost, ED)).comment_count, count);
      const listed = await getOk(`${post(READER.holding, READER.heldPost)}/replies/?order=ASC&hierarchical=1`, ED);
      assert.ok(!listed.comments.some((c: Json) => c.ID === held.ID));
      assert.equal((await getOk(comment(READER.holding, held.ID))).status, 'unapproved', 'its author still reads it');
    });
    it('refused: comments closed 403 comments_closed, an external feed post 404, a draft 403 unauthorized; nothing is added', async () => {
      const form = { token: 'cs-demo-token', form: 'content=Hello' };
      await refused(
        call('POST', `${post(READER.longhand, READER.closedPost)}/replies/new`, form),
        403,
        'comments_closed',
        'Sorry, comments are closed for this item.',
      );
      await refused(call('POST', `${post(READER.external, READER.externalPost)}/replies/new`, form), 404, 'unknown_post', 'Unknown post');
      await refused(call('POST', `${post(SITES.demo, 108)}/replies/new`, form), 403, 'unauthorized', 'Comments on drafts are not allowed');
      await refused(call('POST', `${post(READER.longhand, 99999)}/replies/new`, form), 404, 'unknown_post', 'Unknown post');
      assert.equal((await getOk(`${post(READER.longhand, READER.closedPost)}/replies/`)).found, 0);
    });
  });

  it("comment likes: a like shows in the comment's like_count and i_like; an unlike takes it back", async () => {
    const at = comment(READER.longhand, READER.thread.first);
    const liked = await ok('POST', `${at}/likes/new`);
    assert.deepEqual([liked.i_like, liked.like_count], [true, 1]);
    assert.deepEqual([(await getOk(at)).i_like, (await getOk(at)).like_count], [true, 1]);
    const unliked = await ok('POST', `${at}/likes/mine/delete`);
    assert.deepEqual([unliked.i_like, unliked.like_count], [false, 0]);
    await refused(call('POST', `${comment(READER.longhand, 99999)}/likes/new`), 404, 'unknown_comment', 'Unknown comment');
  });
});
