/**
 * Every row of the spec's error table, with its exact status, identifier and message, reached the
 * way a client would reach it.
 */
import * as assert from 'node:assert/strict';
import { SPECIAL_POSTS } from './index';
import { DEMO, useService } from './helpers';

const { call } = useService();

interface Row {
  endpoint: string;
  status: number;
  error: string;
  message: string;
}

const expectError = (r: { status: number; json: { error?: string; message?: string } }, row: Omit<Row, 'endpoint'>) => {
  assert.equal(r.status, row.status);
  assert.deepEqual({ error: r.json?.error, message: r.json?.message }, { error: row.error, message: row.message });
};

describe('Spec error table: users/suggest', () => {
  it('403 invalid_query "Missing or invalid site id." without a site, and for an unknown one', async () => {
    expectError(await call('GET', '/rest/v1.1/users/suggest', { token: DEMO }), { status: 403, error: 'invalid_query', message: 'Missing or invalid site id.' });
    expectError(await call('GET', '/rest/v1.1/users/suggest?site_id=999999', { token: DEMO }), { status: 403, error: 'invalid_query', message: 'Missing or invalid site id.' });
    expectError(await call('GET', '/rest/v1.1/users/suggest?site=nowhere.example', { token: DEMO }), { status: 403, error: 'invalid_query', message: 'Missing or invalid site id.' });
  });
  it('403 unauthorized "User cannot access this private blog." for a non-member of a private site', async () => {
    expectError(await call('GET', '/rest/v1.1/users/suggest?site_id=2002', { token: 'cs-ed-token' }), { status: 403, error: 'unauthorized', message: 'User cannot access this private blog.' });
  });
  it('403 unauthorized "User cannot access this restricted blog" for a non-member of a restricted site', async () => {
    expectError(await call('GET', '/rest/v1.1/users/suggest?site=restricted.example.blog', { token: DEMO }), { status: 403, error: 'unauthorized', message: 'User cannot access this restricted blog' });
  });
  it('404 unknown_user "User does not exist." when the token holder is not an author, editor or administrator there', async () => {
    expectError(await call('GET', '/rest/v1.1/users/suggest?site_id=2001', { token: 'cs-sub-token' }), { status: 404, error: 'unknown_user', message: 'User does not exist.' });
  });
});

const restoreRows: Array<{ name: string; token: string; site: string; post: number } & Omit<Row, 'endpoint'>> = [
  { name: 'SEO tools', token: DEMO, site: '2004', post: SPECIAL_POSTS.seo, status: 403, error: 'unauthorized', message: 'SEO tools are not enabled for this site.' },
  { name: 'file type', token: DEMO, site: '2001', post: SPECIAL_POSTS.badFileType, status: 403, error: 'invalid_input', message: 'Invalid file type.' },
  { name: 'one post', token: 'cs-ann-token', site: '2001', post: 200, status: 403, error: 'unauthorized', message: 'User cannot delete post' },
  { name: 'API field', token: DEMO, site: '2001', post: SPECIAL_POSTS.unlistedType, status: 400, error: 'invalid_field', message: 'Invalid API FIELD' },
  { name: 'private blog', token: 'cs-ed-token', site: '2002', post: 300, status: 403, error: 'unauthorized', message: 'User cannot access this private blog.' },
  { name: 'restricted blog', token: DEMO, site: '2003', post: 400, status: 403, error: 'unauthorized', message: 'User cannot access this restricted blog' },
  { name: 'restore rights', token: 'cs-ed-token', site: 'selfhosted.example.org', post: 491, status: 403, error: 'unauthorized', message: 'User cannot restore trashed posts' },
  { name: 'assigned author', token: DEMO, site: '2001', post: SPECIAL_POSTS.contributorPublished, status: 403, error: 'unauthorized', message: 'Assigned author cannot publish post.' },
  { name: 'delete posts', token: 'cs-con-token', site: '2001', post: 200, status: 403, error: 'unauthorized', message: 'User cannot delete posts' },
  { name: 'edit posts', token: 'cs-sub-token', site: '2001', post: 200, status: 403, error: 'unauthorized', message: 'User cannot edit posts' },
];

