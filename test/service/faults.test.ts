/**
 * Fault injection as a client experiences it (slow, failing, broken and rate-limited answers), the
 * queued faults of /__control/faults, and the request log of /__control/requests.
 */
import * as assert from 'node:assert/strict';
import { serviceFixture } from './reply';
import { SITES } from './index';

const DEMO = 'cs-demo-token';

describe('Faults and the request log', () => {
  const fx = serviceFixture();

  const send = (method: string, path: string, opts: { token?: string; fault?: string; form?: string } = {}): Promise<Response> => {
    const headers: Record<string, string> = {};
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.fault) headers['x-fault'] = opts.fault;
    if (opts.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    return fetch(`${fx.svc.url}${path}`, { method, headers, body: opts.form });
  };
  const postStatus = async (id: number): Promise<string> => {
    const res = await send('GET', `/rest/v1.1/sites/${SITES.demo}/posts/${id}?fields=status`, { token: DEMO });
    assert.equal(res.status, 200);
    return ((await res.json()) as { status: string }).status;
  };
  const log = async (): Promise<
    Array<{ method: string; path: string; status: number; fault?: string; authorized: boolean; bodyKeys?: string[] }>
  > => {
    const res = await fetch(`${fx.svc.url}/__control/requests`);
    assert.equal(res.status, 200);
    return res.json() as never;
  };

  describe('X-Fault on one request', () => {
    it('latency=150 still answers correctly', async () => {
      const res = await send('GET', `/rest/v1/sites/${SITES.demo}`, { fault: 'latency=150' });
      assert.equal(res.status, 200);
      assert.equal(((await res.json()) as { ID: number }).ID, SITES.demo);
    });
    it('status=503 answers a JSON error body', async () => {
      const res = await send('GET', '/rest/v1/notifications/', { token: DEMO, fault: 'status=503' });
      assert.equal(res.status, 503);
      assert.equal(res.headers.get('content-type'), 'application/json');
      assert.deepEqual(await res.json(), { error: 'service_unavailable', message: 'The service is temporarily unavailable.' });
    });
    it('status=503 on a POST restore changes nothing: the post stays in the trash', async () => {
      const res = await send('POST', `/rest/v1.1/sites/${SITES.demo}/posts/200/restore`, { token: DEMO, fault: 'status=503' });
      assert.equal(res.status, 503);
      assert.equal(await postStatus(200), 'trash');
      const again = await send('POST', `/rest/v1.1/sites/${SITES.demo}/posts/200/restore`, { token: DEMO });
      assert.equal(again.status, 200);
      assert.equal(await postStatus(200), 'publish');
    });
    it('html=502 answers an HTML error page', async () => {
      const res = await send('GET', `/rest/v1/sites/${SITES.demo}`, { fault: 'html=502' });
      assert.equal(res.status, 502);
      assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
      const text = await res.text();
      assert.match(text, /^<!DOCTYPE html>/);
      assert.match(text, /<h1>Error 502<\/h1>/);
      assert.throws(() => JSON.parse(text));
    });
    it('reset destroys the connection: fetch rejects', async () => {
      await assert.rejects(send('GET', `/rest/v1/sites/${SITES.demo}`, { fault: 'reset' }));
      const after = await send('GET', `/rest/v1/sites/${SITES.demo}`);
      assert.equal(after.status, 200);
    });
    it('reset on a POST restore changes nothing', async () => {
      await assert.rejects(send('POST', `/rest/v1.1/sites/${SITES.demo}/posts/201/restore`, { token: DEMO, fault: 'reset' }));
      assert.equal(await postStatus(201), 'trash');
    });
    it('truncate answers half the JSON: status 200, body not parseable', async () => {
      const full = await (await send('GET', `/rest/v1/sites/${SITES.demo}`)).text();
      const res = await send('GET', `/rest/v1/sites/${SITES.demo}`, { fault: 'truncate' });
      assert.equal(res.status, 200);
      const text = await res.text();
      assert.equal(text, full.slice(0, Math.floor(full.length / 2)));
      assert.throws(() => JSON.parse(text), SyntaxError);
    });
    it('malformed answers a body that is not JSON, labelled application/json', async () => {
      const res = await send('GET', '/rest/v1/notifications/', { token: DEMO, fault: 'malformed' });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'application/json');
      const text = await res.text();
      assert.equal(text, '{"notes": [ this is not json');
      assert.throws(() => JSON.parse(text), SyntaxError);
    });
    it('ratelimit=7 answers 429 with Retry-After: 7', async () => {
      const res = await send('GET', '/rest/v1/read/following/', { token: DEMO, fault: 'ratelimit=7' });
      assert.equal(res.status, 429);
      assert.equal(res.headers.get('retry-after'), '7');
      assert.deepEqual(await res.json(), { error: 'rate_limit_exceeded', message: 'Too many requests. Try again later.' });
    });
    it('faults combine: latency=50,status=500', async () => {
      const res = await send('GET', `/rest/v1/sites/${SITES.demo}`, { fault: 'latency=50,status=500' });
      assert.equal(res.status, 500);
      assert.deepEqual(await res.json(), { error: 'internal_error', message: 'An internal error occurred.' });
    });
    it('applied,status=500 on a POST restore: the service restores the post, then answers 500 as if it had not', async () => {
      const res = await send('POST', `/rest/v1.1/sites/${SITES.demo}/posts/200/restore`, { token: DEMO, fault: 'applied,status=500' });
      assert.equal(res.status, 500);
      assert.deepEqual(await res.json(), { error: 'internal_error', message: 'An internal error occurred.' });
      assert.equal(await postStatus(200), 'publish', 'applied');
    });
    it('applied,html=502 applies, then answers an HTML error page; applied,reset applies, then drops the connection', async () => {
      const res = await send('POST', `/rest/v1.1/sites/${SITES.demo}/posts/200/restore`, { token: DEMO, fault: 'applied,html=502' });
      assert.equal(res.status, 502);
      assert.match(await res.text(), /<h1>Error 502<\/h1>/);
      assert.equal(await postStatus(200), 'publish');
      await assert.rejects(send('POST', `/rest/v1.1/sites/${SITES.demo}/posts/201/restore`, { token: DEMO, fault: 'applied,reset' }));
      assert.notEqual(await postStatus(201), 'trash', 'restored (to the draft it was)');
    });
    it('applied alone (no answer to give after it) is 400 invalid_fault, and nothing is applied', async () => {
      const res = await send('POST', `/rest/v1.1/sites/${SITES.demo}/posts/200/restore`, { token: DEMO, fault: 'applied' });
      assert.equal(res.status, 400);
      assert.equal(((await res.json()) as { error: string }).error, 'invalid_fault');
      assert.equal(await postStatus(200), 'trash');
    });
    it('an unknown fault is 400 invalid_fault', async () => {
      const res = await send('GET', `/rest/v1/sites/${SITES.demo}`, { fault: 'explode' });
      assert.equal(res.status, 400);
      assert.deepEqual(await res.json(), { error: 'invalid_fault', message: 'unknown fault "explode"' });
    });
  });

  describe('queued faults (POST /__control/faults)', () => {
    it('{path, count: 2, fault} hits exactly the next 2 matching requests; others pass untouched', async () => {
      const q = await fetch(`${fx.svc.url}/__control/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path: '/rest/v1/notifications/', count: 2, fault: 'status=503' }),
      });
      assert.equal(q.status, 200);
      assert.deepEqual(await q.json(), { queued: 1 });
      assert.equal((await send('GET', `/rest/v1/sites/${SITES.demo}`)).status, 200);
      assert.equal((await send('GET', '/rest/v1/notifications/', { token: DEMO })).status, 503);
      assert.equal((await send('GET', '/rest/v1/notifications/?number=1', { token: DEMO })).status, 503);
      assert.equal((await send('GET', '/rest/v1/notifications/', { token: DEMO })).status, 200);
      const entries = await log();
      assert.deepEqual(
        entries.map((e) => [e.path, e.status, e.fault]),
        [
          [`/rest/v1/sites/${SITES.demo}`, 200, undefined],
          ['/rest/v1/notifications/', 503, 'status=503'],
          ['/rest/v1/notifications/?number=1', 503, 'status=503'],
          ['/rest/v1/notifications/', 200, undefined],
        ],
      );
    });
    it('a queued fault with a method only hits that method', async () => {
      fx.svc.queueFault({ method: 'POST', path: '/rest/v1.1/sites/', count: 1, fault: 'ratelimit=3' });
      assert.equal((await send('GET', `/rest/v1.1/sites/${SITES.demo}/posts/200`, { token: DEMO })).status, 200);
      const post = await send('POST', `/rest/v1.1/sites/${SITES.demo}/posts/200/restore`, { token: DEMO });
      assert.equal(post.status, 429);
      assert.equal(post.headers.get('retry-after'), '3');
      assert.equal(await postStatus(200), 'trash');
      assert.equal((await send('POST', `/rest/v1.1/sites/${SITES.demo}/posts/200/restore`, { token: DEMO })).status, 200);
    });
    it('an X-Fault header takes precedence over (and does not consume) a queued fault', async () => {
      fx.svc.queueFault({ path: '/rest/v1/sites/', count: 1, fault: 'status=503' });
      assert.equal((await send('GET', `/rest/v1/sites/${SITES.demo}`, { fault: 'html=502' })).status, 502);
      assert.equal((await send('GET', `/rest/v1/sites/${SITES.demo}`)).status, 503);
      assert.equal((await send('GET', `/rest/v1/sites/${SITES.demo}`)).status, 200);
    });
    it('DELETE /__control/faults clears the queue; a bad fault spec is 400', async () => {
      fx.svc.queueFault({ path: '/rest/', count: 5, fault: 'status=503' });
      assert.equal((await fetch(`${fx.svc.url}/__control/faults`, { method: 'DELETE' })).status, 200);
      assert.equal((await send('GET', `/rest/v1/sites/${SITES.demo}`)).status, 200);
      const bad = await fetch(`${fx.svc.url}/__control/faults`, {
        method: 'POST',
        body: JSON.stringify({ path: '/rest/', fault: 'latency=soon' }),
      });
      assert.equal(bad.status, 400);
      assert.deepEqual(await bad.json(), { error: 'invalid_fault', message: 'fault "latency=soon" needs a whole number' });
    });
  });

  describe('the request log (GET /__control/requests)', () => {
    it('records method, path with query, status and whether a token came, in order', async () => {
      await send('GET', `/rest/v1/sites/${SITES.private}`);
      await send('POST', '/rest/v1.1/notifications/read', { token: DEMO, form: 'counts[60001]=1' });
      await send('GET', '/rest/v1/nothing');
      const entries = await log();
      assert.deepEqual(
        entries.map((e) => ({ method: e.method, path: e.path, status: e.status, authorized: e.authorized })),
        [
          { method: 'GET', path: `/rest/v1/sites/${SITES.private}`, status: 403, authorized: false },
          { method: 'POST', path: '/rest/v1.1/notifications/read', status: 200, authorized: true },
          { method: 'GET', path: '/rest/v1/nothing', status: 404, authorized: false },
        ],
      );
      assert.deepEqual(entries[1].bodyKeys, ['counts[60001]']);
      assert.equal(fx.svc.requests.length, 3);
    });
    it("scrubs token-info's token as token=***", async () => {
      await fetch(`${fx.svc.url}/oauth2/token-info?client_id=12345&token=cs-demo-token`);
      await fetch(`${fx.svc.url}/oauth2/token-info?token=cs-ed-token&client_id=12345`);
      const entries = await log();
      assert.deepEqual(
        entries.map((e) => [e.path, e.status]),
        [
          ['/oauth2/token-info?client_id=12345&token=***', 200],
          ['/oauth2/token-info?token=***&client_id=12345', 200],
        ],
      );
      assert.equal(JSON.stringify(entries).includes('cs-demo-token'), false);
      assert.equal(JSON.stringify(entries).includes('cs-ed-token'), false);
    });
    it('records the fault of a request, and a reset connection', async () => {
      await send('GET', `/rest/v1/sites/${SITES.demo}`, { fault: 'ratelimit=7' });
      await assert.rejects(send('GET', `/rest/v1/sites/${SITES.demo}`, { fault: 'reset' }));
      const entries = await log();
      assert.deepEqual(
        entries.map((e) => [e.status, e.fault]),
        [
          [429, 'ratelimit=7'],
          [0, 'reset'],
        ],
      );
    });
    it('DELETE /__control/requests empties it; control requests are not logged', async () => {
      await send('GET', `/rest/v1/sites/${SITES.demo}`);
      assert.equal((await log()).length, 1);
      assert.deepEqual(await (await fetch(`${fx.svc.url}/__control/requests`, { method: 'DELETE' })).json(), { cleared: true });
      assert.deepEqual(await log(), []);
    });
  });
});

describe('Queued faults aimed at one kind of request', () => {
  const fx = serviceFixture();
  it('a queued path with a query hits only requests whose path and query start with it', async () => {
    fx.svc.queueFault({ path: '/rest/v1/sites/2001?pretty=1', count: 1, fault: 'status=500' });
    assert.equal((await fetch(`${fx.svc.url}/rest/v1/sites/2001`)).status, 200);
    assert.equal((await fetch(`${fx.svc.url}/rest/v1/sites/2001?pretty=1`)).status, 500);
    assert.equal((await fetch(`${fx.svc.url}/rest/v1/sites/2001?pretty=1`)).status, 200);
  });
});
