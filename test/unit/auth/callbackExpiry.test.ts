/** expires_in from a sign-in answer: whole seconds from 1 to a year, nothing absurd stored. */
import * as assert from 'node:assert/strict';
import { MAX_EXPIRES_IN_S, parseCallback } from '../../../src/auth/callback';
import { confirmToken } from '../../../src/auth/confirmToken';
import { isExpired } from '../../../src/auth/sessionRecord';

const expiry = (value: string) => parseCallback('', `access_token=abcdefgh123&token_type=bearer&expires_in=${encodeURIComponent(value)}`);

describe('expires_in bounds', () => {
  it('the maximum is one year, in seconds', () => {
    assert.equal(MAX_EXPIRES_IN_S, 31_536_000);
  });
  it("accepts 1, the service's 64800, two weeks and exactly the maximum", () => {
    for (const value of [1, 64800, 14 * 86400, MAX_EXPIRES_IN_S]) {
      assert.deepEqual(expiry(String(value)), { kind: 'token', token: 'abcdefgh123', expiresIn: value, state: undefined }, String(value));
    }
  });
  it('refuses 0, negative, non-integer, other spellings, one past the maximum and huge values', () => {
    for (const value of [
      '0',
      '-1',
      '-64800',
      '1.5',
      '64800.0',
      '1e3',
      '+5',
      ' 5',
      '0x10',
      'abc',
      '',
      String(MAX_EXPIRES_IN_S + 1),
      '99999999999999999999',
      'Infinity',
    ]) {
      const result = expiry(value);
      assert.equal(result.kind, 'invalid', JSON.stringify(value));
      assert.equal(
        result.kind === 'invalid' && result.reason,
        'The sign-in answer carried an invalid expiry (it must be from 1 second to 1 year).',
      );
    }
  });
  it('the longest accepted expiry is a real date that comes', async () => {
    const me = { ID: 1, username: 'demo', display_name: 'Demo Writer' };
    const fake = () => ({ me: async () => me }) as never;
    const now = Date.UTC(2026, 0, 1);
    const session = await confirmToken(fake, 'abcdefgh123', { expiresIn: MAX_EXPIRES_IN_S, nowMs: now });
    assert.equal(new Date(session.expiresAt!).toISOString(), '2027-01-01T00:00:00.000Z');
    assert.equal(isExpired(session, now + MAX_EXPIRES_IN_S * 1000 - 1), false);
    assert.equal(isExpired(session, now + MAX_EXPIRES_IN_S * 1000), true);
  });
});
