/**
 * The loopback sign-in in a real VS Code (issue 11): an editor of its own whose settings choose
 * `contentSite.oauth.redirect: loopback` from the start (code-server here does not pick up a
 * settings.json changed while it runs, so the main run, which signs in through the URI handler,
 * cannot switch). Screenshots go to artifacts/e2e/loopback/.
 */
import * as assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { SETTINGS } from '../../src/settings';
import { answerInBrowser, openEditor, signInButton } from './session';
import { useEditor } from './setup';

const ARTIFACTS = resolve(__dirname, '../../artifacts/e2e/loopback');

describe('Loopback sign-in in a real VS Code (code-server + Chromium)', function () {
  let loopbackPort = 0;

  const editor = useEditor({
    clear: ARTIFACTS,
    open: async (browser) => {
      const { freePort } = await import('../../scripts/editor.mjs');
      // A port free now; the reference service accepts its loopback redirect on any port.
      loopbackPort = await freePort();
      return openEditor(browser, ARTIFACTS, {
        [SETTINGS.redirect.id]: 'loopback',
        [SETTINGS.loopbackPort.id]: loopbackPort,
      });
    },
  });

  it('Sign In, Approve, the 127.0.0.1 page hands the token back, the views fill; Sign Out', async () => {
    const { demo, wb } = editor.session();
    const oauthTokens = () => [...demo.svc.world().tokens.values()].filter((t) => t.token.startsWith('cs-oauth-') && !t.revoked).length;
    await signInButton(wb).waitFor();
    assert.equal(oauthTokens(), 0);
    const landed = await answerInBrowser(editor.session(), 'approve', ARTIFACTS, 'authorize-loopback');
    const redirect = `http://127.0.0.1:${loopbackPort}/content-site/callback`;
    assert.ok(landed.url().startsWith(redirect), `the browser landed on ${landed.url()}`);
    await landed.locator('body[data-result="signed-in"]').waitFor();
    assert.doesNotMatch(landed.url(), /access_token/, 'the page took the token out of the address bar');
    await landed.screenshot({ path: join(ARTIFACTS, 'loopback-page.png') });
    await landed.close();
    const authorize = demo.svc.requests.find((r) => r.path.startsWith('/oauth2/authorize'));
    assert.ok(
      authorize?.path.includes(`redirect_uri=${encodeURIComponent(redirect)}`),
      `the authorize request named the loopback server: ${authorize?.path}`,
    );

    await wb.row('Notifications', 'Maya Lin commented on Morning pages').waitFor();
    assert.equal(oauthTokens(), 1, 'one token was issued');
    assert.ok(
      demo.svc.requests.some((r) => r.path.startsWith('/oauth2/token-info') && r.status === 200),
      'the token was confirmed with token-info',
    );
    await wb.shot('signed-in-loopback');

    // The one-shot server is gone once the sign-in ended.
    await assert.rejects(fetch(redirect), 'the loopback server still answers');
    await wb.command('Content Site: Sign Out');
    await signInButton(wb).waitFor();
  });
});
