/**
 * Categories and tags (site-data.md): the lists and one term by slug, post counts that agree with
 * the posts the service holds (and move with them), and writes that name terms: an existing one by
 * name, slug or ID, a new one only for those with manage_categories.
 */
import * as assert from 'node:assert/strict';
import { serviceCalls, serviceFixture } from './reply';
import { SITES } from './index';

const DEMO = 'cs-demo-token';
const SITE = `/rest/v1.1/sites/${SITES.demo}`;

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('Categories and tags', () => {
  const fx = serviceFixture();
  const { call, get, getOk, refused } = serviceCalls(fx, DEMO);
  const counts = async (kind: 'categories' | 'tags'): Promise<Record<string, number>> =>
    Object.fromEntries((await getOk(`${SITE}/${kind}`, null))[kind].map((t: Json) => [t.name, t.post_count]));
  const create = async (fields: Record<string, string>, token = DEMO): Promise<Json> => {
    const r = await call('POST', `${SITE}/posts/new`, { token, form: new URLSearchParams(fields).toString() });
    assert.equal(r.status, 200, r.text);
    return r.json;
  };

  describe('GET /sites/$site/categories and /tags', () => {
    it('lists the categories by name with their fields, parent and real post counts, signed out too', async () => {
      const body = await getOk(`${SITE}/categories`, null);
      assert.deepEqual(Object.keys(body).sort(), ['categories', 'found']);
      assert.equal(body.found, 6);
      assert.deepEqual(
        body.categories.map((c: Json) => [c.ID, c.name, c.slug, c.post_count, c.parent]),
        [
          [6, 'Announcements', 'announcements', 0, 0],
          [2, 'Craft', 'craft', 3, 0],
          [3, 'Process', 'process', 3, 0],
          [4, 'Reading', 'reading', 1, 0],
          [5, 'Revision', 'revision', 2, 2],
          [1, 'Uncategorized', 'uncategorized', 4, 0],
        ],
      );
      const craft = body.categories[1];
      assert.deepEqual(Object.keys(craft).sort(), ['ID', 'description', 'meta', 'name', 'parent', 'post_count', 'slug']);
      assert.equal(craft.description, 'How the sentences get made.');
      assert.deepEqual(craft.meta.links, {
        self: `${fx.svc.url}${SITE}/categories/slug:craft`,
        help: `${fx.svc.url}${SITE}/categories/slug:craft/help`,
        site: `${fx.svc.url}${SITE}`,
      });
    });
    it('lists the tags (no parent) with their post counts', async () => {
      const body = await getOk(`${SITE}/tags`);
      assert.equal(body.found, 8);
      assert.deepEqual(Object.keys(body.tags[0]).sort(), ['ID', 'description', 'meta', 'name', 'post_count', 'slug']);
      assert.deepEqual(await counts('tags'), {
        books: 1,
        drafts: 2,
        editing: 3,
        habits: 3,
        notebooks: 3,
        poetry: 0,
        tools: 2,
        writing: 7,
      });
    });
    it('each post_count is the number of published posts the posts list finds with that term', async () => {
      for (const [kind, param] of [
        ['categories', 'category'],
        ['tags', 'tag'],
      ] as const)
        for (const t of (await getOk(`${SITE}/${kind}`))[kind]) {
          const listed = await getOk(`${SITE}/posts/?${param}=${t.slug}&number=1`);
          assert.equal(t.post_count, listed.found, `${kind} ${t.name}`);
        }
    });
    it('order_by count, order DESC, search, and number / offset / page', async () => {
      const byCount = (await getOk(`${SITE}/tags?order_by=count&order=DESC`)).tags.map((t: Json) => t.name);
      assert.deepEqual(byCount.slice(0, 2), ['writing', 'notebooks'], 'most used first; ties by name, reversed');
      assert.equal(byCount.at(-1), 'poetry');
      assert.deepEqual(
        (await getOk(`${SITE}/categories?search=re`)).categories.map((c: Json) => c.name),
        ['Reading', 'Revision'],
      );
      const page = await getOk(`${SITE}/tags?number=3&page=2`);
      assert.deepEqual([page.found, page.tags.map((t: Json) => t.name)], [8, ['habits', 'notebooks', 'poetry']]);
      assert.deepEqual(
        (await getOk(`${SITE}/tags?number=2&offset=1`)).tags.map((t: Json) => t.name),
        ['drafts', 'editing'],
      );
      assert.equal((await getOk(`${SITE}/tags?number=0`)).tags.length, 8, 'below 1: the default, 100');
      await refused(get(`${SITE}/tags?number=1001`), 400, 'invalid_number', 'The number parameter must be less than or equal to 1000.');
      assert.equal((await get(`${SITE}/tags?order_by=date`)).status, 400);
    });
    it('fields keeps the named fields of each term; v1 answers too', async () => {
      const body = await getOk(`${SITE}/categories?fields=slug,post_count&number=1`);
      assert.deepEqual(body, { found: 6, categories: [{ slug: 'announcements', post_count: 0 }] });
      assert.deepEqual(await getOk(`/rest/v1/sites/${SITES.demo}/tags`), await getOk(`${SITE}/tags`));
    });
    it('a private site answers its members only; an unknown site is unknown_blog', async () => {
      assert.ok((await getOk(`/rest/v1.1/sites/${SITES.private}/categories`)).found >= 1);
      await refused(get(`/rest/v1.1/sites/${SITES.private}/tags`, null), 403, 'unauthorized', 'User cannot access this private blog.');
      await refused(get('/rest/v1.1/sites/987654/tags'), 404, 'unknown_blog', 'Unknown blog');
    });
  });

  describe('GET /sites/$site/categories/slug:$slug and /tags/slug:$slug', () => {
    it('answers one term, as listed', async () => {
      const listed = (await getOk(`${SITE}/categories`)).categories.find((c: Json) => c.slug === 'revision');
      assert.deepEqual(await getOk(`${SITE}/categories/slug:revision`, null), listed);
      assert.equal((await getOk(`${SITE}/tags/slug:notebooks`)).post_count, 3);
    });
    it('an unknown slug (or a tag asked as a category) is 404 unknown_taxonomy; context=edit needs manage_categories', async () => {
      for (const path of [`${SITE}/categories/slug:nothing`, `${SITE}/categories/slug:writing`, `${SITE}/tags/slug:craft`])
        await refused(get(path), 404, 'unknown_taxonomy', 'Unknown taxonomy');
      assert.equal((await getOk(`${SITE}/tags/slug:books?context=edit`, 'cs-ed-token')).name, 'books');
      await refused(get(`${SITE}/tags/slug:books?context=edit`, 'cs-ann-token'), 403, 'unauthorized', 'User cannot edit taxonomy');
      await refused(get(`${SITE}/categories?context=edit`, null), 403, 'unauthorized', 'User cannot edit taxonomy');
    });
  });

  describe('posts/new and posts/$ID name terms', () => {
    it('an existing term by name (any case), slug or ID; the counts follow the posts', async () => {
      const post = await create({ title: 'Terms', content: 'x', status: 'publish', categories: 'craft,4', tags: 'BOOKS, tools' });
      assert.deepEqual(Object.keys(post.categories).sort(), ['Craft', 'Reading']);
      assert.deepEqual(Object.keys(post.tags).sort(), ['books', 'tools']);
      assert.equal(post.categories.Craft.post_count, 4, "the post's own term counts it");
      assert.deepEqual([(await counts('categories')).Craft, (await counts('tags')).books], [4, 2]);
      await call('POST', `${SITE}/posts/${post.ID}/delete`, { token: DEMO });
      assert.deepEqual([(await counts('categories')).Craft, (await counts('tags')).books], [3, 1], 'a trashed post counts no more');
    });
    it('a draft is not counted until it is published', async () => {
      const draft = await create({ title: 'Soon', content: 'x', status: 'draft', categories: 'Announcements' });
      assert.equal((await counts('categories')).Announcements, 0);
      await call('POST', `${SITE}/posts/${draft.ID}`, { token: DEMO, form: 'status=publish' });
      assert.equal((await counts('categories')).Announcements, 1);
    });
    it('a new name becomes a term for an administrator or an editor', async () => {
      const post = await create({ title: 'New terms', content: 'x', categories: 'Essays', tags: 'morning light' });
      assert.deepEqual([Object.keys(post.categories), Object.keys(post.tags)], [['Essays'], ['morning light']]);
      const essays = await getOk(`${SITE}/categories/slug:essays`);
      assert.deepEqual([essays.post_count, essays.parent], [1, 0]);
      assert.ok(essays.ID > 18, `a new ID of the site (its seeded terms end at 18): ${essays.ID}`);
      assert.equal((await getOk(`${SITE}/tags/slug:morning-light`)).post_count, 1);
      const byEd = await create({ title: 'By ed', content: 'x', categories: 'Letters' }, 'cs-ed-token');
      assert.deepEqual(Object.keys(byEd.categories), ['Letters']);
    });
    it('a new name from an author or a contributor is left out without a word; an unknown ID is ignored', async () => {
      const post = await create(
        { title: 'Ann writes', content: 'x', categories: 'Secrets,Process', tags: 'new-tag,habits' },
        'cs-ann-token',
      );
      assert.deepEqual([Object.keys(post.categories), Object.keys(post.tags)], [['Process'], ['habits']]);
      const only = await create({ title: 'Con writes', content: 'x', categories: 'Secrets,999' }, 'cs-con-token');
      assert.deepEqual(Object.keys(only.categories), ['Uncategorized'], 'none left: the default category');
      await refused(get(`${SITE}/categories/slug:secrets`), 404, 'unknown_taxonomy', 'Unknown taxonomy');
      await refused(get(`${SITE}/tags/slug:new-tag`), 404, 'unknown_taxonomy', 'Unknown taxonomy');
      assert.equal((await getOk(`${SITE}/categories`)).found, 6);
    });
    it('an update replaces the terms; no categories given keeps them; an empty list is the default category', async () => {
      const post = await create({ title: 'Moving', content: 'x', categories: 'Craft', tags: 'drafts' });
      const kept = await call('POST', `${SITE}/posts/${post.ID}`, { token: DEMO, form: 'title=Moved' });
      assert.deepEqual([Object.keys(kept.json.categories), Object.keys(kept.json.tags)], [['Craft'], ['drafts']]);
      const moved = await call('POST', `${SITE}/posts/${post.ID}`, { token: DEMO, form: 'categories=Reading&tags=' });
      assert.deepEqual([Object.keys(moved.json.categories), Object.keys(moved.json.tags)], [['Reading'], []]);
      const emptied = await call('POST', `${SITE}/posts/${post.ID}`, { token: DEMO, json: { categories: [] } });
      assert.deepEqual(Object.keys(emptied.json.categories), ['Uncategorized']);
    });
    it('an array names each term whole, commas and all (form `tags[]=`, `tags[0]=` or JSON); a string is split at its commas', async () => {
      const tagsOf = (r: { status: number; text: string; json: Json }) => {
        assert.equal(r.status, 200, r.text);
        return Object.keys(r.json.tags).sort();
      };
      const form = new URLSearchParams([
        ['title', 'Trip'],
        ['content', 'x'],
        ['tags[]', 'Paris, France'],
        ['tags[]', 'Lyon'],
        ['categories[]', 'Travel, abroad'],
      ]).toString();
      const post = await call('POST', `${SITE}/posts/new`, { token: DEMO, form });
      assert.deepEqual(tagsOf(post), ['Lyon', 'Paris, France']);
      assert.deepEqual(Object.keys(post.json.categories), ['Travel, abroad']);
      const indexed = `tags[0]=${encodeURIComponent('Nice, France')}&tags[1]=Lyon`;
      assert.deepEqual(tagsOf(await call('POST', `${SITE}/posts/${post.json.ID}`, { token: DEMO, form: indexed })), [
        'Lyon',
        'Nice, France',
      ]);
      const json = { tags: ['Paris, France', 'books'] };
      assert.deepEqual(tagsOf(await call('POST', `${SITE}/posts/${post.json.ID}`, { token: DEMO, json })), ['Paris, France', 'books']);
      const string = await call('POST', `${SITE}/posts/${post.json.ID}`, {
        token: DEMO,
        form: `tags=${encodeURIComponent('Paris, France')}`,
      });
      assert.deepEqual(tagsOf(string), ['France', 'Paris']);
      const nested = await call('POST', `${SITE}/posts/${post.json.ID}`, { token: DEMO, form: 'tags[0][name]=x&title=Nested' });
      assert.equal(nested.status, 400);
      assert.equal(nested.json.error, 'invalid_input');
      assert.equal((await getOk(`${SITE}/posts/${post.json.ID}`)).title, 'Trip', 'a refused write changes nothing');
    });
    it("a post's terms in its answer are the site's terms (real IDs and counts)", async () => {
      const post = await getOk(`${SITE}/posts/102`);
      assert.deepEqual(
        Object.values(post.categories).map((c: Json) => [c.ID, c.post_count, c.parent]),
        [
          [2, 3, 0],
          [5, 2, 2],
        ],
      );
      assert.deepEqual(post.terms.post_tag, post.tags);
    });
  });
});
