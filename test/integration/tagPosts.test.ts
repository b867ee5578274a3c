/**
 * A subscribed tag's posts in the Reader (ReaderModel.openTag, TagPostsModel) against the reference
 * service: paged as the service pages read/tags/$tag/posts, Load more to the end, read again with
 * the Reader's batch, acted on with the other Reader lists, dropped when the tag is unfollowed.
 */
import * as assert from 'node:assert/strict';
import type { FeedPost } from '../../src/api';
import { untilChanged } from '../../src/models/emitter';
import { ReaderModel } from '../../src/models/readerModel';
import { ReaderPostActions, type ReaderList } from '../../src/models/readerPostActions';
import { SiteChanges } from '../../src/models/siteChanges';
import type { TagPostsModel } from '../../src/models/tagPostsModel';
import { restRequests, useClientAndService } from './setup';

const { svc, client } = useClientAndService();

/** The Reader loaded, and the lists its opened tags share (as ReaderPosts holds them). */
async function reader(pageSize: number) {
  const api = client();
  const model = new ReaderModel({ client: () => api, pageSize: () => pageSize });
  const shared = new Set<ReaderList>();
  model.shareTagPosts((list) => {
    shared.add(list);
    return { dispose: () => shared.delete(list) };
  });
  await model.refresh();
  return { api, model, shared };
}

/** The tag's posts, opened as its row does, once its first page answered. */
async function open(model: ReaderModel, slug: string): Promise<TagPostsModel> {
  const tag = model.tags.items.find((t) => t.slug === slug)!;
  const list = model.openTag(tag)!;
  await untilChanged(list, () => list.state.kind === 'loaded' || list.state.kind === 'error');
  return list;
}

/** Every post of the tag as the service lists it, newest first, read with the client page by page. */
async function allOf(api: ReturnType<typeof client>, slug: string): Promise<FeedPost[]> {
  const acts = await api.reader.actions();
  const out: FeedPost[] = [];
  for (let page = 1; ; page++) {
    const { posts } = await acts.tagPosts(slug, { number: 40, page });
    out.push(...posts);
    if (posts.length < 40) return out;
  }
}

const ids = (posts: readonly FeedPost[]) => posts.map((p) => `${String(p.site_ID)}/${String(p.ID)}`);

describe("A subscribed tag's posts (Reader)", () => {
  it('loads the first page when the tag is opened, newest first, and Load more goes on page by page to the end', async () => {
    const { api, model } = await reader(5);
    svc().requests.length = 0;
    const list = await open(model, 'writing');
    const want = await allOf(api, 'writing');
    assert.ok(want.length > 10, `the seed tags ${want.length} posts "writing"`);
    assert.deepEqual(ids(list.items), ids(want.slice(0, 5)));
    assert.ok(list.hasMore);
    const asked = () =>
      restRequests(svc())
        .filter((r) => r.path.includes('/read/tags/writing/posts'))
        .map((r) => new URL(r.path, 'http://x').searchParams);
    assert.deepEqual(
      asked().map((q) => [q.get('number'), q.get('page') ?? '1']),
      [['5', '1'], ['40', '1'], ...(want.length >= 40 ? [['40', '2']] : [])],
    );
    await list.loadMore();
    assert.deepEqual(ids(list.items), ids(want.slice(0, 10)));
    assert.equal(asked()[asked().length - 1].get('page'), '2');
    while (list.hasMore) await list.loadMore();
    assert.deepEqual(ids(list.items), ids(want));
    // Opened again (the row collapsed and expanded): the same list, nothing asked.
    const before = restRequests(svc()).length;
    assert.equal(model.openTag(model.tags.items.find((t) => t.slug === 'writing')!), list);
    assert.equal(restRequests(svc()).length, before);
  });

  it("reads an opened tag's first page again with Freshly Pressed and the tags, in the Reader's one batch", async () => {
    const { model } = await reader(5);
    const list = await open(model, 'editing');
    const shown = ids(list.items);
    svc().requests.length = 0;
    await model.refresh();
    const sent = restRequests(svc());
    assert.equal(sent.length, 1);
    const urls = new URLSearchParams(sent[0].path.split('?')[1]).getAll('urls[]').map((u) => u.split('?')[0]);
    assert.ok(
      urls.some((u) => u.endsWith('/read/tags/editing/posts')),
      urls.join(' '),
    );
    assert.deepEqual(ids(list.items), shown);
    assert.equal(list.state.kind, 'loaded');
  });

  it("shows a like made through the Reader's actions in the tag's list as in Freshly Pressed, and the service has it", async () => {
    const { api, model, shared } = await reader(15);
    // A featured post that carries a tag the reader follows is in both lists.
    const both = model.featured.items.find((p) => Object.keys(p.tags ?? {}).includes('writing') && !p.i_like);
    assert.ok(both, 'a featured post tagged "writing"');
    const list = await open(model, 'writing');
    while (!list.items.some((p) => p.ID === both.ID) && list.hasMore) await list.loadMore();
    assert.ok([...shared].includes(list), "the tag's list is shared with the actions");
    const acts = new ReaderPostActions({ client: () => api, lists: () => [model.featured, ...shared], changes: new SiteChanges() });
    const inTag = () => list.items.find((p) => p.ID === both.ID && p.site_ID === both.site_ID);
    const report = await acts.like([inTag()!], true);
    assert.equal(report.acted.length, 1, JSON.stringify(report.error));
    assert.equal(inTag()?.i_like, true);
    assert.equal(model.featured.items.find((p) => p.ID === both.ID)?.i_like, true);
    assert.equal((await (await api.reader.actions()).postLikes(both.site_ID!, both.ID)).i_like, true);
    // And it stays after the tag's list is read again from the service.
    await list.refresh();
    assert.equal(inTag()?.i_like, true);
  });

  it("drops the tag's posts (and stops sharing them) when the tag is unfollowed, and reads nothing for it after", async () => {
    const { model, shared } = await reader(5);
    const list = await open(model, 'poetry');
    const key = model.tags.keyOf(list.tag);
    assert.equal(model.tagPosts(key), list);
    const unfollowed = model.tags.unfollow(key)!;
    // Gone at once, before the service answers.
    assert.equal(model.tagPosts(key), undefined);
    assert.equal(shared.size, 0);
    assert.equal((await unfollowed).kind, 'done');
    svc().requests.length = 0;
    await model.refresh();
    const batch = restRequests(svc())[0].path;
    assert.ok(!batch.includes('poetry'), batch);
    assert.equal(model.openTag(list.tag), undefined);
  });
});
