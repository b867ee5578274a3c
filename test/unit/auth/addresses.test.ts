/** The authorize address a sign-in opens, and which service addresses may be used at all. */
import * as assert from 'node:assert/strict';
import { buildAuthorizeUrl } from '../../../src/auth/authorizeUrl';
import { checkServiceAddress, isLoopbackHost } from '../../../src/models/serviceAddress';

describe('The authorize address', () => {
  const base = { authorizeUrl: 'https://public-api.wordpress.com/oauth2/authorize', clientId: '12345', state: 'abc123' };
  it('carries client, redirect, response_type=token, scope global and the state', () => {
    const url = new URL(buildAuthorizeUrl({ ...base, redirectUri: 'vscode://contentsite.content-site/auth' }));
    assert.equal(`${url.origin}${url.pathname}`, 'https://public-api.wordpress.com/oauth2/authorize');
    assert.deepEqual(Object.fromEntries(url.searchParams), {
      client_id: '12345',
      redirect_uri: 'vscode://contentsite.content-site/auth',
      response_type: 'token',
      scope: 'global',
      state: 'abc123',
    });
  });
  it('keeps a redirect with its own query intact (the %26 inside stays encoded)', () => {
    const redirect = 'http://127.0.0.1:8080/callback?vscode-scheme=code-oss&vscode-authority=contentsite.content-site&vscode-path=%2Fauth';
    const text = buildAuthorizeUrl({ ...base, redirectUri: redirect });
    assert.ok(text.includes('vscode-scheme%3Dcode-oss%26vscode-authority%3D'), text);
    assert.equal(new URL(text).searchParams.get('redirect_uri'), redirect);
  });
  it('keeps the query the setting already has, and the loopback redirect', () => {
    const url = new URL(
      buildAuthorizeUrl({
        ...base,
        authorizeUrl: 'http://127.0.0.1:4000/oauth2/authorize?blog=2001',
        redirectUri: 'http://127.0.0.1:27183/content-site/callback',
      }),
    );
    assert.equal(url.searchParams.get('blog'), '2001');
    assert.equal(url.searchParams.get('redirect_uri'), 'http://127.0.0.1:27183/content-site/callback');
  });
  it('refuses an authorize page over plain http to another machine, a non-URL and a non-numeric client ID', () => {
    assert.throws(
      () => buildAuthorizeUrl({ ...base, authorizeUrl: 'http://public-api.wordpress.com/oauth2/authorize', redirectUri: 'x' }),
      /sign-in page \(contentSite\.oauth\.authorizeUrl\) must use https/,
    );
    assert.throws(() => buildAuthorizeUrl({ ...base, authorizeUrl: 'not a url', redirectUri: 'x' }), /"not a url" is not a valid URL/);
    assert.throws(
      () => buildAuthorizeUrl({ ...base, clientId: '12 345', redirectUri: 'x' }),
      /client ID must be a number \(setting contentSite\.oauth\.clientId; got "12 345"\)/,
    );
  });
});

describe('Which service addresses may be used (contentSite.apiBaseUrl)', () => {
  it('https anywhere, http only on loopback', () => {
    for (const ok of [
      'https://public-api.wordpress.com/rest',
      'https://example.org:8443/rest',
      'http://127.0.0.1:4000/rest',
      'http://localhost:4000/rest',
      'http://[::1]:4000/rest',
      'http://api.localhost/rest',
    ]) {
      assert.equal(checkServiceAddress(ok), undefined, ok);
    }
  });
  it('says what is wrong, with the address, for http elsewhere, other schemes and non-URLs', () => {
    assert.deepEqual(checkServiceAddress('http://public-api.wordpress.com/rest'), {
      template: 'The {0} must use https (http is allowed only for 127.0.0.1 and localhost): {1}',
      args: ['API address', 'http://public-api.wordpress.com/rest'],
      text: 'The API address must use https (http is allowed only for 127.0.0.1 and localhost): http://public-api.wordpress.com/rest',
    });
    assert.equal(
      checkServiceAddress('ftp://127.0.0.1/rest')?.text,
      'The API address must use https (http is allowed only for 127.0.0.1 and localhost): ftp://127.0.0.1/rest',
    );
    assert.equal(
      checkServiceAddress('public-api.wordpress.com/rest')?.text,
      'The API address "public-api.wordpress.com/rest" is not a valid URL.',
    );
    assert.ok(checkServiceAddress('http://127.0.0.1.evil.example/rest'), 'a name that only starts like loopback');
  });
  it('knows loopback host names', () => {
    assert.deepEqual(['127.0.0.1', 'localhost', '[::1]', 'a.localhost', 'localhost.example', '10.0.0.1'].map(isLoopbackHost), [
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
