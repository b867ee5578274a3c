/**
 * A Reader post's conversation (ReaderConversation) against the reference service over loopback:
 * its pages oldest first and threaded, Load more, liking a comment (at once, then as the service
 * says; a refusal rolled back with its reason; a lost answer settled by reading the comment), and
 * replying to one. Each change is read back from the service.
 */
import * as assert from 'node:assert/strict';
import type { ContentSiteClient } from '../../src/api';
import { ReaderConversation } from '../../src/models/readerConversation';
import { READER } from '../service/seedReader';
import { caught } from './helpers';
import { useClientAndService } from './setup';

describe('ReaderConversation against the reference service', () => {
  const { svc, client } = useClientAndService();
  const { longhand, threadPost, thread } = READER;
  const make = (api: ContentSiteClient = client(), pageSize?: number) => new ReaderConversation(() => api, longhand, threadPost, pageSize);
  const shown = (c: ReaderConversation) => c.comments.map((t) => [Number(t.comment.ID), t.depth]);
  const onService = async (id: number) => client().comments.get(longhand, id);

  it('loads the first page of 20, oldest first, each comment followed by its replies, indented one deeper', async () => {
    const c = make();
    assert.equal(c.hasMore, true, 'a conversation not loaded yet has a page to load');
    await c.loadMore();
    assert.deepEqual(shown(c), [
      [thread.first, 0],
      [thread.reply, 1],
      [thread.second, 0],
    ]);
    assert.deepEqual([c.found, c.hasMore, c.error], [3, false, '']);
    const asked = svc().requests.find((r) => r.path.includes(`/posts/${threadPost}/replies/`))!;
    for (const part of ['order=ASC', 'hierarchical=1', 'number=20', 'page=1']) assert.ok(asked.path.includes(part), asked.path);
  });

  it('Load more brings the next page after the first, in thread order, and then says there is no more', async () => {
    const c = make(client(), 2);
    await c.loadMore();
    assert.deepEqual(shown(c), [
      [thread.first, 0],
      [thread.reply, 1],
    ]);
    assert.equal(c.hasMore, true);
    await c.loadMore();
    assert.deepEqual(shown(c), [
      [thread.first, 0],
      [thread.reply, 1],
      [thread.second, 0],
    ]);
    assert.equal(c.hasMore, false);
    const pages = svc()
      .requests.filter((r) => r.path.includes('/replies/'))
      .map((r) => /[?&]page=(\d+)/.exec(r.path)?.[1]);
    assert.deepEqual(pages, ['1', '2']);
  });

  it('a page that fails keeps what was loaded and says why; the next try loads it', async () => {
    const c = make(client(), 2);
    await c.loadMore();
    svc().queueFault({ method: 'GET', path: `/rest/v1.1/sites/${longhand}/posts/${threadPost}/replies/`, count: 5, fault: 'status=403' });
    await c.loadMore();
    assert.equal(shown(c).length, 2);
    assert.ok(c.error.length > 0, 'the failure is said');
    assert.equal(c.hasMore, true);
    svc().clearFaults();
    await c.loadMore();
    assert.deepEqual([shown(c).length, c.error], [3, '']);
  });

  it('likes a comment at once and as the service answered, and unlikes it', async () => {
    const c = make();
    await c.loadMore();
    const likes = c.get(thread.second)!.like_count ?? 0;
    const liking = c.like(thread.second, true);
    assert.deepEqual([c.get(thread.second)!.i_like, c.comments.find((t) => t.comment.ID === thread.second)!.liking], [true, true]);
    await liking;
    assert.deepEqual([(await onService(thread.second)).i_like, c.get(thread.second)!.like_count], [true, likes + 1]);
    await c.like(thread.second, false);
    assert.deepEqual([(await onService(thread.second)).i_like, c.get(thread.second)!.i_like], [false, false]);
  });

  it("a refused like is rolled back and rejects with the service's reason", async () => {
    const c = make();
    await c.loadMore();
    svc().queueFault({
      method: 'POST',
      path: `/rest/v1.1/sites/${longhand}/comments/${thread.first}/likes/new`,
      count: 1,
      fault: 'status=403',
    });
    const e = await caught(c.like(thread.first, true));
    assert.equal(e.status, 403);
    assert.equal(c.get(thread.first)!.i_like, false);
    assert.equal((await onService(thread.first)).i_like, false);
  });

  it('a like whose answer was lost is settled by reading the comment again', async () => {
    const c = make();
    await c.loadMore();
    svc().queueFault({
      method: 'POST',
      path: `/rest/v1.1/sites/${longhand}/comments/${thread.first}/likes/new`,
      count: 1,
      fault: 'applied,status=500',
    });
    await c.like(thread.first, true);
    assert.equal(c.get(thread.first)!.i_like, true, 'the service has it liked: so does the page');
  });

  it('a reply to a comment shows under it (after its replies) at once and is on the service', async () => {
    const c = make();
    await c.loadMore();
    const reply = await c.reply(thread.first, 'Agreed on the margins.');
    assert.deepEqual(shown(c), [
      [thread.first, 0],
      [thread.reply, 1],
      [Number(reply.ID), 1],
      [thread.second, 0],
    ]);
    const listed = await client().comments.replies(longhand, threadPost, { order: 'ASC', hierarchical: true });
    assert.ok(listed.comments.some((x) => x.ID === reply.ID && x.parent && Number(x.parent.ID) === thread.first));
  });

  it('a reply the service refuses adds nothing and rejects with its reason', async () => {
    const c = make();
    await c.loadMore();
    svc().queueFault({
      method: 'POST',
      path: `/rest/v1.1/sites/${longhand}/comments/${thread.second}/replies/new`,
      count: 1,
      fault: 'status=403',
    });
    const e = await caught(c.reply(thread.second, 'Lost?'));
    assert.equal(e.status, 403);
    assert.equal(shown(c).length, 3);
  });

  it('a comment added while pages remain stays last; the page that brings it does not repeat it', async () => {
    const api = client();
    const c = make(api, 2);
    await c.loadMore();
    const mine = await api.posts.reply(longhand, threadPost, 'A new thought.');
    c.add(mine);
    assert.deepEqual(shown(c).at(-1), [Number(mine.ID), 0]);
    await c.loadMore();
    await c.loadMore();
    assert.deepEqual(
      shown(c).map(([id]) => id),
      [thread.first, thread.reply, thread.second, Number(mine.ID)],
    );
  });
});
