/**
 * The loopback sign-in end to end in plain Node: a SignInFlow, its one-shot server on 127.0.0.1
 * (port 0) and the reference service's authorize page, with this test as the browser (it opens
 * the page, presses the button, loads the landing page and posts its fragment back the way the
 * page's script does). The page's script itself runs in Chromium in loopbackBrowser.test.ts.
 */
import * as assert from 'node:assert/strict';
import { once } from 'node:events';
import { request } from 'node:http';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { buildAuthorizeUrl } from '../../src/auth/authorizeUrl';
import { confirmToken, SignInError } from '../../src/auth/confirmToken';
import { LOOPBACK_PATH, LOOPBACK_TIMEOUTS, startLoopbackServer, type LoopbackServer } from '../../src/auth/loopbackServer';
import { SignInFlow, type Pending } from '../../src/auth/signInFlow';
import { answerOf, pressOnAuthorizePage } from './authorizePage';
import { restRequests, useClientAndService } from './setup';

const { svc, client } = useClientAndService({ retry: { maxTries: 1 } });

interface Run {
  flow: SignInFlow;
  pending: Pending;
  server: LoopbackServer;
  logs: string[];
  origin: string;
  authorizeUrl(state?: string): string;
}

async function startRun(timeoutMs?: number, timeouts?: Parameters<typeof startLoopbackServer>[0]['timeouts']): Promise<Run> {
  const flow = new SignInFlow({
    verify: (a) => confirmToken((token) => client(token ?? null), a.token, { clientId: '12345', expiresIn: a.expiresIn }),
    confirmAccount: async () => false,
    timeoutMs,
  });
  const pending = flow.start();
  const logs: string[] = [];
  const server = await startLoopbackServer({
    port: 0,
    onAnswer: (c) => flow.handle(c),
    until: pending.result,
    log: (m) => logs.push(m),
    timeouts,
  });
  const authorizeUrl = (state = pending.state) =>
    buildAuthorizeUrl({ authorizeUrl: `${svc().url}/oauth2/authorize`, clientId: '12345', redirectUri: server.redirectUri, state });
  return { flow, pending, server, logs, origin: `http://127.0.0.1:${server.port}`, authorizeUrl };
}

/** The landing page as the browser loads it (no fragment: browsers never send it), then its post. */
async function land(location: string, origin: string): Promise<{ status: number; ok: boolean; message: string }> {
  const url = new URL(location);
  assert.equal(url.origin, origin, 'the service redirects to the loopback server');
  const page = await fetch(`${url.origin}${url.pathname}${url.search}`);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /fetch\(location\.pathname/);
  return post(origin, answerOf(location));
}

async function post(
  origin: string,
  answer: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; ok: boolean; message: string }> {
  const res = await fetch(`${origin}${LOOPBACK_PATH}`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(answer),
  });
  const text = await res.text();
  try {
    return { status: res.status, ...(JSON.parse(text) as { ok: boolean; message: string }) };
  } catch {
    return { status: res.status, ok: false, message: text };
  }
}

const refusedConnection = async (origin: string): Promise<boolean> =>
  fetch(`${origin}${LOOPBACK_PATH}`).then(
    () => false,
    (e: { cause?: { code?: string } }) => e.cause?.code === 'ECONNREFUSED',
  );

/** What the service was asked besides its authorize page: the token checks. */
const checks = () => restRequests(svc()).filter((r) => !r.path.startsWith('/oauth2/authorize'));

