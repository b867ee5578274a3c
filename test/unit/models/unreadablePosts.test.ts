/** The Posts view's and the Trash's models show every post of a page but the one the client could not read. */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ChosenSite } from '../../../src/models/chosenSite';
import { PostsModel } from '../../../src/models/postsModel';
import { SiteChanges } from '../../../src/models/siteChanges';
import { TrashModel } from '../../../src/models/trashModel';
import { answering, type Answering } from '../api/answering';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a recorded answer, read as the service sent it
const recordedPost: any = JSON.parse(readFileSync(join(__dirname, '../../fixtures/wordpresskit/reader-posts-success.json'), 'utf8'))
  .posts[0];
/** The recorded post (WordPressKit-iOS) as a site's post of `status`, with another ID. */
const post = (ID: number, status: string) => ({ ...structuredClone(recordedPost), ID, site_ID: 2001, status });
const withoutId = ({ ID: _, ...rest }: Record<string, unknown>) => rest;

describe("a site's posts with one the client cannot read", () => {
  let service: Answering | undefined;
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });
  const site = () => {
    const s = new ChosenSite();
    s.set('2001');
    return s;
  };

  for (const [name, status, make] of [
    ['the Posts view', 'draft', (o: ConstructorParameters<typeof PostsModel>[0]) => new PostsModel(o)],
    ['the Trash', 'trash', (o: ConstructorParameters<typeof TrashModel>[0]) => new TrashModel(o)],
  ] as const)
    it(`${name} shows the two others`, async () => {
      service = await answering({
        '/v1.1/sites/2001/posts/': (q: URLSearchParams) => {
          const asked = q.get('status') ?? '';
          if (!asked.split(',').includes(status) || q.get('type') === 'page') return { found: 0, posts: [] };
          return { found: 3, posts: [post(901, status), withoutId(post(902, status)), post(903, status)] };
        },
      });
      const client = service.client;
      const model = make({ client: () => client, pageSize: () => 20, site: site(), changes: new SiteChanges() });
      await model.refresh();
      assert.equal(model.state.kind, 'loaded');
      assert.deepEqual(model.items.map((p) => p.ID).sort(), [901, 903]);
      assert.equal(service.skipped.length, 1, 'the log names the one left out');
      model.dispose();
    });
});
