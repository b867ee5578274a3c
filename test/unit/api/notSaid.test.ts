import * as assert from 'node:assert/strict';
import { uploadRules } from '../../../src/writing/imageFiles';
import { answering, type Answering } from './answering';

/** `false` or `null` for an optional value means "not said": the value is left out, its neighbours kept. */
async function with_<T>(bodies: Record<string, unknown>, read: (s: Answering) => Promise<T>): Promise<T> {
  const service = await answering(bodies);
  try {
    return await read(service);
  } finally {
    await service.close();
  }
}

describe('a value the service sends as false or null', () => {
  it("a Jetpack site's max_upload_size: false keeps its allowed_file_types, so a WebP image is refused before upload", async () => {
    const site = await with_(
      { '/v1/sites/2004': { ID: 2004, jetpack: true, options: { max_upload_size: false, allowed_file_types: ['jpg', 'jpeg', 'png'] } } },
      (s) => s.client.sites.get(2004),
    );
    assert.deepEqual(site.options?.allowed_file_types, ['jpg', 'jpeg', 'png']);
    assert.equal(site.options?.max_upload_size, undefined);
    const rules = uploadRules(site.options, 5_000_000);
    assert.equal(rules.maxBytes, 5_000_000, 'our own limit stands in for the one not said');
    assert.deepEqual(
      rules.formats.map((f) => f.name),
      ['PNG', 'JPEG'],
    );
  });

  it("a site's upload rule of the wrong type is left out alone: the other rule is kept", async () => {
    const site = await with_({ '/v1/sites/2004': { ID: 2004, options: { max_upload_size: 1024, allowed_file_types: 'jpg' } } }, (s) =>
      s.client.sites.get(2004),
    );
    assert.equal(site.options?.max_upload_size, 1024);
    assert.equal(site.options?.allowed_file_types, undefined);
  });

  it('a suggested user with display_name: null is still offered (by login)', async () => {
    const users = await with_(
      {
        '/v1.1/users/suggest': {
          suggestions: [
            { ID: 1, user_login: 'ann', display_name: 'Ann' },
            { ID: 2, user_login: 'nameless', display_name: null, image_URL: null },
            { ID: 3, user_login: 'ed', display_name: 'Ed' },
          ],
        },
      },
      (s) => s.client.users.suggest({ site_id: 2001 }),
    );
    assert.deepEqual(
      users.map((u) => [u.user_login, u.display_name]),
      [
        ['ann', 'Ann'],
        ['nameless', undefined],
        ['ed', 'Ed'],
      ],
    );
  });

  it("a post whose featured_image and author's avatar are null is listed with the rest of what it says", async () => {
    const page = await with_(
      {
        '/v1.1/sites/2001/posts/': {
          found: 1,
          posts: [{ ID: 5, title: 'Spring', featured_image: null, author: { ID: 1, name: 'Ann', avatar_URL: null }, sticky: null }],
        },
      },
      (s) => s.client.posts.list(2001),
    );
    assert.equal(page.posts.length, 1);
    assert.equal(page.posts[0].title, 'Spring');
    assert.equal(page.posts[0].author?.name, 'Ann');
    assert.equal(page.posts[0].featured_image, undefined);
  });

  it("a comment whose author's URL is false is listed, its parent: false still a comment at the top", async () => {
    const comment = {
      ID: 9,
      post: { ID: 100, title: null },
      author: { ID: 0, name: 'Guest', URL: false },
      content: 'Hi',
      status: 'approved',
      parent: false,
    };
    const page = await with_({ '/v1.1/sites/2001/comments/': { found: 1, comments: [comment] } }, (s) => s.client.comments.list(2001));
    assert.equal(page.comments.length, 1);
    assert.equal(page.comments[0].author.name, 'Guest');
    assert.equal(page.comments[0].parent, false);
  });
});