/** fetch never sends a Host of its own choosing: a raw request, as a rebinding page's would arrive. */
const statusWithHost = (origin: string, host: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const req = request(`${origin}${LOOPBACK_PATH}`, { headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });

const tokenIn = (logs: string[]) => logs.some((l) => /cs-oauth-|access_token/.test(l));

describe('Loopback sign-in (contentSite.oauth.redirect: loopback)', () => {
  it('Approve: the page posts the fragment, the session is confirmed for demo, the server closes, the token is in no log line', async () => {
    const run = await startRun();
    assert.match(run.server.redirectUri, /^http:\/\/127\.0\.0\.1:\d+\/content-site\/callback$/);
    const reply = await land(await pressOnAuthorizePage(run.authorizeUrl(), 'approve'), run.origin);
    assert.deepEqual(reply, { status: 200, ok: true, message: 'Signed in to VS Code as Demo Writer (demo). You can close this tab.' });
    const session = await run.pending.result;
    assert.equal(session.user.login, 'demo');
    assert.match(session.token, /^cs-oauth-[0-9a-f]{32}$/);
    assert.ok(session.expiresAt! > Date.now() + 64000 * 1000);
    await run.server.closed;
    assert.equal(await refusedConnection(run.origin), true, 'nothing listens any more');
    assert.deepEqual(
      checks().map((r) => r.path.split('?')[0]),
      ['/oauth2/token-info', '/rest/v1.1/me'],
    );
    assert.ok(run.logs.length > 0);
    assert.equal(tokenIn(run.logs), false, run.logs.join('\n'));
  });

  it('Deny: refused with a plain sentence, the sign-in ends and the server closes', async () => {
    const run = await startRun();
    const reply = await land(await pressOnAuthorizePage(run.authorizeUrl(), 'deny'), run.origin);
    assert.deepEqual(reply, { status: 400, ok: false, message: 'Sign-in was denied in the browser. You are still signed out.' });
    await assert.rejects(run.pending.result, (e: SignInError) => /denied/.test(e.userMessage));
    await run.server.closed;
  });

  it('a wrong state: refused, the token never checked, the sign-in ends and the server closes', async () => {
    const run = await startRun();
    const reply = await land(await pressOnAuthorizePage(run.authorizeUrl('not-this-window'), 'approve'), run.origin);
    assert.equal(reply.ok, false);
    assert.match(reply.message, /did not match/);
    await assert.rejects(run.pending.result, SignInError);
    await run.server.closed;
    assert.deepEqual(checks(), [], 'no token-info, no /me');
  });

  it('a second answer after the first: the connection is refused and the first sign-in stands', async () => {
    const run = await startRun();
    const location = await pressOnAuthorizePage(run.authorizeUrl(), 'approve');
    assert.equal((await land(location, run.origin)).ok, true);
    const first = await run.pending.result;
    await run.server.closed;
    const second = await pressOnAuthorizePage(run.authorizeUrl(), 'approve');
    await assert.rejects(post(run.origin, answerOf(second)), (e: { cause?: { code?: string } }) => e.cause?.code === 'ECONNREFUSED');
    assert.equal(checks().filter((r) => r.path.startsWith('/oauth2/token-info')).length, 1, 'the second token was never checked');
    assert.equal(first.user.login, 'demo');
  });

  it('answers only its one path and its own address: 404 elsewhere, 405, wrong Host, another origin, not JSON; the sign-in still completes', async () => {
    const run = await startRun();
    for (const path of ['/', '/favicon.ico', `${LOOPBACK_PATH}/`, '/content-site/other']) {
      assert.equal((await fetch(`${run.origin}${path}`)).status, 404, path);
    }
    assert.equal((await fetch(`${run.origin}${LOOPBACK_PATH}`, { method: 'PUT' })).status, 405);
    const location = await pressOnAuthorizePage(run.authorizeUrl(), 'approve');
    const answer = answerOf(location);
    assert.equal((await post(run.origin, answer, { origin: 'https://evil.example' })).status, 403, 'another web page posting a token');
    for (const host of [`localhost:${run.server.port}`, `evil.example:${run.server.port}`])
      assert.equal(await statusWithHost(run.origin, host), 400, `DNS rebinding: Host ${host}`);
    assert.equal((await post(run.origin, answer, { 'content-type': 'text/plain' })).status, 415);
    assert.equal((await post(run.origin, { fragment: 42 })).status, 400);
    assert.equal(run.flow.isPending, true, 'none of these touched the pending sign-in');
    assert.deepEqual(checks(), []);
    assert.equal((await land(location, run.origin)).ok, true);
    assert.equal((await run.pending.result).user.login, 'demo');
  });

  it('a forged answer without state (user says no) leaves the server listening for the real one', async () => {
    const run = await startRun();
    const forged = await post(run.origin, { query: '', fragment: '#access_token=cs-ed-token&token_type=bearer' });
    assert.equal(forged.ok, false);
    assert.match(forged.message, /did not confirm the account ed/);
    assert.equal((await land(await pressOnAuthorizePage(run.authorizeUrl(), 'approve'), run.origin)).ok, true);
    assert.equal((await run.pending.result).user.login, 'demo');
  });

  it('the time limit ends the sign-in and closes the server', async () => {
    const run = await startRun(50);
    await assert.rejects(run.pending.result, (e: SignInError) => /timed out/.test(e.userMessage));
    await run.server.closed;
    assert.equal(await refusedConnection(run.origin), true);
  });

  it('a busy port reads clearly, naming the setting', async () => {
    const busy: Server = createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
    const port = (busy.address() as { port: number }).port;
    try {
      const flow = new SignInFlow({ verify: async () => assert.fail('no answer expected'), confirmAccount: async () => false });
      const pending = flow.start();
      await assert.rejects(
        startLoopbackServer({ port, onAnswer: (c) => flow.handle(c), until: pending.result }),
        (e: SignInError) =>
          e.userMessage ===
          `Port ${port} is in use; set contentSite.oauth.loopbackPort to a free port and register http://127.0.0.1:<that port>/content-site/callback as your OAuth application's redirect URL.`,
      );
      flow.cancel();
    } finally {
      await new Promise((r) => busy.close(r));
    }
  });

  it('a port setting that is not a port is refused before anything listens', async () => {
    for (const port of [-1, 65536, 1.5, Number.NaN]) {
      await assert.rejects(
        startLoopbackServer({ port, onAnswer: async () => assert.fail(), until: new Promise(() => undefined) }),
        (e: SignInError) => e.userMessage.startsWith('The setting contentSite.oauth.loopbackPort must be a whole number from 0 to 65535'),
      );
    }
  });
});

/** A raw connection to the loopback server that sends `data` and then nothing: when it closed (ms from now), and what it was told. */
const sockets: Socket[] = [];
async function rawClient(port: number, data: string): Promise<{ socket: Socket; closed: Promise<number>; received: () => string }> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  const opened = Date.now();
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - opened)));
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  socket.write(data);
  return { socket, closed, received: () => text };
}

