/** Failures reach callers as ContentSiteError: the spec's rows, bad input, and a broken network. */
import * as assert from 'node:assert/strict';
import { ContentSiteError } from '../../src/api';
import { SPECIAL_POSTS } from '../service';
import { restRequests, useClientAndService } from './setup';

const { svc, client, log } = useClientAndService();

const rejectsWith = async (p: Promise<unknown>, expected: Partial<Pick<ContentSiteError, 'kind' | 'status' | 'code' | 'serviceMessage'>>): Promise<ContentSiteError> => {
  let caught: unknown;
  try {
    await p;
  } catch (err) {
    caught = err;
  }
  assert.ok(caught instanceof ContentSiteError, `expected a ContentSiteError, got ${String(caught)}`);
  const picked = Object.fromEntries(Object.keys(expected).map((k) => [k, caught[k as keyof ContentSiteError]]));
  assert.deepEqual(picked, expected);
  assert.ok(!JSON.stringify({ ...caught, message: caught.message, userMessage: caught.userMessage }).includes('cs-'), 'no token in the error');
  return caught;
};

describe('Errors from the service', () => {
  it('spec rows keep their status, identifier and message, with a sentence for people', async () => {
    const e1 = await rejectsWith(client('cs-ed-token').posts.restore('selfhosted.example.org', 491), { kind: 'api', status: 403, code: 'unauthorized', serviceMessage: 'User cannot restore trashed posts' });
    assert.equal(e1.userMessage, "You can't restore posts on selfhosted.example.org: your role can't restore trashed posts. Ask an editor or administrator.");
    await rejectsWith(client().posts.restore(2001, SPECIAL_POSTS.contributorPublished), { status: 403, serviceMessage: 'Assigned author cannot publish post.' });
    await rejectsWith(client('cs-ed-token').users.suggest({ site_id: 2002 }), { status: 403, code: 'unauthorized', serviceMessage: 'User cannot access this private blog.' });
    await rejectsWith(client().users.suggest({ site: 'restricted.example.blog' }), { status: 403, serviceMessage: 'User cannot access this restricted blog' });
    await rejectsWith(client('cs-sub-token').users.suggest({ site_id: 2001 }), { status: 404, code: 'unknown_user' });
    await rejectsWith(client().posts.restore(2001, SPECIAL_POSTS.unlistedType), { status: 400, code: 'invalid_field', serviceMessage: 'Invalid API FIELD' });
    await rejectsWith(client().notifications.markRead({ 60500: 1 }), { status: 404, code: 'not_found', serviceMessage: 'Not a valid URL.' });
  });

  it('an invalid, expired or revoked token is kind auth; so is a missing one where the spec requires it', async () => {
    for (const t of ['cs-expired-token', 'cs-revoked-token', 'cs-nobody-token']) await rejectsWith(client(t).me(), { kind: 'auth', status: 401, code: 'invalid_token' });
    await rejectsWith(client(null).notifications.markRead({ 60000: 1 }), { kind: 'auth', status: 403, code: 'authorization_required', serviceMessage: 'An active access token must be used to retrieve notifications.' });
  });

  it('refuses out-of-range input before sending anything', async () => {
    const cases: Array<() => Promise<unknown>> = [
      () => client().reader.following({ number: 41 }),
      () => client().reader.freshlyPressed({ number: 0 }),
      () => client().notifications.list({ number: 100 }),
      () => client().users.suggest({ site_id: 2001, image_size: 0 }),
      () => client().users.suggest({ site_id: 2001, image_size: 2049 }),
      () => client().posts.trashed(2001, { number: 101 }),
      () => client().posts.restore(2001, -3),
      () => client().posts.restoreMany(2001, []),
      () => client().notifications.markRead({}),
      () => client().sites.get('not a site!'),
      () => client().insights.get('rest-api-calls', { unit: 'hourly' as 'daily' }),
    ];
    for (const c of cases) await rejectsWith(c(), { kind: 'invalid_input' });
    assert.equal(restRequests(svc()).length, 0, 'nothing reached the service');
  });
});

