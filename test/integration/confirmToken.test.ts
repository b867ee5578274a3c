/** A token is stored only after the service confirms it belongs to this client and to a user. */
import * as assert from 'node:assert/strict';
import { confirmToken, SignInError } from '../../src/auth/confirmToken';
import { ContentSiteClient } from '../../src/api';
import { useClientAndService } from './setup';

const { svc } = useClientAndService();
const factory = (token?: string) => new ContentSiteClient({ baseUrl: svc().restUrl, token, retry: { maxTries: 1 } });

describe('Confirming a token before it is stored', () => {
  it('confirms a token of this client and reads the user', async () => {
    const session = await confirmToken(factory, 'cs-demo-token', { clientId: '12345', expiresIn: 64800, nowMs: 1_000 });
    assert.deepEqual(session.user, {
      ID: 1001,
      login: 'demo',
      display_name: 'Demo Writer',
      avatar_URL: 'https://gravatar.example/avatar/demo?s=96',
    });
    assert.equal(session.expiresAt, 1_000 + 64800 * 1000);
  });
  it('refuses a token issued to another application, an expired one and a revoked one', async () => {
    for (const token of ['cs-other-client-token', 'cs-expired-token', 'cs-revoked-token']) {
      await assert.rejects(
        confirmToken(factory, token, { clientId: '12345' }),
        (e: unknown) => e instanceof SignInError && /refused/.test(e.userMessage) && !e.userMessage.includes(token),
        token,
      );
    }
  });
  it('without a client id (access-token sign-in) checks the token with /me only', async () => {
    const session = await confirmToken(factory, 'cs-ed-token', {});
    assert.equal(session.user.login, 'ed');
    assert.ok(!svc().requests.some((r) => r.path.startsWith('/oauth2/token-info')));
  });
});
