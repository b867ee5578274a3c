import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { SECTION } from '../../src/settings';
import { fresh } from './harness';

const callback = (rest: string): vscode.Uri => vscode.Uri.parse(`${vscode.env.uriScheme}://contentsite.content-site/auth${rest}`);

describe('Sign-in in the extension host', () => {
  it('refuses a forged callback when no sign-in is pending, and stores nothing', async () => {
    const { svc, api } = await fresh();
    assert.equal(api.auth.handleUri(callback('#access_token=cs-demo-token&token_type=bearer&expires_in=3600')), false);
    assert.equal(api.auth.current(), undefined);
    assert.equal(svc.requests.filter((r) => r.path.startsWith('/oauth2/token-info')).length, 0, 'a forged token must not even be checked');
  });

  it('ignores links to other paths of the extension', async () => {
    const { api } = await fresh();
    assert.equal(
      api.auth.handleUri(vscode.Uri.parse(`${vscode.env.uriScheme}://contentsite.content-site/other#access_token=cs-demo-token`)),
      false,
    );
    assert.equal(api.auth.current(), undefined);
  });

  it('signs in with an access token checked against the service, never writing it to settings', async () => {
    const { svc, api } = await fresh();
    await api.auth.signInWithToken('cs-demo-token');
    assert.equal(api.auth.current()?.user.login, 'demo');
    assert.ok(svc.requests.some((r) => r.path === '/rest/v1.1/me' && r.status === 200));
    const settings = JSON.stringify(vscode.workspace.getConfiguration(SECTION));
    assert.ok(!settings.includes('cs-demo-token'), 'the token leaked into settings');
    await api.auth.signOut();
    assert.equal(api.auth.current(), undefined);
  });

  it('refuses a revoked token and stays signed out', async () => {
    const { api } = await fresh();
    await api.auth.signInWithToken('cs-revoked-token');
    assert.equal(api.auth.current(), undefined);
  });
});
