/**
 * Signing in: the OAuth 2 implicit grant's authorize page, Approve and Deny redirects, forged
 * approvals, and token-info, as a desktop client and its user would meet them.
 */
import * as assert from 'node:assert/strict';
import { serviceFixture } from './reply';
import { SITES, USERS } from './index';

const CLIENT = '12345';
const REDIRECT = 'vscode://contentsite.content-site/auth';

const unescapeHtml = (s: string): string => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));

describe('Signing in with OAuth 2 (implicit grant)', () => {
  const fx = serviceFixture();

  const authorizeUrl = (q: Record<string, string>): string => `${fx.svc.url}/oauth2/authorize?${new URLSearchParams(q)}`;
  const openPage = async (q: Record<string, string>): Promise<{ status: number; type: string; html: string }> => {
    const res = await fetch(authorizeUrl(q));
    return { status: res.status, type: res.headers.get('content-type') ?? '', html: await res.text() };
  };
  /** The hidden fields of the page's form, as a browser would submit them. */
  const hiddenFields = (html: string): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) out[m[1]] = unescapeHtml(m[2]);
    return out;
  };
  const submit = async (fields: Record<string, string>): Promise<{ status: number; location: string | null; html: string }> => {
    const res = await fetch(`${fx.svc.url}/oauth2/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: res.status, location: res.headers.get('location'), html: await res.text() };
  };
  const standard = { client_id: CLIENT, redirect_uri: REDIRECT, response_type: 'token', state: 'st-42', scope: 'global' };

  describe('GET /oauth2/authorize', () => {
    it('renders an HTML page with Approve and Deny for client 12345, addressed to the demo user', async () => {
      const page = await openPage(standard);
      assert.equal(page.status, 200);
      assert.equal(page.type, 'text/html; charset=utf-8');
      assert.match(page.html, /<title>Connect Content Site for VS Code<\/title>/);
      assert.match(page.html, /<button type="submit" name="action" value="approve" id="approve">Approve<\/button>/);
      assert.match(page.html, /<button type="submit" name="action" value="deny" id="deny">Deny<\/button>/);
      assert.match(page.html, /Demo Writer/);
      const hidden = hiddenFields(page.html);
      assert.deepEqual(Object.keys(hidden).sort(), ['client_id', 'nonce', 'redirect_uri', 'scope', 'state']);
      assert.equal(hidden.client_id, CLIENT);
      assert.equal(hidden.redirect_uri, REDIRECT);
      assert.equal(hidden.state, 'st-42');
      assert.match(hidden.nonce, /^[0-9a-f]{24}$/);
    });
    it('an unknown client_id is 400', async () => {
      const page = await openPage({ ...standard, client_id: '424242' });
      assert.equal(page.status, 400);
      assert.match(page.html, /<title>Invalid client<\/title>/);
      assert.doesNotMatch(page.html, /Approve/);
    });
    it('a redirect_uri that is not registered is 400, also when it differs only by a trailing slash', async () => {
      for (const uri of ['vscode://someone-else/auth', `${REDIRECT}/`, 'https://evil.example/auth']) {
        const page = await openPage({ ...standard, redirect_uri: uri });
        assert.equal(page.status, 400, uri);
        assert.match(page.html, /<title>Invalid redirect_uri<\/title>/);
        assert.doesNotMatch(page.html, /Approve/);
      }
    });
    it('the other registered redirect (code-oss://…) is accepted', async () => {
      assert.equal((await openPage({ ...standard, redirect_uri: 'code-oss://contentsite.content-site/auth' })).status, 200);
    });
    it('a response_type other than token is 400', async () => {
      const page = await openPage({ ...standard, response_type: 'code' });
      assert.equal(page.status, 400);
      assert.match(page.html, /Unsupported response type/);
    });
  });

  describe('POST /oauth2/authorize (the user decides)', () => {
    it('Approve → 302 to redirect_uri#access_token=…&expires_in=64800&token_type=bearer&site_id=…&state=…, and the token works on /me', async () => {
      const fields = hiddenFields((await openPage(standard)).html);
      const r = await submit({ ...fields, action: 'approve' });
      assert.equal(r.status, 302);
      assert.ok(r.location, 'a Location header');
      const [base, fragment] = r.location.split('#');
      assert.equal(base, REDIRECT);
      const f = new URLSearchParams(fragment);
      assert.match(f.get('access_token') ?? '', /^cs-oauth-[0-9a-f]{32}$/);
      assert.equal(f.get('expires_in'), '64800');
      assert.equal(f.get('token_type'), 'bearer');
      assert.equal(f.get('site_id'), String(SITES.demo));
      assert.equal(f.get('state'), 'st-42');
      const me = await fetch(`${fx.svc.url}/rest/v1.1/me`, { headers: { authorization: `Bearer ${f.get('access_token')}` } });
      assert.equal(me.status, 200);
      const body = (await me.json()) as { ID: number; username: string };
      assert.equal(body.ID, USERS.demo);
      assert.equal(body.username, 'demo');
    });
    it('the new token is confirmed by token-info for client 12345 with the approved scope and blog', async () => {
      const fields = hiddenFields((await openPage({ ...standard, blog: String(SITES.selfHosted) })).html);
      const r = await submit({ ...fields, action: 'approve' });
      const f = new URLSearchParams(r.location!.split('#')[1]);
      assert.equal(f.get('site_id'), String(SITES.selfHosted));
      const info = await fetch(`${fx.svc.url}/oauth2/token-info?client_id=${CLIENT}&token=${f.get('access_token')}`);
      assert.equal(info.status, 200);
      assert.deepEqual(await info.json(), {
        client_id: CLIENT,
        user_id: String(USERS.demo),
        blog_id: String(SITES.selfHosted),
        scope: 'global',
      });
    });
    it('Deny → 302 to redirect_uri?error=access_denied (query, not fragment), no token', async () => {
      const fields = hiddenFields((await openPage(standard)).html);
      const r = await submit({ ...fields, action: 'deny' });
      assert.equal(r.status, 302);
      assert.equal(r.location, `${REDIRECT}?error=access_denied&state=st-42`);
      assert.equal(r.location!.includes('#'), false);
      assert.equal(r.location!.includes('access_token'), false);
    });
    it('a forged nonce, a missing nonce, and a nonce used twice are 400 with no redirect', async () => {
      const fields = hiddenFields((await openPage(standard)).html);
      for (const nonce of ['deadbeefdeadbeefdeadbeef', '']) {
        const forged = await submit({ ...fields, nonce, action: 'approve' });
        assert.equal(forged.status, 400, nonce);
        assert.equal(forged.location, null);
        assert.match(forged.html, /<title>Expired form<\/title>/);
      }
      const { nonce: _nonce, ...withoutNonce } = fields;
      const missing = await submit({ ...withoutNonce, action: 'approve' });
      assert.equal(missing.status, 400);
      assert.equal(missing.location, null);
      assert.equal((await submit({ ...fields, action: 'approve' })).status, 302);
      const replay = await submit({ ...fields, action: 'approve' });
      assert.equal(replay.status, 400);
      assert.equal(replay.location, null);
    });
    it('a genuine nonce with a swapped redirect_uri is 400, no redirect', async () => {
      const fields = hiddenFields((await openPage(standard)).html);
      const r = await submit({ ...fields, redirect_uri: 'https://evil.example/auth', action: 'approve' });
      assert.equal(r.status, 400);
      assert.equal(r.location, null);
    });
  });

  describe('Loopback redirects (a native app on 127.0.0.1, any port)', () => {
    const LOOPBACK = 'http://127.0.0.1:27183/content-site/callback';
    it('client 12345 accepts http://127.0.0.1:<any port>/content-site/callback', async () => {
      for (const port of ['27183', '1', '40111', '65535']) {
        assert.equal((await openPage({ ...standard, redirect_uri: `http://127.0.0.1:${port}/content-site/callback` })).status, 200, port);
      }
    });
    it('anything else about the URL must match: host, scheme, path, trailing slash, query, user, port range; and client 99999 has none', async () => {
      for (const uri of [
        'http://localhost:27183/content-site/callback',
        'http://127.0.0.2:27183/content-site/callback',
        'https://127.0.0.1:27183/content-site/callback',
        'http://127.0.0.1:27183/content-site/callback/',
        'http://127.0.0.1:27183/content-site/other',
        'http://127.0.0.1:27183/content-site/callback?x=1',
        'http://evil@127.0.0.1:27183/content-site/callback',
        'http://127.0.0.1.evil.example:27183/content-site/callback',
        'http://127.0.0.1:70000/content-site/callback',
      ]) {
        assert.equal((await openPage({ ...standard, redirect_uri: uri })).status, 400, uri);
      }
      assert.equal((await openPage({ ...standard, client_id: '99999', redirect_uri: LOOPBACK })).status, 400);
    });
    it('Approve answers in the fragment, exactly as for a registered URL; Deny in the query', async () => {
      const approved = await submit({ ...hiddenFields((await openPage({ ...standard, redirect_uri: LOOPBACK })).html), action: 'approve' });
      const [base, fragment] = approved.location!.split('#');
      assert.equal(base, LOOPBACK);
      const f = new URLSearchParams(fragment);
      assert.deepEqual([f.get('token_type'), f.get('expires_in'), f.get('state')], ['bearer', '64800', 'st-42']);
      assert.match(f.get('access_token') ?? '', /^cs-oauth-/);
      const denied = await submit({ ...hiddenFields((await openPage({ ...standard, redirect_uri: LOOPBACK })).html), action: 'deny' });
      assert.equal(denied.location, `${LOOPBACK}?error=access_denied&state=st-42`);
    });
  });

  describe('GET /oauth2/token-info', () => {
    it('a valid token of the right client → {client_id, user_id, blog_id, scope}', async () => {
      const res = await fetch(`${fx.svc.url}/oauth2/token-info?client_id=${CLIENT}&token=cs-demo-token`);
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { client_id: CLIENT, user_id: String(USERS.demo), blog_id: String(SITES.demo), scope: 'global' });
      const rita = await fetch(`${fx.svc.url}/oauth2/token-info?client_id=${CLIENT}&token=cs-rita-token`);
      assert.deepEqual(await rita.json(), {
        client_id: CLIENT,
        user_id: String(USERS.rita),
        blog_id: String(SITES.restricted),
        scope: 'global',
      });
    });
    for (const [name, token, client] of [
      ['a token of another client (cs-other-client-token asked as 12345)', 'cs-other-client-token', CLIENT],
      ['an expired token', 'cs-expired-token', CLIENT],
      ['a revoked token', 'cs-revoked-token', CLIENT],
      ['an unknown token', 'cs-nobody-token', CLIENT],
      ['a demo token asked as client 99999', 'cs-demo-token', '99999'],
    ] as const) {
      it(`${name} → 400 invalid_token`, async () => {
        const res = await fetch(`${fx.svc.url}/oauth2/token-info?client_id=${client}&token=${token}`);
        assert.equal(res.status, 400);
        assert.deepEqual(await res.json(), { error: 'invalid_token', message: 'The OAuth2 token is invalid.' });
      });
    }
    it('cs-other-client-token is valid for its own client 99999', async () => {
      const res = await fetch(`${fx.svc.url}/oauth2/token-info?client_id=99999&token=cs-other-client-token`);
      assert.equal(res.status, 200);
      assert.equal(((await res.json()) as { client_id: string }).client_id, '99999');
    });
    it('without client_id or token → 400 invalid_request', async () => {
      const res = await fetch(`${fx.svc.url}/oauth2/token-info?token=cs-demo-token`);
      assert.equal(res.status, 400);
      assert.deepEqual(await res.json(), { error: 'invalid_request', message: 'client_id and token are required.' });
    });
  });
});
