/**
 * What a client sees when the service refuses: every row of the spec's error table with its exact
 * HTTP status, `error` identifier and `message`, plus token, route, version and method refusals.
 */
import * as assert from 'node:assert/strict';
import { callService, serviceFixture, type CallOptions, type Reply } from './reply';
import { SITES, SPECIAL_POSTS } from './index';

interface Expected {
  status: number;
  error: string;
  message: string;
}

describe('Refusals a client can meet (spec error table and protocol errors)', () => {
  const fx = serviceFixture();

  const call = (method: string, path: string, opts: CallOptions = {}): Promise<Reply> => callService(fx.svc.url, method, path, opts);

  const expectError = (r: Reply, e: Expected): void => {
    assert.equal(r.status, e.status, r.text);
    assert.deepEqual(r.json, { error: e.error, message: e.message });
  };

  const trashStatus = async (site: number, post: number, token: string): Promise<string> => {
    const r = await call('GET', `/rest/v1.1/sites/${site}/posts/${post}?fields=status`, { token });
    assert.equal(r.status, 200, r.text);
    return r.json.status as string;
  };

  describe('users/suggest refuses', () => {
    const invalid = { status: 403, error: 'invalid_query', message: 'Missing or invalid site id.' };
    it("no site given is the token's own blog (as the real service answers); an empty site_id is 403 invalid_query", async () => {
      const own = await call('GET', '/rest/v1.1/users/suggest', { token: 'cs-demo-token' });
      const demo = await call('GET', `/rest/v1.1/users/suggest?site_id=${SITES.demo}`, { token: 'cs-demo-token' });
      assert.equal(own.status, 200, own.text);
      assert.deepEqual(own.json, demo.json);
      expectError(await call('GET', '/rest/v1.1/users/suggest?site_id=', { token: 'cs-demo-token' }), invalid);
    });
    it('403 invalid_query "Missing or invalid site id." for an unknown site_id, a non-numeric site_id and an unknown domain', async () => {
      expectError(await call('GET', '/rest/v1.1/users/suggest?site_id=987654', { token: 'cs-demo-token' }), invalid);
      expectError(await call('GET', '/rest/v1.1/users/suggest?site_id=abc', { token: 'cs-demo-token' }), invalid);
      expectError(await call('GET', '/rest/v1.1/users/suggest?site=nowhere.example.blog', { token: 'cs-demo-token' }), invalid);
    });
    it('403 unauthorized "User cannot access this private blog." for ed on the private site 2002', async () => {
      expectError(await call('GET', `/rest/v1.1/users/suggest?site_id=${SITES.private}`, { token: 'cs-ed-token' }), {
        status: 403,
        error: 'unauthorized',
        message: 'User cannot access this private blog.',
      });
    });
    it('403 unauthorized "User cannot access this restricted blog" for demo on the restricted site 2003 (by ID and by domain)', async () => {
      const e = { status: 403, error: 'unauthorized', message: 'User cannot access this restricted blog' };
      expectError(await call('GET', `/rest/v1.1/users/suggest?site_id=${SITES.restricted}`, { token: 'cs-demo-token' }), e);
      expectError(await call('GET', '/rest/v1.1/users/suggest?site=restricted.example.blog', { token: 'cs-demo-token' }), e);
    });
    it('404 unknown_user "User does not exist." for a subscriber of site 2001', async () => {
      expectError(await call('GET', `/rest/v1.1/users/suggest?site_id=${SITES.demo}`, { token: 'cs-sub-token' }), {
        status: 404,
        error: 'unknown_user',
        message: 'User does not exist.',
      });
    });
    it('a member of the restricted site (rita) is not refused there', async () => {
      const r = await call('GET', `/rest/v1.1/users/suggest?site_id=${SITES.restricted}`, { token: 'cs-rita-token' });
      assert.equal(r.status, 200);
      assert.deepEqual(
        r.json.suggestions.map((s: { user_login: string }) => s.user_login),
        ['rita'],
      );
    });
  });

  interface RestoreRow extends Expected {
    name: string;
    token: string;
    site: number;
    post: number;
    /** Site-level refusals answer the whole restore-several request; the others are per post. */
    siteLevel?: boolean;
  }
  const rows: RestoreRow[] = [
    {
      name: 'SEO metadata on a site without SEO tools (demo, 2004)',
      token: 'cs-demo-token',
      site: SITES.selfHosted,
      post: SPECIAL_POSTS.seo,
      status: 403,
      error: 'unauthorized',
      message: 'SEO tools are not enabled for this site.',
    },
    {
      name: 'an attachment of a disallowed mime type (post 190)',
      token: 'cs-demo-token',
      site: SITES.demo,
      post: SPECIAL_POSTS.badFileType,
      status: 403,
      error: 'invalid_input',
      message: 'Invalid file type.',
    },
    {
      name: "an author restoring an editor's post (ann, post 201 by ed)",
      token: 'cs-ann-token',
      site: SITES.demo,
      post: 201,
      status: 403,
      error: 'unauthorized',
      message: 'User cannot delete post',
    },
    {
      name: 'a post type not whitelisted (post 191)',
      token: 'cs-demo-token',
      site: SITES.demo,
      post: SPECIAL_POSTS.unlistedType,
      status: 400,
      error: 'invalid_field',
      message: 'Invalid API FIELD',
    },
    {
      name: 'a non-member of the private site (ed, 2002, post 300)',
      token: 'cs-ed-token',
      site: SITES.private,
      post: 300,
      status: 403,
      error: 'unauthorized',
      message: 'User cannot access this private blog.',
      siteLevel: true,
    },
    {
      name: 'a non-member of the restricted site (demo, 2003, post 400)',
      token: 'cs-demo-token',
      site: SITES.restricted,
      post: 400,
      status: 403,
      error: 'unauthorized',
      message: 'User cannot access this restricted blog',
      siteLevel: true,
    },
    {
      name: 'a non-member of a public site (ed, 2004, post 491)',
      token: 'cs-ed-token',
      site: SITES.selfHosted,
      post: 491,
      status: 403,
      error: 'unauthorized',
      message: 'User cannot restore trashed posts',
    },
    {
      name: 'a post published by a contributor (demo, post 192)',
      token: 'cs-demo-token',
      site: SITES.demo,
      post: SPECIAL_POSTS.contributorPublished,
      status: 403,
      error: 'unauthorized',
      message: 'Assigned author cannot publish post.',
    },
    {
      name: 'a contributor (con, post 200)',
      token: 'cs-con-token',
      site: SITES.demo,
      post: 200,
      status: 403,
      error: 'unauthorized',
      message: 'User cannot delete posts',
    },
    {
      name: 'a subscriber (sub, post 200)',
      token: 'cs-sub-token',
      site: SITES.demo,
      post: 200,
      status: 403,
      error: 'unauthorized',
      message: 'User cannot edit posts',
    },
  ];
  /** A token that can read the post's status afterwards. */
  const ownerToken = (site: number): string => (site === SITES.restricted ? 'cs-rita-token' : 'cs-demo-token');

  describe('restore one post (v1.1) refuses', () => {
    for (const row of rows) {
      it(`${row.status} ${row.error} "${row.message}" for ${row.name}, and the post stays in the trash`, async () => {
        expectError(await call('POST', `/rest/v1.1/sites/${row.site}/posts/${row.post}/restore`, { token: row.token }), row);
        assert.equal(await trashStatus(row.site, row.post, ownerToken(row.site)), 'trash');
      });
    }
  });

  describe('restore several posts refuses', () => {
    for (const row of rows) {
      if (row.siteLevel) {
        it(`${row.status} ${row.error} "${row.message}" for the whole request: ${row.name}`, async () => {
          expectError(
            await call('POST', `/rest/v1.1/sites/${row.site}/posts/restore`, { token: row.token, form: `post_ids[]=${row.post}` }),
            row,
          );
          assert.equal(await trashStatus(row.site, row.post, ownerToken(row.site)), 'trash');
        });
      } else {
        it(`results[${row.post}] = {errors: {${row.error}: ["${row.message}"]}, error_data: {${row.error}: ${row.status}}} in a 200 for ${row.name}`, async () => {
          const r = await call('POST', `/rest/v1.1/sites/${row.site}/posts/restore`, { token: row.token, form: `post_ids[]=${row.post}` });
          assert.equal(r.status, 200, r.text);
          assert.deepEqual(r.json, {
            results: { [String(row.post)]: { errors: { [row.error]: [row.message] }, error_data: { [row.error]: row.status } } },
          });
          assert.equal(await trashStatus(row.site, row.post, ownerToken(row.site)), 'trash');
        });
      }
    }
    it('403 unauthorized "User cannot restore trashed posts" without a token', async () => {
      expectError(await call('POST', `/rest/v1.1/sites/${SITES.demo}/posts/restore`, { form: 'post_ids[]=200' }), {
        status: 403,
        error: 'unauthorized',
        message: 'User cannot restore trashed posts',
      });
    });
    it('400 empty_post_ids "No post IDs were given." without post_ids', async () => {
      expectError(await call('POST', `/rest/v1.1/sites/${SITES.demo}/posts/restore`, { token: 'cs-demo-token', form: '' }), {
        status: 400,
        error: 'empty_post_ids',
        message: 'No post IDs were given.',
      });
    });
  });

  describe('restore one post (v1 and v1.1) refuses missing things', () => {
    it('403 authorization_required "An active access token must be used to restore posts." without a token, under both versions', async () => {
      for (const v of ['v1', 'v1.1'])
        expectError(await call('POST', `/rest/${v}/sites/${SITES.demo}/posts/200/restore`), {
          status: 403,
          error: 'authorization_required',
          message: 'An active access token must be used to restore posts.',
        });
    });
    it('404 unknown_post "Unknown post" for a post of another site and for no such post', async () => {
      const e = { status: 404, error: 'unknown_post', message: 'Unknown post' };
      expectError(await call('POST', `/rest/v1.1/sites/${SITES.demo}/posts/300/restore`, { token: 'cs-demo-token' }), e);
      expectError(await call('POST', `/rest/v1.1/sites/${SITES.demo}/posts/99999/restore`, { token: 'cs-demo-token' }), e);
    });
    it('404 unknown_blog "Unknown blog" for no such site', async () => {
      expectError(await call('POST', '/rest/v1/sites/424242/posts/200/restore', { token: 'cs-demo-token' }), {
        status: 404,
        error: 'unknown_blog',
        message: 'Unknown blog',
      });
    });
    it('400 not_in_trash "The post is not in the trash." for a post already restored', async () => {
      assert.equal((await call('POST', `/rest/v1.1/sites/${SITES.demo}/posts/200/restore`, { token: 'cs-demo-token' })).status, 200);
      expectError(await call('POST', `/rest/v1.1/sites/${SITES.demo}/posts/200/restore`, { token: 'cs-demo-token' }), {
        status: 400,
        error: 'not_in_trash',
        message: 'The post is not in the trash.',
      });
    });
  });

  describe('notifications/read refuses', () => {
    const bad = { status: 400, error: 'bad_request', message: 'Incorrect Parameters.' };
    it('400 bad_request "Incorrect Parameters." without counts', async () => {
      expectError(await call('POST', '/rest/v1.1/notifications/read', { token: 'cs-demo-token', form: '' }), bad);
      expectError(await call('POST', '/rest/v1.1/notifications/read', { token: 'cs-demo-token', form: 'counts=3' }), bad);
    });
    it('400 bad_request "Incorrect Parameters." for a count that is not an integer, and a note id that is not a number', async () => {
      expectError(await call('POST', '/rest/v1.1/notifications/read', { token: 'cs-demo-token', form: 'counts[60000]=many' }), bad);
      expectError(await call('POST', '/rest/v1.1/notifications/read', { token: 'cs-demo-token', form: 'counts[60000]=1.5' }), bad);
      expectError(await call('POST', '/rest/v1.1/notifications/read', { token: 'cs-demo-token', form: 'counts[abc]=1' }), bad);
    });
    it('404 not_found "Not a valid URL." for a note of another user (ed\'s 60500 with demo\'s token) and for no such note', async () => {
      const e = { status: 404, error: 'not_found', message: 'Not a valid URL.' };
      expectError(await call('POST', '/rest/v1.1/notifications/read', { token: 'cs-demo-token', form: 'counts[60500]=1' }), e);
      expectError(await call('POST', '/rest/v1.1/notifications/read', { token: 'cs-demo-token', form: 'counts[12345678]=1' }), e);
    });
    it('403 authorization_required "An active access token must be used to retrieve notifications." without a token', async () => {
      expectError(await call('POST', '/rest/v1.1/notifications/read', { form: 'counts[60000]=1' }), {
        status: 403,
        error: 'authorization_required',
        message: 'An active access token must be used to retrieve notifications.',
      });
    });
  });

  describe('bad tokens are refused with 401 invalid_token', () => {
    for (const token of ['cs-unknown-token', 'cs-expired-token', 'cs-revoked-token']) {
      it(`${token}: 401 invalid_token "The OAuth2 token is invalid." on /me, notifications and even the public sites/$site`, async () => {
        for (const path of ['/rest/v1.1/me', '/rest/v1/notifications/', `/rest/v1/sites/${SITES.demo}`]) {
          expectError(await call('GET', path, { token }), { status: 401, error: 'invalid_token', message: 'The OAuth2 token is invalid.' });
        }
      });
    }
    it('an Authorization header that is not a bearer token is refused the same way', async () => {
      const res = await fetch(`${fx.svc.url}/rest/v1.1/me`, { headers: { authorization: 'Basic ZGVtbzpkZW1v' } });
      assert.equal(res.status, 401);
      assert.deepEqual(await res.json(), { error: 'invalid_token', message: 'The OAuth2 token is invalid.' });
    });
  });

  describe('unknown routes and unlisted versions answer an empty text/plain 404', () => {
    for (const path of [
      '/rest/v1.1/read/following/',
      '/rest/v1/users/suggest?site_id=2001',
      '/rest/v1.1/insights',
      '/rest/v1/no-such-thing',
      '/rest/v2/me',
      '/not-rest',
    ]) {
      it(`GET ${path} → 404, empty body, text/plain`, async () => {
        const r = await call('GET', path, { token: 'cs-demo-token' });
        assert.equal(r.status, 404);
        assert.equal(r.text, '');
        assert.equal(r.type, 'text/plain');
      });
    }
  });

  describe('a wrong method answers 405 not_allowed with Allow (the methods that path takes)', () => {
    const cases = [
      ['GET', '/rest/v1.1/notifications/read', 'POST'],
      ['POST', `/rest/v1/sites/${SITES.demo}`, 'GET'],
      ['GET', `/rest/v1.1/sites/${SITES.demo}/posts/200/restore`, 'POST'],
      ['DELETE', `/rest/v1.1/sites/${SITES.demo}/posts/restore`, 'GET, POST'],
      ['PUT', '/rest/v1/notifications/', 'GET'],
    ] as const;
    for (const [method, path, allow] of cases) {
      it(`${method} ${path} → 405, Allow: ${allow}`, async () => {
        const r = await call(method, path, { token: 'cs-demo-token' });
        assert.equal(r.status, 405);
        assert.equal(r.headers.get('allow'), allow);
        assert.match(r.type, /^application\/json/);
        assert.deepEqual(r.json, { error: 'not_allowed', error_message: 'Method not allowed' });
      });
    }
    it('a path only another version lists is 404 for any method, without Allow', async () => {
      const wrongVersion = await call('POST', `/rest/v1/sites/${SITES.demo}/posts/restore`, { token: 'cs-demo-token' });
      assert.equal(wrongVersion.status, 404);
      assert.equal(wrongVersion.headers.get('allow'), null);
    });
  });
});