describe('Resilience', () => {
  it('retries a GET on 503 and on 429, and counts show it', async () => {
    svc().queueFault({ path: '/rest/v1/sites/', count: 2, fault: 'status=503' });
    assert.equal((await client().sites.get(2001)).ID, 2001);
    assert.deepEqual(restRequests(svc()).map((r) => r.status), [503, 503, 200]);
    svc().requests.length = 0;
    svc().queueFault({ path: '/rest/v1/sites/', count: 1, fault: 'ratelimit=0' });
    assert.equal((await client().sites.get(2001)).ID, 2001);
    assert.deepEqual(restRequests(svc()).map((r) => r.status), [429, 200]);
  });

  it('gives up after its tries: rate_limited with retryAfter from the header', async () => {
    svc().queueFault({ path: '/rest/v1/sites/', count: 10, fault: 'ratelimit=1' });
    const e = await rejectsWith(client(null, { retry: { maxTries: 2, minDelayMs: 1, maxDelayMs: 20 } }).sites.get(2001), { kind: 'rate_limited', status: 429 });
    assert.equal(e.retryAfter, 1);
    assert.ok(restRequests(svc()).length <= 3);
  });

  it('never replays a POST: one request after a 503, and after a reset, and the post stays in the trash', async () => {
    svc().queueFault({ method: 'POST', path: '/rest/v1.1/sites/', count: 5, fault: 'status=503' });
    await rejectsWith(client().posts.restore(2001, 200), { kind: 'api', status: 503 });
    assert.equal(restRequests(svc()).length, 1);
    svc().reset();
    svc().queueFault({ method: 'POST', path: '/rest/v1.1/notifications/', count: 5, fault: 'reset' });
    await rejectsWith(client().notifications.markRead({ 60000: 1 }), { kind: 'network' });
    assert.equal(restRequests(svc()).filter((r) => r.method === 'POST').length, 1);
    assert.equal(svc().world().posts.get(200)!.status, 'trash');
  });

  it('retries a GET after a reset connection', async () => {
    svc().queueFault({ path: '/rest/v1/sites/', count: 1, fault: 'reset' });
    assert.equal((await client().sites.get(2001)).ID, 2001);
    assert.equal(restRequests(svc()).length, 2);
  });

  it('a truncated, malformed or HTML answer is bad_response, not a crash', async () => {
    for (const fault of ['truncate', 'malformed']) {
      svc().queueFault({ path: '/rest/v1/sites/', count: 1, fault });
      await rejectsWith(client().sites.get(2001), { kind: 'bad_response' });
    }
    svc().queueFault({ path: '/rest/v1/sites/', count: 1, fault: 'html=500' });
    const e = await rejectsWith(client().sites.get(2001), { status: 500 });
    assert.match(e.userMessage, /trouble/);
  });

  it('times out a slow answer, and cancels on an AbortSignal', async () => {
    svc().queueFault({ path: '/rest/v1/sites/', count: 5, fault: 'latency=2000' });
    await rejectsWith(client(null, { timeouts: { headersMs: 200 }, retry: { maxTries: 1 } }).sites.get(2001), { kind: 'timeout' });
    svc().queueFault({ path: '/rest/v1/sites/', count: 1, fault: 'latency=2000' });
    const controller = new AbortController();
    const pending = client().sites.get(2001, {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await rejectsWith(pending, { kind: 'cancelled' });
  });

  it('http_envelope: unwraps success and still surfaces the real error', async () => {
    const api = client(null, { httpEnvelope: true });
    assert.equal((await api.sites.get(2001)).ID, 2001);
    assert.ok(restRequests(svc()).every((r) => r.path.includes('http_envelope=')));
    await rejectsWith(api.sites.get('nowhere.example'), { status: 404, code: 'unknown_blog' });
  });

  it('sends no Authorization header without a token, and the log hook never sees a token', async () => {
    await client(() => undefined).sites.get(2001);
    assert.equal(restRequests(svc())[0].authorized, false);
    await client().tokenInfo('12345', 'cs-demo-token');
    await client().me();
    assert.ok(log.length >= 3);
    assert.ok(!JSON.stringify(log).includes('cs-demo-token'), JSON.stringify(log));
  });
});
