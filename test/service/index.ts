/**
 * The reference service: a real HTTP server on loopback implementing the spec, used by the tests
 * and by `npm start`. `startService()` runs it in-process; `cli.ts` runs it from the shell.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { faultErrorBody, htmlErrorPage, parseFault, takeQueued, type Fault, type QueuedFault } from './faults';
import { ApiError, errorBody, parseBody, parseParams, PROTOCOL_COMMON, render, type Rendered, type UploadedFile } from './http';
import { parseMultipart } from './multipart';
import { servedFile } from './routes/media';
import { compress, COMPRESS_MIN_BYTES, negotiate } from './compress';
import { authorizeDecision, authorizePage, tokenInfo, type OAuthState } from './oauth';
import { dispatch, NO_ROUTE } from './router';
import { PushChannel, type PushState } from './push';
import { commentAs, pushControl, type PushComment, type PushCommentResult } from './routes/pushControl';
import { DEFAULT_NOW, seed, type SeedOptions } from './seed';
import type { World } from './world';

export { seed, DEFAULT_NOW, DEMO_CLIENT_ID, SITES, USERS, SPECIAL_POSTS, type SeedOptions } from './seed';
export type { World } from './world';
export { PUSH_PATH, DEFAULT_PING_MS, type PushMessage, type PushState } from './push';
export type { PushComment, PushCommentResult } from './routes/pushControl';

export interface ServiceOptions {
  port?: number;
  seed?: SeedOptions;
  /** Added to every answer (the demo's "real network" feel); faults add more. */
  latencyMs?: number;
  /** The service's clock in UNIX seconds; default a fixed date so tests are deterministic. */
  now?: number;
  /** Echo `state` in the OAuth redirect (the real service does not document it). Default true. */
  echoState?: boolean;
  /** How often the push channel pings each socket (a WebSocket ping frame); default 27 000 ms. */
  pingMs?: number;
}

export interface RequestLogEntry {
  method: string;
  /** Path and query, with any `token` parameter scrubbed. */
  path: string;
  status: number;
  bytes: number;
  ms: number;
  /** Bytes on the wire when the answer went out compressed (`bytes` is always the decoded body). */
  wireBytes?: number;
  /** The compression used, when there was one. */
  encoding?: 'br' | 'gzip';
  /** Whether an Authorization header came with it. */
  authorized: boolean;
  fault?: string;
  /** For POSTs: the form fields' names, to check what a client sent (values are not kept). */
  bodyKeys?: string[];
  /** The request body's size in bytes (an upload's files included). */
  sentBytes?: number;
  /** A WebSocket upgrade of the push channel: `status` 101 when a socket opened, else the refusal. */
  upgrade?: true;
}

/** The push channel's controls, in process (the same as the `/__control/push/…` routes). */
export interface PushControls {
  /** Ends every socket: cut off (no close frame) by default, or closed with `code`. Answers how many. */
  drop(code?: number): number;
  /** Refuses every upgrade with `status` (default 503) and the service's error JSON for `ms`; 0 stops. */
  refuse(ms: number, status?: number): void;
  /** Stops (false) or resumes (true) the ping frames. */
  pings(on: boolean): void;
  /** Holds every message back `ms` before sending it; 0 sends at once. */
  delay(ms: number): void;
  /** `by` comments on `post` through REST: its author gets a note (and a push). Rejects when refused. */
  comment(c: PushComment): Promise<PushCommentResult>;
  /** Open sockets (whose), whether pinging, the delay, a refusal under way. */
  state(): PushState;
  /** Pushes what changed after a test wrote to `world()` by hand (REST writes push by themselves). */
  sync(): void;
}

