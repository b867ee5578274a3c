/**
 * Pages (site-data.md): posts of type page, seeded on the demo site (130–133, 132 under 130),
 * listed with `type=page`, written with `type=page`, `parent`, `menu_order` and `page_template`;
 * categories and tags do not apply to them.
 */
import * as assert from 'node:assert/strict';
import { serviceCalls, serviceFixture } from './reply';
import { SITES } from './index';
import { SEEDED_PAGES } from './seedSite';

const DEMO = 'cs-demo-token';
const SITE = `/rest/v1.1/sites/${SITES.demo}`;

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('Pages', () => {
  const fx = serviceFixture();
  const { call, get, getOk } = serviceCalls(fx, DEMO);
  const ids = async (query: string, token: string | null = DEMO): Promise<number[]> =>
    (await getOk(`${SITE}/posts/?${query}&number=100&fields=ID`, token)).posts.map((p: Json) => p.ID).sort((a: number, b: number) => a - b);
  const create = (fields: Record<string, string>, token = DEMO) =>
    call('POST', `${SITE}/posts/new`, { token, form: new URLSearchParams(fields).toString() });

  it('type=page lists the published pages; status=any adds the draft for those who may see it; the posts list has none', async () => {
    const { about, contact, workshop, draft } = SEEDED_PAGES;
    assert.deepEqual(await ids('type=page', null), [about, contact, workshop]);
    assert.deepEqual(await ids('type=page&status=any'), [about, contact, workshop, draft]);
    assert.deepEqual(await ids('type=page&status=any', 'cs-sub-token'), [about, contact, workshop]);
    assert.equal((await ids('status=any')).filter((id) => id >= 130 && id < 140).length, 0, 'type defaults to post');
    assert.equal((await getOk(`/rest/v1/sites/${SITES.demo}`)).post_count, 12, "the site's post_count counts posts, not pages");
  });

  it('a page answers its parent, menu_order and page_template, and no categories or tags', async () => {
    const page = await getOk(`${SITE}/posts/${SEEDED_PAGES.workshop}`, null);
    assert.equal(page.type, 'page');
    assert.deepEqual(page.parent, {
      ID: SEEDED_PAGES.about,
      type: 'page',
      link: `${fx.svc.url}${SITE}/posts/${SEEDED_PAGES.about}`,
      title: 'About',
    });
    assert.deepEqual([page.menu_order, page.page_template], [1, 'full-width']);
    assert.deepEqual([page.categories, page.tags, page.terms.category], [{}, {}, {}]);
    const about = await getOk(`${SITE}/posts/${SEEDED_PAGES.about}`);
    assert.deepEqual([about.parent, about.menu_order, about.page_template], [false, 0, '']);
    assert.equal((await getOk(`${SITE}/posts/slug:about`)).ID, SEEDED_PAGES.about);
    const post = await getOk(`${SITE}/posts/100`);
    assert.equal('menu_order' in post, false, 'a post has no page fields');
  });

  it('posts/new with type=page makes a page under its parent, with its order and template, and ignores terms', async () => {
    const r = await create({
      type: 'page',
      title: 'Workshop dates',
      content: '<p>Fridays.</p>',
      parent: String(SEEDED_PAGES.workshop),
      menu_order: '4',
      page_template: 'landing',
      categories: 'Craft',
      tags: 'writing',
    });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(
      [r.json.type, r.json.status, r.json.parent.ID, r.json.menu_order, r.json.page_template],
      ['page', 'publish', SEEDED_PAGES.workshop, 4, 'landing'],
    );
    assert.deepEqual([r.json.categories, r.json.tags], [{}, {}]);
    assert.ok((await ids('type=page')).includes(r.json.ID));
    const counts = (await getOk(`${SITE}/post-counts/page`)).counts.all;
    assert.equal(counts.publish, 4);
    const moved = await call('POST', `${SITE}/posts/${r.json.ID}`, { token: DEMO, form: 'parent=0&page_template=default&menu_order=0' });
    assert.deepEqual([moved.json.parent, moved.json.page_template, moved.json.menu_order], [false, '', 0]);
  });

  it('a template the theme does not have is ignored; parent applies to pages only', async () => {
    const page = await create({ type: 'page', title: 'Plain', content: 'x', page_template: 'no-such-template.php' });
    assert.equal(page.json.page_template, '');
    const post = await create({ title: 'A post', content: 'x', parent: String(SEEDED_PAGES.about) });
    assert.deepEqual([post.json.type, post.json.parent], ['post', false]);
  });

  it('refuses an unknown parent (400 invalid_input) and an unknown type (404 unknown_post_type)', async () => {
    for (const parent of ['99999', 'abc', '492']) {
      const r = await create({ type: 'page', title: 'Orphan', content: 'x', parent });
      assert.equal(r.status, 400, `${parent}: ${r.text}`);
      assert.deepEqual(r.json, { error: 'invalid_input', message: 'Invalid parent.' });
    }
    const r = await create({ type: 'book', title: 'Nope', content: 'x' });
    assert.deepEqual([r.status, r.json], [404, { error: 'unknown_post_type', message: 'Unknown post type' }]);
    assert.equal((await get(`${SITE}/posts/?type=page&status=any&number=100`)).json.found, 4, 'nothing was written');
  });
});
