/** Common parameters, state read back, OAuth, fault injection and the request log. */
import * as assert from 'node:assert/strict';
import { DEMO, useService } from './helpers';

const { call, svc } = useService();

describe('Common parameters', () => {
  it('http_envelope=1 (or true) answers 200 with {code, headers, body}, for errors too', async () => {
    for (const flag of ['1', 'true']) {
      const ok = await call('GET', `/rest/v1/sites/2001?http_envelope=${flag}`);
      assert.equal(ok.status, 200);
      assert.equal(ok.json.code, 200);
      assert.deepEqual(ok.json.headers, [{ name: 'Content-Type', value: 'application/json' }]);
      assert.equal(ok.json.body.ID, 2001);
    }
    const err = await call('POST', '/rest/v1.1/sites/2001/posts/200/restore?http_envelope=1', { token: 'cs-sub-token' });
    assert.equal(err.status, 200);
    assert.deepEqual([err.json.code, err.json.body.error, err.json.body.message], [403, 'unauthorized', 'User cannot edit posts']);
  });
  it('pretty=1 indents the JSON; without it the answer is one line', async () => {
    assert.match((await call('GET', '/rest/v1/sites/2001?pretty=1')).text, /\n {2}"ID": 2001/);
    assert.ok(!(await call('GET', '/rest/v1/sites/2001')).text.includes('\n'));
  });
  it('fields keeps only the named fields of a post and of each listed post', async () => {
    assert.deepEqual((await call('GET', '/rest/v1.1/sites/2001/posts/200?fields=ID,status', { token: DEMO })).json, { ID: 200, status: 'trash' });
    const list = (await call('GET', '/rest/v1.1/sites/2001/posts/?status=trash&number=2&fields=ID', { token: DEMO })).json;
    assert.deepEqual(list.posts, [{ ID: 200 }, { ID: 201 }]);
  });
  it('callback wraps the answer as JSONP; a callback that is not an identifier is refused', async () => {
    const r = await call('GET', '/rest/v1/sites/2001?callback=handle.site');
    assert.match(r.type, /application\/javascript/);
    assert.match(r.text, /^\/\*\*\/handle\.site\(\{"ID":2001/);
    assert.equal((await call('GET', '/rest/v1/sites/2001?callback=alert(1)//')).status, 400);
  });
  it('context=edit keeps raw text, display adds paragraphs; anything else is refused', async () => {
    const display = (await call('GET', '/rest/v1.1/sites/2001/posts/200?fields=content', { token: DEMO })).json.content;
    const edit = (await call('GET', '/rest/v1.1/sites/2001/posts/200?fields=content&context=edit', { token: DEMO })).json.content;
    assert.match(display, /^<p>/);
    assert.ok(!edit.includes('<p>'));
    assert.equal((await call('GET', '/rest/v1.1/sites/2001/posts/200?context=raw', { token: DEMO })).status, 400);
  });
  it('meta=site fills meta.data.site from the linked endpoint', async () => {
    const r = (await call('GET', '/rest/v1.1/sites/2001/posts/200?meta=site', { token: DEMO })).json;
    assert.equal(r.meta.data.site.ID, 2001);
  });
  it('POST bodies may be form-encoded or JSON', async () => {
    assert.deepEqual((await call('POST', '/rest/v1.1/notifications/read', { token: DEMO, json: { counts: { 60000: 1 } } })).json, { success: true, updated: [] });
    assert.equal((await call('POST', '/rest/v1.1/sites/2001/posts/restore', { token: DEMO, json: { post_ids: [201] } })).json.results['201'].ID, 201);
  });
});

describe('State that changes and reads back', () => {
  it('restore puts the post back in the status it had before the trash, and it leaves the trash listing', async () => {
    const before = svc().world().posts.get(201)!.statusBeforeTrash;
    const r = await call('POST', '/rest/v1.1/sites/2001/posts/201/restore', { token: DEMO });
    assert.equal(r.json.status, before);
    const trash = (await call('GET', '/rest/v1.1/sites/2001/posts/?status=trash&number=100&fields=ID', { token: DEMO })).json.posts.map((p: { ID: number }) => p.ID);
    assert.ok(!trash.includes(201));
    assert.equal((await call('GET', '/rest/v1.1/sites/2001/posts/201?fields=status', { token: DEMO })).json.status, before);
    assert.equal((await call('POST', '/rest/v1.1/sites/2001/posts/201/restore', { token: DEMO })).status, 400, 'not in the trash any more');
  });
  it('restore several: per-post results, the successes restored, the refusals left in the trash', async () => {
    const r = (await call('POST', '/rest/v1.1/sites/2001/posts/restore', { token: DEMO, form: 'post_ids[]=202&post_ids[]=192' })).json;
    assert.equal(r.results['202'].ID, 202);
    assert.deepEqual(Object.keys(r.results['192']), ['errors', 'error_data']);
    assert.notEqual(svc().world().posts.get(202)!.status, 'trash');
    assert.equal(svc().world().posts.get(192)!.status, 'trash');
  });
  it('mark read decrements unread; updated lists notes that still have unread updates; later GETs agree', async () => {
    // 60001 has 2 unread updates.
    assert.deepEqual((await call('POST', '/rest/v1.1/notifications/read', { token: DEMO, form: 'counts[60001]=1' })).json, { success: true, updated: [60001] });
    assert.equal((await call('GET', '/rest/v1/notifications/?ids[]=60001&fields=unread', { token: DEMO })).json.notes[0].unread, 1);
    assert.deepEqual((await call('POST', '/rest/v1.1/notifications/read', { token: DEMO, form: 'counts[60001]=9999&counts[60002]=9999' })).json, { success: true, updated: [] });
    assert.deepEqual((await call('GET', '/rest/v1/notifications/?ids[]=60001&ids[]=60002&fields=id,unread', { token: DEMO })).json.notes, [{ id: 60001, unread: 0 }, { id: 60002, unread: 0 }]);
  });
  it('a negative count marks a note unread again', async () => {
    assert.deepEqual((await call('POST', '/rest/v1.1/notifications/read', { token: DEMO, form: 'counts[60010]=-1' })).json, { success: true, updated: [60010] });
    assert.equal((await call('GET', '/rest/v1/notifications/?ids[]=60010&fields=unread', { token: DEMO })).json.notes[0].unread, 1);
  });
  it('notifications/seen records last_seen_time', async () => {
    await call('POST', '/rest/v1.1/notifications/seen', { token: DEMO, form: 'time=1793530000' });
    assert.equal((await call('GET', '/rest/v1/notifications/?number=1', { token: DEMO })).json.last_seen_time, 1793530000);
    assert.equal((await call('POST', '/rest/v1.1/notifications/seen', { token: DEMO, form: '' })).status, 400);
  });
  it('POST /__control/reset brings the seed back', async () => {
    await call('POST', '/rest/v1.1/sites/2001/posts/203/restore', { token: DEMO });
    await call('POST', '/__control/reset');
    assert.equal(svc().world().posts.get(203)!.status, 'trash');
  });
});

const REDIRECT = 'vscode://contentsite.content-site/auth';
const authorizeUrl = (redirect = REDIRECT, client = '12345') => `/oauth2/authorize?client_id=${client}&redirect_uri=${encodeURIComponent(redirect)}&response_type=token&scope=global&state=s123`;
const formOf = (html: string): string => {
  const fields = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(([, k, v]) => [k, v.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)))]);
  return new URLSearchParams(fields).toString();
};

