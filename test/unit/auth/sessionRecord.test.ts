/** The one SecretStorage record: what is read back, what is refused, when it has expired. */
import * as assert from 'node:assert/strict';
import { isExpired, parseSession, serializeSession, type StoredSession } from '../../../src/auth/sessionRecord';

const record: StoredSession = {
  token: 'cs-demo-token',
  expiresAt: 2_000,
  user: { ID: 1001, login: 'demo', display_name: 'Demo Writer', avatar_URL: 'https://gravatar.example/a' },
};

describe('The stored session record', () => {
  it('round-trips through its text form', () => {
    assert.deepEqual(parseSession(serializeSession(record)), record);
    const noExpiry = { token: 't', user: { ID: 2, login: 'ed', display_name: 'Ed Itor' } };
    assert.deepEqual(parseSession(serializeSession(noExpiry)), noExpiry);
  });
  it('reads nothing from no record, broken JSON or a record of another shape (signed out, no throw)', () => {
    for (const text of [
      undefined,
      '',
      '{',
      'null',
      '[]',
      '"cs-demo-token"',
      JSON.stringify({ token: '', user: record.user }),
      JSON.stringify({ token: 't' }),
      JSON.stringify({ ...record, expiresAt: 'soon' }),
      JSON.stringify({ ...record, user: { ...record.user, ID: '1001' } }),
    ]) {
      assert.equal(parseSession(text), undefined, String(text));
    }
  });
  it('refuses each field of the wrong type, one at a time, and an empty token', () => {
    const bad: Array<[string, unknown]> = [
      ['token', 42],
      ['token', ''],
      ['expiresAt', null],
      ['user', null],
      ['user', []],
      ['user.ID', undefined],
      ['user.login', 7],
      ['user.display_name', undefined],
      ['user.avatar_URL', false],
    ];
    for (const [path, value] of bad) {
      const copy = JSON.parse(serializeSession(record)) as Record<string, Record<string, unknown>>;
      const [head, tail] = path.split('.');
      if (tail) copy[head][tail] = value;
      else copy[head] = value as Record<string, unknown>;
      assert.equal(parseSession(JSON.stringify(copy)), undefined, `${path} = ${JSON.stringify(value)}`);
    }
  });
  it("keeps only the record's own fields, dropping whatever else the stored JSON carried", () => {
    const extra = { ...record, refresh: 'x', user: { ...record.user, email: 'demo@example.blog' } };
    assert.deepEqual(parseSession(JSON.stringify(extra)), record);
  });
  it('has expired at its expiry, not a millisecond before; without one it never expires locally', () => {
    assert.equal(isExpired(record, 1_999), false);
    assert.equal(isExpired(record, 2_000), true);
    assert.equal(isExpired({ token: 't', user: record.user }, Number.MAX_SAFE_INTEGER), false);
  });
});
