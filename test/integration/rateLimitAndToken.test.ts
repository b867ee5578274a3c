/**
 * A Retry-After longer than the client will wait is honoured by not retrying (the service sees one
 * request and the caller gets rate_limited with retryAfter); a shorter one is waited out. A token
 * source that throws is a typed auth error and nothing is sent.
 */
import * as assert from 'node:assert/strict';
import { ContentSiteClient } from '../../src/api';
import { TOKEN_UNAVAILABLE } from '../../src/api/errors';
import { caught } from './helpers';
import { restRequests, useClientAndService } from './setup';

const { svc, client, log } = useClientAndService();

describe('Retry-After longer than the client waits', () => {
  it('Retry-After: 120 with the default retry settings: one request, rate_limited, retryAfter 120 and when to try again', async () => {
    svc().queueFault({ path: '/rest/v1/read/following/', count: 5, fault: 'ratelimit=120' });
    const started = Date.now();
    const e = await caught(client('cs-demo-token', { retry: {} }).reader.following({ number: 2 }));
    const ms = Date.now() - started;
    assert.deepEqual([e.kind, e.status, e.retryAfter], ['rate_limited', 429, 120]);
    assert.equal(e.userMessage, 'The service is busy and asked us to slow down. Try again in 120 s.');
    assert.deepEqual(
      restRequests(svc()).map((r) => r.status),
      [429],
      'no retry inside the window the service asked for',
    );
    assert.ok(ms < 5_000, `gave up at once instead of waiting (${ms} ms)`);
  });

  it('just over maxDelayMs is not retried; exactly maxDelayMs is waited out and retried', async () => {
    svc().queueFault({ path: '/rest/v1/sites/2001', count: 1, fault: 'ratelimit=1' });
    const over = await caught(client('cs-demo-token', { retry: { maxTries: 3, minDelayMs: 1, maxDelayMs: 999 } }).sites.get(2001));
    assert.deepEqual([over.kind, over.retryAfter], ['rate_limited', 1]);
    assert.deepEqual(
      restRequests(svc()).map((r) => r.status),
      [429],
    );
    svc().reset();
    svc().queueFault({ path: '/rest/v1/sites/2001', count: 1, fault: 'ratelimit=1' });
    const site = await client('cs-demo-token', { retry: { maxTries: 3, minDelayMs: 1, maxDelayMs: 1000 } }).sites.get(2001);
    assert.equal(site.ID, 2001);
    assert.deepEqual(
      restRequests(svc()).map((r) => r.status),
      [429, 200],
    );
  });
});

describe('A token source that fails', () => {
  for (const [name, source] of [
    [
      'throws',
      () => {
        throw new TypeError('keyring: secret cs-leaked-secret unavailable');
      },
    ],
    ['rejects', () => Promise.reject(new Error('keyring: secret cs-leaked-secret unavailable'))],
  ] as const) {
    it(`${name}: a typed auth error with a sentence, nothing sent, no trace of what it threw`, async () => {
      const api: ContentSiteClient = client(source);
      const e = await caught(api.me());
      assert.deepEqual([e.kind, e.code, e.status], ['auth', TOKEN_UNAVAILABLE, undefined]);
      assert.equal(
        e.userMessage,
        "Couldn't read your sign-in from the editor's secret storage, so nothing was sent. Try again; if it keeps failing, check that your system keyring is available, or sign in again.",
      );
      assert.equal(e.request, 'GET /rest/v1.1/me');
      for (const text of [e.message, e.userMessage, String(e.cause ?? '')]) assert.ok(!text.includes('cs-leaked-secret'), text);
      assert.deepEqual(restRequests(svc()), [], 'the service saw nothing');
      assert.deepEqual(
        log.map((l) => [l.method, l.path, l.error]),
        [['GET', '/rest/v1.1/me', 'auth']],
      );
    });
  }
});
