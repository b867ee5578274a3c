/**
 * What the client does when the network or the service misbehaves: GETs retried (503, 429, reset),
 * POSTs never replayed, unreadable answers, timeouts, cancellation, http_envelope, and the token
 * kept out of headers and logs. Retry settings are tiny so the tests stay quick; no timings are
 * asserted, only what the service saw and what the caller got.
 */
import * as assert from 'node:assert/strict';
import { ContentSiteClient, type ClientOptions, type ErrorKind, type RequestLogEntry } from '../../src/api';
import { SPECIAL_POSTS, type RunningService } from '../service';
import { caught as caughtError } from './helpers';
import { serviceLifecycle } from './setup';

let svc: RunningService;
const clients: ContentSiteClient[] = [];
const client = (extra: Partial<ClientOptions> = {}): ContentSiteClient => {
  const c = new ContentSiteClient({
    baseUrl: svc.restUrl,
    token: 'cs-demo-token',
    retry: { maxTries: 3, minDelayMs: 1, maxDelayMs: 20 },
    ...extra,
  });
  clients.push(c);
  return c;
};
const statuses = () => svc.requests.map((r) => r.status);

/** The call's ContentSiteError, whose sentences never hold the token. */
const caught = (p: Promise<unknown>) => caughtError(p, { without: 'cs-demo-token' });

const kindOf = async (p: Promise<unknown>): Promise<ErrorKind> => (await caught(p)).kind;