describe('Spec error table: restore one (v1.1) and restore several', () => {
  for (const row of restoreRows) {
    it(`${row.status} ${row.error} "${row.message}" (${row.name}) from both endpoints, and the post stays in the trash`, async () => {
      expectError(await call('POST', `/rest/v1.1/sites/${row.site}/posts/${row.post}/restore`, { token: row.token }), row);
      const several = await call('POST', `/rest/v1.1/sites/${row.site}/posts/restore`, { token: row.token, form: `post_ids[]=${row.post}` });
      if (row.message.startsWith('User cannot access')) {
        expectError(several, row);
      } else {
        assert.equal(several.status, 200);
        assert.deepEqual(several.json.results[String(row.post)], { errors: { [row.error]: [row.message] }, error_data: { [row.error]: row.status } });
      }
      const listed = await call('GET', `/rest/v1.1/sites/${row.site}/posts/${row.post}?fields=status`, { token: DEMO });
      if (listed.status === 200) assert.equal(listed.json.status, 'trash');
    });
  }
});

describe('Spec error table: notifications/read', () => {
  it('400 bad_request "Incorrect Parameters." without counts, with an empty or non-numeric count', async () => {
    const row = { status: 400, error: 'bad_request', message: 'Incorrect Parameters.' };
    expectError(await call('POST', '/rest/v1.1/notifications/read', { token: DEMO, form: '' }), row);
    expectError(await call('POST', '/rest/v1.1/notifications/read', { token: DEMO, form: 'counts=' }), row);
    expectError(await call('POST', '/rest/v1.1/notifications/read', { token: DEMO, form: 'counts[60000]=lots' }), row);
  });
  it('404 not_found "Not a valid URL." for a note that is not the user\'s', async () => {
    expectError(await call('POST', '/rest/v1.1/notifications/read', { token: DEMO, form: 'counts[60500]=1' }), { status: 404, error: 'not_found', message: 'Not a valid URL.' });
  });
  it('403 authorization_required "An active access token must be used to retrieve notifications." without a token', async () => {
    expectError(await call('POST', '/rest/v1.1/notifications/read', { form: 'counts[60000]=1' }), { status: 403, error: 'authorization_required', message: 'An active access token must be used to retrieve notifications.' });
  });
});

describe('Tokens, routes and methods', () => {
  for (const token of ['cs-nobody-token', 'cs-expired-token', 'cs-revoked-token']) {
    it(`401 invalid_token for ${token}, even on a public endpoint`, async () => {
      for (const path of ['/rest/v1.1/me', '/rest/v1/sites/2001']) {
        expectError(await call('GET', path, { token }), { status: 401, error: 'invalid_token', message: 'The OAuth2 token is invalid.' });
      }
    });
  }
  it('refuses a missing token on the endpoints the spec marks required', async () => {
    for (const [method, path] of [['GET', '/rest/v1.1/users/suggest?site_id=2001'], ['GET', '/rest/v1/insights'], ['GET', '/rest/v1/notifications/'], ['POST', '/rest/v1.1/sites/2001/posts/200/restore'], ['POST', '/rest/v1/sites/2001/posts/200/restore']]) {
      const r = await call(method, path);
      assert.equal(r.status, 403, path);
      assert.equal(r.json.error, 'authorization_required', path);
    }
  });
  it('answers an unknown route, and a version the spec does not list, with an empty 404', async () => {
    for (const path of ['/rest/v1/nothing-here', '/rest/v1.1/read/following/', '/rest/v1/users/suggest?site_id=2001', '/rest/v1.1/freshly-pressed/', '/rest/v2/me', '/elsewhere']) {
      const r = await call('GET', path, { token: DEMO });
      assert.equal(r.status, 404, path);
      assert.equal(r.text, '', path);
      assert.match(r.type, /text\/plain/);
    }
  });
  it('answers a method the route does not take with 405 and error_message', async () => {
    const r = await call('POST', '/rest/v1/sites/2001', { token: DEMO });
    assert.equal(r.status, 405);
    assert.equal(typeof r.json.error_message, 'string');
    assert.equal((await call('GET', '/rest/v1.1/sites/2001/posts/200/restore', { token: DEMO })).status, 405);
  });
});