export interface RunningService {
  url: string;
  restUrl: string;
  port: number;
  /** The live request log. */
  requests: RequestLogEntry[];
  world(): World;
  reset(): void;
  queueFault(fault: { method?: string; path: string; count?: number; fault: string }): void;
  /** Drops every queued fault not used yet. */
  clearFaults(): void;
  push: PushControls;
  /** Closes every socket and timer, then the server. */
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** Large enough for an upload over the media library's limit (world.uploadLimit, 5 MB), so that the service refuses it itself. */
const MAX_BODY = 8 * 1024 * 1024;

export async function startService(options: ServiceOptions = {}): Promise<RunningService> {
  const now = options.now ?? DEFAULT_NOW;
  let world = seed(options.seed, now);
  const requests: RequestLogEntry[] = [];
  const queue: QueuedFault[] = [];
  const oauth: OAuthState = { formNonces: new Set(), echoState: options.echoState ?? true };
  let origin = '';
  const log = (entry: RequestLogEntry): void => {
    requests.push(entry);
    if (requests.length > 5000) requests.splice(0, requests.length - 5000);
  };
  const push = new PushChannel({ world: () => world, pingMs: options.pingMs, log: (e) => log({ ...e, bytes: 0, upgrade: true }) });

  /** Back to the seed: the world, the log, the queued faults and the push channel's controls. */
  const reset = (): void => {
    world = seed(options.seed, now);
    requests.length = 0;
    queue.length = 0;
    push.resetControls();
  };

  const control = async (req: IncomingMessage, path: string, body: string): Promise<Rendered> => {
    const json = (status: number, value: unknown): Rendered => ({
      status,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(value),
    });
    if (path === '/__control/requests' && req.method === 'GET') return json(200, requests);
    if (path === '/__control/requests' && req.method === 'DELETE') {
      requests.length = 0;
      return json(200, { cleared: true });
    }
    if (path === '/__control/reset' && req.method === 'POST') {
      reset();
      return json(200, { reset: true });
    }
    const pushed = await pushControl(push, world, origin, req.method ?? 'GET', path, body);
    if (pushed) return pushed;
    if (path === '/__control/faults' && req.method === 'POST') {
      try {
        const f = JSON.parse(body) as { method?: string; path: string; count?: number; fault: string };
        queue.push({ method: f.method, path: f.path, count: f.count ?? 1, fault: parseFault(f.fault), spec: f.fault });
        return json(200, { queued: queue.length });
      } catch (err) {
        return json(400, { error: 'invalid_fault', message: (err as Error).message });
      }
    }
    if (path === '/__control/faults' && req.method === 'DELETE') {
      queue.length = 0;
      return json(200, { cleared: true });
    }
    return { status: 404, headers: { 'content-type': 'text/plain' }, body: '' };
  };

  const answer = async (req: IncomingMessage, url: URL, body: string, raw: Buffer): Promise<Rendered> => {
    const method = req.method ?? 'GET';
    if (method === 'GET' && url.pathname.startsWith('/files/')) {
      const file = servedFile(world, url.pathname);
      return file
        ? { status: 200, headers: { 'content-type': file.type, 'cache-control': 'max-age=3600' }, body: file.data }
        : { status: 404, headers: { 'content-type': 'text/plain' }, body: '' };
    }
    if (url.pathname === '/oauth2/authorize') {
      if (method === 'GET') return authorizePage(world, url.searchParams, oauth);
      if (method === 'POST') return authorizeDecision(world, new URLSearchParams(body), oauth);
    }
    if (url.pathname === '/oauth2/token-info' && method === 'GET') return tokenInfo(world, url.searchParams);
    // REST under /rest/v1…, and the /wpcom/v2 namespace (the Reader's seen-posts) beside it.
    const m = /^\/rest\/v(1(?:\.[12])?)(\/.*)$/.exec(url.pathname) ?? /^\/(wpcom\/v2)(\/.*)$/.exec(url.pathname);
    if (!m) return { status: 404, headers: { 'content-type': 'text/plain' }, body: '' };
    const params = parseParams(url.searchParams);
    let files: UploadedFile[] | undefined;
    try {
      const type = req.headers['content-type'] ?? '';
      if (method === 'POST' && /^multipart\/form-data/i.test(type)) files = await parseMultipart(raw, type, params);
      else if (method === 'POST') parseBody(body, params);
    } catch (err) {
      if (err instanceof ApiError) return render({ status: err.status, body: errorBody(err) }, params, PROTOCOL_COMMON);
      throw err;
    }
    const result = await dispatch({
      world,
      method,
      version: m[1],
      path: m[2],
      params,
      authorization: req.headers.authorization,
      origin,
      files,
    });
    if (result === NO_ROUTE) return { status: 404, headers: { 'content-type': 'text/plain' }, body: '' };
    return render(result.answer, params, 'methodNotAllowed' in result ? PROTOCOL_COMMON : result.route.accepted);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    const url = new URL(req.url ?? '/', origin);
    const loopback = LOOPBACK.has(req.socket.remoteAddress ?? '');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY) {
        res
          .writeHead(413, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: 'too_large', message: 'The request body is too large.' }));
        return;
      }
      chunks.push(chunk as Buffer);
    }
    const raw = Buffer.concat(chunks);
    const body = raw.toString('utf8');
    const logPath = `${url.pathname}${url.search}`.replace(/([?&]token=)[^&]*/g, '$1***');
    const entry: RequestLogEntry = {
      method: req.method ?? 'GET',
      path: logPath,
      status: 0,
      bytes: 0,
      ms: 0,
      authorized: Boolean(req.headers.authorization),
      ...(raw.length ? { sentBytes: raw.length } : {}),
    };
    if (req.method === 'POST' && body && !/^multipart\//i.test(req.headers['content-type'] ?? ''))
      entry.bodyKeys = [...new URLSearchParams(body.trim().startsWith('{') ? '' : body).keys()];
    const finish = (out: Rendered | undefined): void => {
      entry.ms = Math.round((performance.now() - started) * 10) / 10;
      if (out) {
        entry.status = out.status;
        entry.bytes = Buffer.byteLength(out.body);
      }
      if (!url.pathname.startsWith('/__control/')) log(entry);
    };

    if (url.pathname.startsWith('/__control/')) {
      const out = loopback ? await control(req, url.pathname, body) : { status: 404, headers: {}, body: '' };
      if (req.method !== 'GET') push.sync();
      res.writeHead(out.status, out.headers).end(out.body);
      return;
    }

    let fault: Fault = {};
    const header = req.headers['x-fault'];
    try {
      if (loopback && typeof header === 'string' && header) {
        fault = parseFault(header);
        entry.fault = header;
      } else if (loopback) {
        const queued = takeQueued(queue, entry.method, url.pathname, url.search);
        if (queued) {
          fault = queued.fault;
          entry.fault = queued.spec;
        }
      }
    } catch (err) {
      const out: Rendered = {
        status: 400,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ error: 'invalid_fault', message: (err as Error).message }),
      };
      finish(out);
      res.writeHead(out.status, out.headers).end(out.body);
      return;
    }

    const delay = (options.latencyMs ?? 0) + (fault.latencyMs ?? 0);
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    // Applied, then answered with the fault: the service's own answer is dropped.
    if (fault.applied) await answer(req, url, body, raw);
    if (fault.reset) {
      finish(undefined);
      req.socket.destroy();
      return;
    }
    let out: Rendered;
    if (fault.ratelimit !== undefined) {
      out = {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': String(fault.ratelimit) },
        body: JSON.stringify({ error: 'rate_limit_exceeded', message: 'Too many requests. Try again later.' }),
      };
    } else if (fault.html !== undefined) {
      out = { status: fault.html, headers: { 'content-type': 'text/html; charset=utf-8' }, body: htmlErrorPage(fault.html) };
    } else if (fault.status !== undefined) {
      out = { status: fault.status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(faultErrorBody(fault.status)) };
    } else {
      out = await answer(req, url, body, raw);
      // The one place writes are told: what any route changed in the notes goes out on the push channel.
      if (req.method !== 'GET') push.sync();
      if (fault.truncate) out = { ...out, body: out.body.slice(0, Math.floor(out.body.length / 2)) };
      if (fault.malformed)
        out = { ...out, headers: { ...out.headers, 'content-type': 'application/json' }, body: '{"notes": [ this is not json' };
    }
    finish(out);
    const encoding = Buffer.byteLength(out.body) >= COMPRESS_MIN_BYTES ? negotiate(req.headers['accept-encoding']) : undefined;
    if (!encoding) {
      res.writeHead(out.status, out.headers).end(out.body);
      return;
    }
    const wire = compress(out.body, encoding);
    entry.wireBytes = wire.length;
    entry.encoding = encoding;
    res
      .writeHead(out.status, {
        ...out.headers,
        'content-encoding': encoding,
        vary: 'Accept-Encoding',
        'content-length': String(wire.length),
      })
      .end(wire);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      console.error('reference service error:', err);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'internal_error', message: 'The reference service failed.' }));
    });
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => push.upgrade(req, socket, head));
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    restUrl: `${origin}/rest`,
    port,
    requests,
    world: () => world,
    reset: () => {
      reset();
      push.sync();
    },
    queueFault: (f) => queue.push({ method: f.method, path: f.path, count: f.count ?? 1, fault: parseFault(f.fault), spec: f.fault }),
    clearFaults: () => void (queue.length = 0),
    push: {
      drop: (code) => push.drop(code),
      refuse: (ms, status) => push.refuse(ms, status),
      pings: (on) => push.pings(on),
      delay: (ms) => push.delay(ms),
      comment: async (c) => {
        const out = await commentAs(world, origin, c);
        push.sync();
        if (out.status !== 200) throw new Error(`push.comment refused (${out.status}): ${JSON.stringify(out.body)}`);
        return out.body as PushCommentResult;
      },
      state: () => push.state(),
      sync: () => push.sync(),
    },
    close: () =>
      new Promise<void>((resolve) => {
        push.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
