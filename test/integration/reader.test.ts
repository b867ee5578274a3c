import * as assert from 'node:assert/strict';
import { refreshTogether } from '../../src/models/batchRefresh';
import { pickedOnIso } from '../../src/models/featuredModel';
import { FollowingModel } from '../../src/models/followingModel';
import { LoadCoordinator } from '../../src/models/loadCoordinator';
import { ReaderModel } from '../../src/models/readerModel';
import { restRequests, useClientAndService } from './setup';

const { svc, client } = useClientAndService();

/** Each request's path without its query, and the urls a batch carried. */
const sent = () =>
  restRequests(svc()).map((r) => {
    const [path, query = ''] = r.path.split('?');
    const urls = new URLSearchParams(query).getAll('urls[]').map((u) => u.split('?')[0]);
    return urls.length ? `${path} ${urls.join(' ')}` : path;
  });

describe('ReaderModel', () => {
  it('loads featured posts and subscribed tags in one batch request, with the thumbnail size asked', async () => {
    const api = client();
    const model = new ReaderModel({ client: () => api, pageSize: () => 5, thumb: { width: 64, height: 64 } });
    await refreshTogether(api, [model]);
    assert.equal(restRequests(svc()).length, 1);
    assert.equal(model.featured.items.length, 5);
    assert.match(model.featured.items[0].editorial?.image ?? '', /w=64&h=64/);
    assert.deepEqual(
      model.tags.items.map((t) => t.slug),
      ['writing', 'editing', 'poetry'],
    );
    assert.ok(model.featured.hasMore);
  });

  it('pages back by pick date (before, inclusive) without repeating a post, to the end', async () => {
    const api = client();
    const model = new ReaderModel({ client: () => api, pageSize: () => 4 });
    await model.refresh();
    while (model.featured.hasMore) await model.loadMore();
    const ids = model.featured.items.map((p) => p.ID);
    assert.equal(ids.length, 15);
    assert.equal(new Set(ids).size, 15);
    const picks = model.featured.items.map((p) => Date.parse(pickedOnIso(p)!));
    assert.deepEqual(
      picks,
      [...picks].sort((a, b) => b - a),
    );
  });

  it('still shows featured posts when the tags fail (signed out)', async () => {
    const api = client(null);
    const model = new ReaderModel({ client: () => api, pageSize: () => 5 });
    await model.refresh();
    assert.equal(model.state.kind, 'loaded');
    assert.equal(model.featured.items.length, 5);
    assert.deepEqual(model.tags.items, []);
    assert.equal(model.tags.state.kind, 'error');
  });

  it("its own refresh is one batch request carrying both streams' first pages", async () => {
    const api = client();
    const model = new ReaderModel({ client: () => api, pageSize: () => 5 });
    await model.refresh();
    assert.deepEqual(sent(), ['/rest/v1/batch/ /freshly-pressed/ /read/tags']);
    assert.equal(model.featured.items.length, 5);
    assert.equal(model.tags.items.length, 3);
  });

  it('a view load (opening, Refresh All, Retry, its refresh button) sends the reader in the one batch with the other views', async () => {
    const api = client();
    const reader = new ReaderModel({ client: () => api, pageSize: () => 5 });
    const following = new FollowingModel({ client: () => api, pageSize: () => 10 });
    const coordinator = new LoadCoordinator(() => api);
    await Promise.all([
      coordinator.request({ viewId: 'reader', model: reader }),
      coordinator.request({ viewId: 'following', model: following }),
    ]);
    // Following's unseen count (every followed site's, read/following/mine) rides in the batch too.
    assert.deepEqual(sent(), ['/rest/v1/batch/ /freshly-pressed/ /read/tags /read/following/ /v1.1/read/following/mine']);
    assert.equal(reader.featured.items.length, 5);
    assert.equal(reader.tags.items.length, 3);
    assert.equal(following.items.length, 10);
    svc().requests.length = 0;
    await coordinator.request({ viewId: 'reader', model: reader });
    assert.deepEqual(sent(), ['/rest/v1/batch/ /freshly-pressed/ /read/tags'], 'the reader alone: still one request');
    coordinator.dispose();
  });

  it('loads more of each stream by its own cursor: Freshly Pressed asks with before, the tags (one page) ask nothing', async () => {
    const api = client();
    const model = new ReaderModel({ client: () => api, pageSize: () => 5 });
    await model.refresh();
    const tags = model.tags.items;
    assert.equal(model.tags.hasMore, false);
    svc().requests.length = 0;
    await model.loadMore();
    assert.deepEqual(sent(), ['/rest/v1/freshly-pressed/']);
    assert.match(restRequests(svc())[0].path, /before=/);
    assert.equal(model.featured.items.length, 9, 'the oldest pick shown comes again (before is inclusive) and is not repeated');
    assert.equal(model.tags.items, tags, 'the tags are untouched');
    await model.featured.loadMore();
    assert.equal(model.featured.items.length, 13);
  });

  it("a failed load more is the featured stream's own: its items and the tags stay", async () => {
    const api = client();
    const model = new ReaderModel({ client: () => api, pageSize: () => 5 });
    await model.refresh();
    svc().queueFault({ path: '/rest/v1/freshly-pressed/', count: 10, fault: 'status=500' });
    await model.loadMore();
    assert.equal(model.featured.loadMoreError?.status, 500);
    assert.equal(model.featured.state.kind, 'loaded');
    assert.equal(model.featured.items.length, 5);
    assert.equal(model.tags.loadMoreError, undefined);
    assert.equal(model.tags.items.length, 3);
  });

  it('a failed refresh keeps what both streams showed, out of date (stale)', async () => {
    const api = client();
    const model = new ReaderModel({ client: () => api, pageSize: () => 5 });
    await model.refresh();
    const featured = model.featured.items.map((p) => p.ID);
    const tags = model.tags.items.map((t) => t.slug);
    // The batch and the single requests it falls back to all fail.
    svc().queueFault({ path: '/rest/', count: 100, fault: 'status=500' });
    await model.refresh();
    assert.equal(model.state.kind, 'error');
    assert.equal(model.state.kind === 'error' && model.state.error.status, 500);
    assert.equal(model.tags.state.kind, 'error');
    assert.deepEqual(
      model.featured.items.map((p) => p.ID),
      featured,
    );
    assert.deepEqual(
      model.tags.items.map((t) => t.slug),
      tags,
    );
    assert.ok(model.featured.list.stale && model.tags.list.stale);
  });

  it('a stream refused before sending (a page size out of range) shows why; the tags still load, in a view load too', async () => {
    const api = client();
    const model = new ReaderModel({ client: () => api, pageSize: () => 41 });
    await refreshTogether(api, [model]);
    assert.equal(model.state.kind === 'error' && model.state.error.kind, 'invalid_input');
    assert.equal(model.tags.state.kind, 'loaded');
    assert.equal(model.tags.items.length, 3);
    assert.deepEqual(sent(), ['/rest/v1/read/tags'], 'nothing sent for Freshly Pressed');
  });
});
