/**
 * The loopback landing page's own script, in a real browser (Debian's Chromium through
 * playwright-core, as the e2e tests use it): after Approve or Deny on the reference service's
 * authorize page, the page reads its fragment or query, posts it to the loopback server under its
 * strict CSP, takes the token out of the address bar and shows the verdict.
 */
import * as assert from 'node:assert/strict';
import { chromium, type Browser } from 'playwright-core';
import { ContentSiteClient } from '../../src/api';
import { buildAuthorizeUrl } from '../../src/auth/authorizeUrl';
import { confirmToken, SignInError } from '../../src/auth/confirmToken';
import { startLoopbackServer } from '../../src/auth/loopbackServer';
import { SignInFlow } from '../../src/auth/signInFlow';
import { useClientAndService } from './setup';

const { svc, client } = useClientAndService({ retry: { maxTries: 1 } });

describe('Loopback sign-in page in Chromium', function () {
  this.timeout(60_000);
  let browser: Browser;
  before(async () => {
    const { CHROMIUM_ARGS, chromiumPath } = await import('../../scripts/editor.mjs');
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  });
  after(async () => browser?.close());

  async function signInThroughBrowser(button: '#approve' | '#deny') {
    const flow = new SignInFlow({
      verify: (a) =>
        confirmToken((token?: string): ContentSiteClient => client(token ?? null), a.token, { clientId: '12345', expiresIn: a.expiresIn }),
      confirmAccount: async () => false,
    });
    const pending = flow.start();
    const server = await startLoopbackServer({ port: 0, onAnswer: (c) => flow.handle(c), until: pending.result });
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    // (The browser's own favicon request is a 404 of the loopback server, as it should be.)
    page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(
      buildAuthorizeUrl({
        authorizeUrl: `${svc().url}/oauth2/authorize`,
        clientId: '12345',
        redirectUri: server.redirectUri,
        state: pending.state,
      }),
    );
    await page.click(button);
    await page.waitForSelector('body[data-result]');
    const shown = { result: await page.getAttribute('body', 'data-result'), message: await page.textContent('#msg'), url: page.url() };
    await context.close();
    await server.closed;
    return { shown, pending, server, errors };
  }

  it('Approve: the page hands the token over, says who is signed in, and the token leaves the address bar', async () => {
    const { shown, pending, server, errors } = await signInThroughBrowser('#approve');
    assert.deepEqual(shown, {
      result: 'signed-in',
      message: 'Signed in to VS Code as Demo Writer (demo). You can close this tab.',
      url: server.redirectUri,
    });
    assert.equal((await pending.result).user.login, 'demo');
    assert.deepEqual(errors, [], 'no CSP violation or script error');
  });

  it('Deny: the page shows the refusal and the sign-in ends', async () => {
    const { shown, pending } = await signInThroughBrowser('#deny');
    assert.deepEqual([shown.result, shown.message], ['refused', 'Sign-in was denied in the browser. You are still signed out.']);
    await assert.rejects(pending.result, SignInError);
  });
});
