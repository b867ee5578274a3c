/**
 * `GET /v1.1/sites/$site/posts/slug:$slug` (writing.md): one post by its slug, found the way the real
 * service finds it (a published post of the site, else a page by its path, in any status) and then
 * answered exactly as by its ID, with the same refusals.
 */
import * as assert from 'node:assert/strict';
import { serviceCalls, serviceFixture } from './reply';
import { SITES } from './index';

const DEMO = 'cs-demo-token';
const POSTS = `/rest/v1.1/sites/${SITES.demo}/posts`;

describe('One post by its slug', () => {
  const fx = serviceFixture();
  const { get, getOk: ok } = serviceCalls(fx, DEMO);
  const refused = async (path: string, token: string | null, status: number, error: string, message: string): Promise<void> => {
    const r = await get(path, token);
    assert.equal(r.status, status, `${path}: ${r.text}`);
    assert.deepEqual(r.json, { error, message });
  };

  it('answers a published post by its slug with the same body as by its ID, signed in or out, in either context', async () => {
    for (const token of [DEMO, 'cs-sub-token', null])
      assert.deepEqual(await ok(`${POSTS}/slug:morning-pages`, token), await ok(`${POSTS}/100`, token));
    assert.deepEqual(await ok(`${POSTS}/slug:editing-in-public?context=edit`), await ok(`${POSTS}/101?context=edit`));
    assert.deepEqual(await ok(`${POSTS}/slug:editing-in-public?fields=ID,slug`), { ID: 101, slug: 'editing-in-public' });
  });
  it('takes the site by domain, and a slug written as a title (the service sanitizes it: case, spaces, punctuation)', async () => {
    assert.equal((await ok(`/rest/v1.1/sites/demo.example.blog/posts/slug:morning-pages`)).ID, 100);
    assert.equal((await ok(`${POSTS}/slug:${encodeURIComponent('  Morning Pages! ')}`)).ID, 100);
  });
  it('finds a page by its slug in any status, then answers as by ID: a trashed page to an editor, 403 "User cannot view post" to a subscriber', async () => {
    const page = await ok(`${POSTS}/slug:notes-from-a-reading-old-5`, 'cs-ed-token');
    assert.deepEqual([page.ID, page.type, page.status], [204, 'page', 'trash']);
    await refused(`${POSTS}/slug:notes-from-a-reading-old-5`, 'cs-sub-token', 403, 'unauthorized', 'User cannot view post');
  });
  it('does not find an unpublished post by its slug, even for an administrator (the real lookup takes published posts only): 404 unknown_post', async () => {
    for (const slug of ['a-draft-post', 'a-pending-post', 'a-private-post', 'a-future-post', 'ann-s-first-draft'])
      await refused(`${POSTS}/slug:${slug}`, DEMO, 404, 'unknown_post', 'Unknown post');
    assert.equal((await ok(`${POSTS}/108`)).slug, 'a-draft-post', 'by its ID it answers');
  });
  it('an unknown slug and a slug of another site are 404 unknown_post; one with nothing left once sanitized is 400 invalid_post', async () => {
    await refused(`${POSTS}/slug:no-such-post`, DEMO, 404, 'unknown_post', 'Unknown post');
    await refused(`${POSTS}/slug:compost-notes`, DEMO, 404, 'unknown_post', 'Unknown post');
    assert.equal((await ok(`/rest/v1.1/sites/${SITES.selfHosted}/posts/slug:compost-notes`)).ID, 492);
    await refused(`${POSTS}/slug:${encodeURIComponent('!?')}`, DEMO, 400, 'invalid_post', 'Invalid post');
  });
  it("a private site's post: 403 for non-members and signed out, answered to members", async () => {
    const path = `/rest/v1.1/sites/${SITES.private}/posts/slug:notebook-the-first-entry`;
    for (const token of ['cs-ed-token', null]) await refused(path, token, 403, 'unauthorized', 'User cannot access this private blog.');
    assert.equal((await ok(path)).ID, 304);
    await refused(`/rest/v1.1/sites/987654/posts/slug:morning-pages`, DEMO, 404, 'unknown_blog', 'Unknown blog');
  });
});