describe('OAuth 2 implicit grant', () => {
  it('shows an authorize page with Approve and Deny for the demo user', async () => {
    const r = await call('GET', authorizeUrl());
    assert.equal(r.status, 200);
    assert.match(r.type, /text\/html/);
    assert.match(r.text, /id="approve"/);
    assert.match(r.text, /id="deny"/);
    assert.match(r.text, /Demo Writer/);
  });
  it('refuses an unknown client and a redirect URI that is not registered exactly (even by a trailing slash)', async () => {
    assert.equal((await call('GET', authorizeUrl(REDIRECT, '777'))).status, 400);
    assert.equal((await call('GET', authorizeUrl(`${REDIRECT}/`))).status, 400);
    assert.equal((await call('GET', authorizeUrl('https://evil.example/cb'))).status, 400);
  });
  it('Approve redirects with the token in the fragment, and the token works', async () => {
    const page = await call('GET', authorizeUrl());
    const r = await call('POST', '/oauth2/authorize', { form: `${formOf(page.text)}&action=approve` });
    assert.equal(r.status, 302);
    const location = new URL(r.headers.get('location')!);
    assert.equal(`${location.protocol}//${location.host}${location.pathname}`, REDIRECT);
    const f = new URLSearchParams(location.hash.slice(1));
    assert.deepEqual([f.get('expires_in'), f.get('token_type'), f.get('site_id'), f.get('state')], ['64800', 'bearer', '2001', 's123']);
    assert.equal((await call('GET', '/rest/v1.1/me', { token: f.get('access_token')! })).json.username, 'demo');
  });
  it('Deny redirects with ?error=access_denied and issues no token', async () => {
    const tokens = svc().world().tokens.size;
    const page = await call('GET', authorizeUrl());
    const r = await call('POST', '/oauth2/authorize', { form: `${formOf(page.text)}&action=deny` });
    assert.equal(r.headers.get('location'), `${REDIRECT}?error=access_denied&state=s123`);
    assert.equal(svc().world().tokens.size, tokens);
  });
  it('refuses a forged approval (no form nonce, or one used twice)', async () => {
    const page = await call('GET', authorizeUrl());
    const form = formOf(page.text);
    assert.equal((await call('POST', '/oauth2/authorize', { form: form.replace(/nonce=[^&]+/, 'nonce=forged') + '&action=approve' })).status, 400);
    assert.equal((await call('POST', '/oauth2/authorize', { form: `${form}&action=approve` })).status, 302);
    assert.equal((await call('POST', '/oauth2/authorize', { form: `${form}&action=approve` })).status, 400);
  });
  it('token-info confirms a valid token of the client, and refuses other clients, expired and revoked tokens', async () => {
    assert.deepEqual((await call('GET', '/oauth2/token-info?client_id=12345&token=cs-demo-token')).json, { client_id: '12345', user_id: '1001', blog_id: '2001', scope: 'global' });
    for (const t of ['cs-other-client-token', 'cs-expired-token', 'cs-revoked-token', 'cs-nobody']) {
      const r = await call('GET', `/oauth2/token-info?client_id=12345&token=${t}`);
      assert.deepEqual([r.status, r.json.error], [400, 'invalid_token'], t);
    }
  });
});