/** `closed` settles within `ms`, or the test fails saying what stayed open. */
async function closedWithin<T>(closed: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_r, reject) => (timer = setTimeout(() => reject(new Error(`${what} still open after ${ms} ms`)), ms)));
  try {
    return await Promise.race([closed, late]);
  } finally {
    clearTimeout(timer);
  }
}

const HALF_A_REQUEST = (port: number) => `GET ${LOOPBACK_PATH} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUser-Agent: half`;

describe('Loopback sign-in server: no connection outlives it, none waits for ever', () => {
  afterEach(() => sockets.splice(0).forEach((s) => s.destroy()));

  it('a connection that sent half a request is closed when the sign-in succeeds', async () => {
    const run = await startRun();
    const half = await rawClient(run.server.port, HALF_A_REQUEST(run.server.port));
    const idle = await rawClient(run.server.port, '');
    assert.equal((await land(await pressOnAuthorizePage(run.authorizeUrl(), 'approve'), run.origin)).ok, true);
    await run.pending.result;
    await closedWithin(half.closed, 1000, 'the half-open connection');
    await closedWithin(idle.closed, 1000, 'the connection that sent nothing');
    await closedWithin(run.server.closed, 1000, 'the server');
    assert.equal(await refusedConnection(run.origin), true);
  });

  it('a connection that sent half a request is closed when the time limit ends the sign-in', async () => {
    const run = await startRun(300);
    const half = await rawClient(run.server.port, HALF_A_REQUEST(run.server.port));
    await assert.rejects(run.pending.result, (e: SignInError) => /timed out/.test(e.userMessage));
    await closedWithin(half.closed, 1000, 'the half-open connection');
    await closedWithin(run.server.closed, 1000, 'the server');
  });

  it(`a client that sends its headers slowly is cut by the header timeout (${LOOPBACK_TIMEOUTS.headersMs} ms), and the sign-in goes on`, async function () {
    this.timeout(LOOPBACK_TIMEOUTS.headersMs + 10_000);
    assert.ok(LOOPBACK_TIMEOUTS.headersMs <= 10_000 && LOOPBACK_TIMEOUTS.requestMs <= 30_000, 'a few seconds, not minutes');
    const run = await startRun();
    const slow = await rawClient(run.server.port, `GET ${LOOPBACK_PATH} HTTP/1.1\r\n`);
    const drip = setInterval(() => slow.socket.writable && slow.socket.write('X-Slow: a\r\n'), 200);
    try {
      const after = await closedWithin(slow.closed, LOOPBACK_TIMEOUTS.headersMs + LOOPBACK_TIMEOUTS.checkMs + 1500, 'the slow client');
      assert.ok(after >= LOOPBACK_TIMEOUTS.headersMs - 100, `cut after ${after} ms, not before its time`);
      assert.match(slow.received(), /^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(drip);
    }
    assert.equal(run.flow.isPending, true);
    assert.equal((await land(await pressOnAuthorizePage(run.authorizeUrl(), 'approve'), run.origin)).ok, true);
  });

  it('a client that sends its headers but never all of its body is cut by the request timeout, and the sign-in goes on', async () => {
    const run = await startRun(undefined, { headersMs: 300, requestMs: 600, checkMs: 100 });
    const port = run.server.port;
    const stalled = await rawClient(
      port,
      `POST ${LOOPBACK_PATH} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"query":`,
    );
    const after = await closedWithin(stalled.closed, 2000, 'the stalled post');
    assert.ok(after >= 500, `cut after ${after} ms`);
    assert.equal(run.flow.isPending, true, 'the stalled answer touched nothing');
    assert.equal((await land(await pressOnAuthorizePage(run.authorizeUrl(), 'approve'), run.origin)).ok, true);
  });
});