describe('Resilience against a misbehaving network and service', () => {
  serviceLifecycle((started) => (svc = started), clients);

  describe('GET retries', () => {
    it('503 twice then success: the caller gets the data, the service saw 3 requests', async () => {
      svc.queueFault({ path: '/rest/v1/sites/2001', count: 2, fault: 'status=503' });
      const site = await client().sites.get(2001);
      assert.deepEqual([site.ID, site.name], [2001, 'Demo Writing Desk']);
      assert.deepEqual(statuses(), [503, 503, 200]);
      assert.deepEqual(
        svc.requests.map((r) => r.fault),
        ['status=503', 'status=503', undefined],
      );
    });

    it('429 twice then success: 3 requests', async () => {
      svc.queueFault({ path: '/rest/v1/notifications/', count: 2, fault: 'ratelimit=0' });
      const page = await client().notifications.list({ number: 2 });
      assert.deepEqual(
        page.notes.map((n) => n.id),
        [60000, 60001],
      );
      assert.deepEqual(statuses(), [429, 429, 200]);
    });

    it('429 with Retry-After: 1 once: the client waits as asked (under maxDelayMs) and then gets the answer', async () => {
      svc.queueFault({ path: '/rest/v1.1/me', count: 1, fault: 'ratelimit=1' });
      assert.equal((await client({ retry: { maxTries: 3, minDelayMs: 1, maxDelayMs: 2000 } }).me()).username, 'demo');
      assert.deepEqual(statuses(), [429, 200]);
    });

    it('aborting while waiting out a Retry-After is kind cancelled, and no second request is sent', async () => {
      svc.queueFault({ path: '/rest/v1/read/tags', count: 1, fault: 'ratelimit=2' });
      const controller = new AbortController();
      const pending = client({ retry: { maxTries: 3, minDelayMs: 1, maxDelayMs: 3000 } }).reader.tags({}, { signal: controller.signal });
      while (svc.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
      controller.abort();
      assert.equal(await kindOf(pending), 'cancelled');
      assert.deepEqual(statuses(), [429]);
    });

    it('429 with a Retry-After longer than maxDelayMs: one request, kind rate_limited, retryAfter 7', async () => {
      svc.queueFault({ path: '/rest/v1/read/following/', count: 10, fault: 'ratelimit=7' });
      const e = await caught(client({ retry: { maxTries: 2, minDelayMs: 1, maxDelayMs: 10 } }).reader.following({ number: 2 }));
      assert.deepEqual(
        [e.kind, e.status, e.code, e.serviceMessage, e.retryAfter],
        ['rate_limited', 429, 'rate_limit_exceeded', 'Too many requests. Try again later.', 7],
      );
      assert.equal(e.userMessage, 'The service is busy and asked us to slow down. Try again in 7 s.');
      assert.deepEqual(statuses(), [429], 'a Retry-After longer than maxDelayMs is not retried');
    });

    it('503 until retries are exhausted: the last answer surfaces as kind api 503', async () => {
      svc.queueFault({ path: '/rest/v1/read/tags', count: 10, fault: 'status=503' });
      const e = await caught(client().reader.tags());
      assert.deepEqual(
        [e.kind, e.status, e.code, e.serviceMessage],
        ['api', 503, 'service_unavailable', 'The service is temporarily unavailable.'],
      );
      assert.equal(e.userMessage, 'The service is having trouble (HTTP 503). Try again in a moment.');
      assert.equal(svc.requests.length, 3);
    });

    it('maxTries 1 turns retrying off', async () => {
      svc.queueFault({ path: '/rest/v1/sites/', count: 1, fault: 'status=503' });
      assert.equal(await kindOf(client({ retry: { maxTries: 1 } }).sites.get(2001)), 'api');
      assert.equal(svc.requests.length, 1);
    });

    it('a 4xx is never retried', async () => {
      await caught(client().sites.get(9999));
      assert.deepEqual(statuses(), [404]);
    });

    it('a reset connection on a GET is retried and answered', async () => {
      svc.queueFault({ path: '/rest/v1/insights', count: 1, fault: 'reset' });
      const list = await client().insights.list();
      assert.equal(list.insights.length, 3);
      assert.equal(svc.requests.length, 2);
      assert.equal(svc.requests[0].fault, 'reset');
    });

    it('a reset on every try surfaces as kind network', async () => {
      svc.queueFault({ path: '/rest/v1/insights', count: 10, fault: 'reset' });
      const e = await caught(client().insights.list());
      assert.equal(e.kind, 'network');
      assert.equal(svc.requests.length, 3);
    });
  });

  describe('POST is never replayed', () => {
    it('restore after a 503: one request, the error surfaced, the post still in the trash', async () => {
      svc.queueFault({ method: 'POST', path: '/rest/v1.1/sites/2001/posts/200/restore', count: 5, fault: 'status=503' });
      const e = await caught(client().posts.restore(2001, 200));
      assert.deepEqual([e.kind, e.status, e.code], ['api', 503, 'service_unavailable']);
      assert.equal(svc.requests.length, 1);
      assert.equal(svc.requests[0].method, 'POST');
      assert.equal(svc.world().posts.get(200)!.status, 'trash');
      const trash = await client().posts.trashed(2001, { number: 100 });
      assert.ok(
        trash.posts.some((p) => p.ID === 200),
        'still listed in the trash',
      );
    });

    it('restore after a reset connection: one request, kind network, the post still in the trash', async () => {
      svc.queueFault({ method: 'POST', path: '/rest/v1.1/sites/2001/posts/', count: 5, fault: 'reset' });
      assert.equal(await kindOf(client().posts.restore(2001, 200)), 'network');
      assert.equal(svc.requests.length, 1);
      assert.equal(svc.world().posts.get(200)!.status, 'trash');
    });

    it('restoreMany after a 429: one request, rate_limited, nothing restored', async () => {
      svc.queueFault({ method: 'POST', path: '/rest/v1.1/sites/2001/posts/restore', count: 5, fault: 'ratelimit=0' });
      assert.equal(await kindOf(client().posts.restoreMany(2001, [200, 201])), 'rate_limited');
      assert.equal(svc.requests.length, 1);
      assert.deepEqual([svc.world().posts.get(200)!.status, svc.world().posts.get(201)!.status], ['trash', 'trash']);
    });

    it('markRead after a reset: one request, the note still unread', async () => {
      svc.queueFault({ method: 'POST', path: '/rest/v1.1/notifications/read', count: 5, fault: 'reset' });
      assert.equal(await kindOf(client().notifications.markRead({ 60000: 1 })), 'network');
      assert.equal(svc.requests.length, 1);
      assert.equal((await client().notifications.list({ ids: [60000] })).notes[0].unread, 1);
    });
  });

  describe('unreadable answers are bad_response', () => {
    for (const fault of ['truncate', 'malformed']) {
      it(`${fault}: kind bad_response, not a crash and not retried`, async () => {
        svc.queueFault({ path: '/rest/v1/notifications/', count: 1, fault });
        const e = await caught(client().notifications.list());
        assert.equal(e.kind, 'bad_response');
        assert.equal(e.status, undefined);
        assert.match(e.userMessage, /^The service sent an answer the extension can't read \(the answer was not valid JSON\)/);
        assert.equal(svc.requests.length, 1);
      });
    }

    it('an HTML page with 200 is bad_response', async () => {
      svc.queueFault({ path: '/rest/v1.1/me', count: 1, fault: 'html=200' });
      const e = await caught(client().me());
      assert.equal(e.kind, 'bad_response');
      assert.match(e.userMessage, /an HTML page came back instead of JSON/);
    });

    it('a truncated restore answer (POST) is bad_response after one request', async () => {
      svc.queueFault({ method: 'POST', path: '/rest/v1.1/sites/2001/posts/200/restore', count: 1, fault: 'truncate' });
      assert.equal(await kindOf(client().posts.restore(2001, 200)), 'bad_response');
      assert.equal(svc.requests.length, 1);
    });

    it('an HTML 502 error page is retried; when it persists it surfaces with its status and a plain sentence', async () => {
      svc.queueFault({ path: '/rest/v1/sites/2001', count: 1, fault: 'html=502' });
      assert.equal((await client().sites.get(2001)).ID, 2001);
      assert.deepEqual(statuses(), [502, 200]);
      svc.reset();
      svc.queueFault({ path: '/rest/v1/sites/2001', count: 10, fault: 'html=502' });
      const e = await caught(client().sites.get(2001));
      assert.deepEqual([e.kind, e.status, e.code, e.serviceMessage], ['api', 502, undefined, undefined]);
      assert.equal(e.userMessage, 'The service is having trouble (HTTP 502, an error page came back). Try again in a moment.');
      assert.equal(svc.requests.length, 3);
    });
  });

  describe('timeouts and cancellation', () => {
    it('a slow answer past headersMs is kind timeout', async () => {
      svc.queueFault({ path: '/rest/v1/read/tags', count: 5, fault: 'latency=1500' });
      const e = await caught(client({ timeouts: { headersMs: 100 }, retry: { maxTries: 1 } }).reader.tags());
      assert.equal(e.kind, 'timeout');
      assert.equal(e.code, 'UND_ERR_HEADERS_TIMEOUT');
      assert.equal(e.userMessage, 'The service took too long to answer. Check your connection and try again.');
    });

    it('aborting an AbortSignal mid-request is kind cancelled', async () => {
      svc.queueFault({ path: '/rest/v1/read/tags', count: 1, fault: 'latency=1500' });
      const controller = new AbortController();
      const pending = client().reader.tags({}, { signal: controller.signal });
      setTimeout(() => controller.abort(), 30);
      const e = await caught(pending);
      assert.equal(e.kind, 'cancelled');
      assert.equal(e.userMessage, 'The request was cancelled.');
    });

    it('an already aborted signal is kind cancelled and sends nothing', async () => {
      const controller = new AbortController();
      controller.abort();
      assert.equal(await kindOf(client().posts.restore(2001, 200, { signal: controller.signal })), 'cancelled');
      assert.equal(await kindOf(client().reader.following({}, { signal: controller.signal })), 'cancelled');
      assert.equal(svc.requests.length, 0);
      assert.equal(svc.world().posts.get(200)!.status, 'trash');
    });
  });

  describe('http_envelope', () => {
    it('the client option asks every request for the envelope and unwraps the data', async () => {
      const api = client({ httpEnvelope: true });
      assert.equal((await api.sites.get(2004)).jetpack, true);
      assert.deepEqual(
        (await api.reader.tags()).tags.map((t) => t.slug),
        ['writing', 'editing', 'poetry'],
      );
      assert.ok(
        svc.requests.every((r) => /[?&]http_envelope=1(&|$)/.test(r.path)),
        svc.requests.map((r) => r.path).join(' '),
      );
      assert.deepEqual(statuses(), [200, 200]);
    });

    it('errors inside the envelope still surface with the real status, identifier and message', async () => {
      const api = client({ httpEnvelope: true });
      const e = await caught(api.posts.restore(2001, SPECIAL_POSTS.contributorPublished));
      assert.deepEqual([e.kind, e.status, e.code, e.serviceMessage], ['api', 403, 'unauthorized', 'Assigned author cannot publish post.']);
      assert.deepEqual(statuses(), [200], 'the HTTP status was 200');
      assert.equal(svc.world().posts.get(SPECIAL_POSTS.contributorPublished)!.status, 'trash');
      const auth = await caught(client({ httpEnvelope: true, token: 'cs-expired-token' }).me());
      assert.deepEqual([auth.kind, auth.status, auth.code], ['auth', 401, 'invalid_token']);
    });

    it('per call: http_envelope on one request only', async () => {
      const api = client();
      const site = await api.sites.get(2001, { http_envelope: true });
      assert.equal(site.name, 'Demo Writing Desk');
      const e = await caught(api.sites.get(9999, { http_envelope: true }));
      assert.deepEqual([e.kind, e.status, e.code], ['api', 404, 'unknown_blog']);
      assert.ok(svc.requests.every((r) => r.path.includes('http_envelope=1')));
    });
  });

  describe('the token', () => {
    it('a token function returning undefined sends no Authorization header', async () => {
      const site = await client({ token: () => undefined }).sites.get(2001);
      assert.equal(site.ID, 2001);
      assert.deepEqual(
        svc.requests.map((r) => r.authorized),
        [false],
      );
    });

    it('an async token function is asked on every request (a new token is used at once)', async () => {
      let current: string | undefined = 'cs-demo-token';
      let asked = 0;
      const api = client({
        token: async () => {
          asked += 1;
          return current;
        },
      });
      assert.equal((await api.me()).username, 'demo');
      current = 'cs-ann-token';
      assert.equal((await api.me()).username, 'ann');
      current = undefined;
      const e = await caught(api.notifications.markRead({ 60000: 1 }));
      assert.deepEqual([e.kind, e.code], ['auth', 'authorization_required']);
      assert.deepEqual(
        svc.requests.map((r) => r.authorized),
        [true, true, false],
      );
      assert.equal(asked, 3);
    });

    it('the onRequest log hook never sees the token, token-info query scrubbed included', async () => {
      const log: RequestLogEntry[] = [];
      const api = client({ onRequest: (e) => log.push(e) });
      await api.tokenInfo('12345', 'cs-demo-token');
      await api.me();
      await caught(api.tokenInfo('12345', 'cs-other-client-token'));
      svc.queueFault({ path: '/rest/v1/sites/', count: 10, fault: 'reset' });
      await caught(api.sites.get(2001));
      assert.equal(log.length, 4);
      assert.deepEqual(
        log.map((e) => [e.method, e.path, e.status]),
        [
          ['GET', '/oauth2/token-info?client_id=12345&token=[redacted]', 200],
          ['GET', '/rest/v1.1/me', 200],
          ['GET', '/oauth2/token-info?client_id=12345&token=[redacted]', 400],
          ['GET', '/rest/v1/sites/2001', undefined],
        ],
      );
      assert.equal(log[3].error, 'UND_ERR_SOCKET');
      const dump = JSON.stringify(log);
      for (const secret of ['cs-demo-token', 'cs-other-client-token', 'Bearer'])
        assert.ok(!dump.includes(secret), `${secret} leaked into the log`);
      // tokenInfo authenticates with the token in the query, never the header
      assert.deepEqual(
        svc.requests.filter((r) => r.path.startsWith('/oauth2/')).map((r) => r.authorized),
        [false, false],
      );
    });

    it('a log hook that throws does not break the request', async () => {
      const api = client({
        onRequest: () => {
          throw new Error('broken logger');
        },
      });
      assert.equal((await api.me()).username, 'demo');
    });
  });
});