describe('Fault injection and the request log', () => {
  const fault = (f: string) => ({ headers: { 'x-fault': f } });
  it('latency delays but answers normally', async () => {
    assert.equal((await call('GET', '/rest/v1/sites/2001', fault('latency=150'))).json.ID, 2001);
  });
  it('status=503 answers a JSON error and changes nothing', async () => {
    const r = await call('POST', '/rest/v1.1/sites/2001/posts/200/restore', { token: DEMO, ...fault('status=503') });
    assert.deepEqual([r.status, r.json.error], [503, 'service_unavailable']);
    assert.equal(svc().world().posts.get(200)!.status, 'trash');
  });
  it('html=502 answers an HTML page', async () => {
    const r = await call('GET', '/rest/v1/sites/2001', fault('html=502'));
    assert.equal(r.status, 502);
    assert.match(r.type, /text\/html/);
  });
  it('reset destroys the connection', async () => {
    await assert.rejects(call('GET', '/rest/v1/sites/2001', fault('reset')));
  });
  it('truncate and malformed answer bodies that are not JSON', async () => {
    for (const f of ['truncate', 'malformed']) {
      const r = await call('GET', '/rest/v1/sites/2001', fault(f));
      assert.equal(r.status, 200);
      assert.throws(() => JSON.parse(r.text), SyntaxError, f);
    }
  });
  it('ratelimit=7 answers 429 with Retry-After: 7', async () => {
    const r = await call('GET', '/rest/v1/sites/2001', fault('ratelimit=7'));
    assert.equal(r.status, 429);
    assert.equal(r.headers.get('retry-after'), '7');
  });
  it('a queued fault hits exactly the next N matching requests', async () => {
    assert.equal((await call('POST', '/__control/faults', { json: { path: '/rest/v1/sites/', count: 2, fault: 'status=500' } })).status, 200);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call('GET', '/rest/v1/sites/2001')).status);
    assert.deepEqual(statuses, [500, 500, 200]);
    assert.equal((await call('POST', '/__control/faults', { json: { path: '/x', fault: 'bogus' } })).status, 400);
  });
  it('logs each request (method, path, status) with token-info\'s token scrubbed', async () => {
    await call('DELETE', '/__control/requests');
    await call('GET', '/oauth2/token-info?client_id=12345&token=cs-demo-token');
    await call('GET', '/rest/v1/sites/2001', { token: DEMO });
    const log = (await call('GET', '/__control/requests')).json;
    assert.deepEqual(log.map((e: { method: string; path: string; status: number; authorized: boolean }) => [e.method, e.path, e.status, e.authorized]), [
      ['GET', '/oauth2/token-info?client_id=12345&token=***', 200, false],
      ['GET', '/rest/v1/sites/2001', 200, true],
    ]);
    assert.ok(!JSON.stringify(log).includes('cs-demo-token'));
  });
});
