/** A page whose items were not all readable was still a full page: the lists built on it go on to the next. */
import * as assert from 'node:assert/strict';
import { FollowingModel } from '../../../src/models/followingModel';
import { SiteTerms } from '../../../src/models/siteTerms';
import { answering, type Answering } from '../api/answering';

const post = (ID: number) => ({ ID, site_ID: 3101, title: `Post ${ID}`, content: '<p>Hi</p>' });
const unreadablePost = { ID: 99, site_ID: 3101, title: ['no'] };

describe('a full page with an item the client could not read', () => {
  let service: Answering | undefined;
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  it('the feed of followed blogs still offers Load more, which brings the next page', async () => {
    service = await answering({
      '/v1/read/following/': (q: URLSearchParams) => (q.get('page') === '2' ? { posts: [post(3)] } : { posts: [post(1), unreadablePost] }),
    });
    const client = service.client;
    const model = new FollowingModel({ client: () => client, pageSize: () => 2 });
    await model.refresh();
    assert.equal(model.hasMore, true);
    await model.loadMore();
    assert.deepEqual(
      model.items.map((p) => p.ID),
      [1, 3],
    );
  });

  it("a site's terms are read on past a page that held an unreadable one", async () => {
    const term = (ID: number) => ({ ID, name: `Term ${ID}`, slug: `term-${ID}` });
    service = await answering({
      '/v1.1/sites/2001/tags': (q: URLSearchParams) =>
        q.get('page') === '2' ? { found: 3, tags: [term(3)] } : { found: 3, tags: [term(1), { ID: 99, name: 'No slug' }] },
    });
    const client = service.client;
    const terms = await new SiteTerms({ client: () => client, pageSize: 2 }).get('2001', 'tags');
    assert.deepEqual(
      terms.map((t) => t.ID),
      [1, 3],
    );
  });
});
