import * as assert from 'node:assert/strict';
import { refreshTogether } from '../../src/models/batchRefresh';
import { ReaderModel, pickedOnIso } from '../../src/models/readerModel';
import { restRequests, useClientAndService } from './setup';

const { svc, client } = useClientAndService();

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
});
