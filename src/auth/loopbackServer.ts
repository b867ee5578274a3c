/**
 * The one-shot sign-in server on 127.0.0.1 (setting `contentSite.oauth.redirect: loopback`), for
 * OAuth applications whose redirect URL may not use the editor's `vscode://` scheme. Plain Node.
 *
 * It answers one path only (404 for anything else): GET serves the page that reads the token from
 * its own fragment, POST takes that answer and hands it to the pending sign-in. It refuses peers
 * that are not this computer, Host headers other than its own address (DNS rebinding) and posts
 * from any other origin (another web page posting a forged token). It closes after the answer
 * that ends the sign-in, or when `until` settles (the sign-in's end: accepted, refused, timed out
 * or cancelled), and then no connection outlives it: each is destroyed (an answer being written
 * gets a moment to finish). While it listens, a request must bring its headers within
 * LOOPBACK_TIMEOUTS.headersMs and all of itself within requestMs, checked every checkMs: a
 * connection that sends half a request is cut, not kept. Nothing it logs carries the token: only
 * methods, paths and verdicts.
 */
import type { Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SETTINGS } from '../settings';
import { parseCallback, type CallbackResult } from './callback';
import { SignInError } from './confirmToken';
import { loopbackPage, loopbackPageCsp, type AnswerReply, type PostedAnswer } from '../render/loopbackPage';
import type { CallbackVerdict } from './signInFlow';

export const LOOPBACK_PATH = '/content-site/callback';
const MAX_BODY_BYTES = 8192;

/**
 * How long a request may take to arrive (Node's headersTimeout and requestTimeout, checked every
 * checkMs) — the page's two requests are small and local, so a few seconds is plenty — and how
 * long an answer being written when the server closes may still take (graceMs).
 */
export const LOOPBACK_TIMEOUTS = { headersMs: 5_000, requestMs: 10_000, checkMs: 1_000, graceMs: 1_000 };

export interface LoopbackServerOptions {
  /** 0: any free port (only for services that accept any loopback port, such as the reference service). */
  port: number;
  /** Decides on one answer: the pending sign-in's `handle`. */
  onAnswer(callback: CallbackResult): Promise<CallbackVerdict>;
  /** The server closes when this settles (the pending sign-in's result). */
  until: Promise<unknown>;
  log?(message: string): void;
  /** Shorter limits than LOOPBACK_TIMEOUTS (tests). */
  timeouts?: Partial<typeof LOOPBACK_TIMEOUTS>;
}

export interface LoopbackServer {
  /** `http://127.0.0.1:PORT/content-site/callback`: what the authorize request names. */
  readonly redirectUri: string;
  readonly port: number;
  /** Resolves when the server has stopped listening and its connections are gone. */
  readonly closed: Promise<void>;
  close(): void;
}

/** IPv4 127.0.0.0/8, IPv6 ::1 and their IPv4-mapped forms. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (/^127(\.\d{1,3}){3}$/.test(v4)) return v4.split('.').every((part) => Number(part) <= 255);
  return address === '::1' || address === '0:0:0:0:0:0:0:1';
}

/** A sentence for a port setting that can't be listened on, or undefined. */
export function loopbackPortProblem(port: unknown): string | undefined {
  const { id, minimum, maximum } = SETTINGS.loopbackPort;
  if (typeof port === 'number' && Number.isInteger(port) && port >= minimum && port <= maximum) return undefined;
  return `The setting ${id} must be a whole number from ${minimum} to ${maximum} (got ${String(port)}).`;
}

export async function startLoopbackServer(options: LoopbackServerOptions): Promise<LoopbackServer> {
  const problem = loopbackPortProblem(options.port);
  if (problem) throw new SignInError(problem);
  const log = options.log ?? (() => undefined);
  let port = options.port;
  let closing = false;
  const limits = { ...LOOPBACK_TIMEOUTS, ...options.timeouts };
  /** Every open connection, and those whose request is being answered. */
  const sockets = new Set<Socket>();
  const answering = new Set<Socket>();
  const server = createServer(
    {
      headersTimeout: limits.headersMs,
      requestTimeout: limits.requestMs,
      connectionsCheckingInterval: limits.checkMs,
    },
    (req, res) => {
      answering.add(req.socket);
      res.once('close', () => answering.delete(req.socket));
      answer(req, res).catch((err: unknown) => {
        // The connection broke while its body was read (cut by the request timeout, or the peer left).
        log(`Loopback sign-in server: the request could not be read (${err instanceof Error ? err.message : String(err)}).`);
        if (!res.headersSent && !res.destroyed) reply(res, 400, 'The sign-in answer could not be read.');
        else res.destroy();
      });
    },
  );
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));
  const close = (): void => {
    if (closing) return;
    closing = true;
    server.close();
    // Node's checks of slow requests stop with close(), and closeIdleConnections() leaves a
    // connection that sent half a request: destroy every connection but one being answered (its
    // answer says "connection: close", so it ends when written), and those too after graceMs.
    for (const socket of sockets) if (!answering.has(socket)) socket.destroy();
    setTimeout(() => sockets.forEach((s) => s.destroy()), limits.graceMs).unref();
    log('Loopback sign-in server closed.');
  };

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '').split(/[?#]/)[0];
    log(`Loopback sign-in server: ${req.method} ${path}`);
    if (!isLoopbackAddress(req.socket.remoteAddress)) return reply(res, 403, 'Only this computer may answer a sign-in.');
    if (req.headers.host !== `127.0.0.1:${port}`) return reply(res, 400, 'Unexpected Host header.');
    if (path !== LOOPBACK_PATH) return reply(res, 404, 'Not found.');
    if (closing) return reply(res, 410, 'This sign-in is over. Start it again from VS Code.');
    if (req.method === 'GET') return page(res);
    if (req.method !== 'POST') return reply(res, 405, 'Method not allowed.', { allow: 'GET, POST' });
    if (req.headers.origin !== `http://127.0.0.1:${port}`)
      return reply(res, 403, 'A sign-in answer must come from the sign-in page itself.');
    if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) return reply(res, 415, 'Expected JSON.');
    const posted = await readAnswer(req);
    if (!posted) return reply(res, 400, 'The sign-in answer could not be read.');
    const verdict = await options.onAnswer(parseCallback(posted.query, posted.fragment));
    log(`Loopback sign-in answer: ${verdict.accepted ? 'accepted' : `refused (${verdict.reason})`}`);
    const body: AnswerReply = verdict.accepted
      ? {
          ok: true,
          message: `Signed in to VS Code as ${verdict.session.user.display_name} (${verdict.session.user.login}). You can close this tab.`,
        }
      : { ok: false, message: verdict.reason };
    json(res, verdict.accepted ? 200 : 400, body);
    if (verdict.accepted || verdict.ended) close();
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      log(`Loopback sign-in server could not listen on 127.0.0.1:${options.port}: ${err.code ?? err.message}`);
      reject(new SignInError(listenProblem(err, options.port)));
    });
    server.listen({ port: options.port, host: '127.0.0.1', exclusive: true }, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  server.on('error', (err) => log(`Loopback sign-in server error: ${err.message}`));
  void options.until.then(close, close);
  return { redirectUri: `http://127.0.0.1:${port}${LOOPBACK_PATH}`, port, closed, close };
}

/** Why the server could not listen, in words for the person signing in (the system's code goes to the log). */
export function listenProblem(err: NodeJS.ErrnoException, port: number): string {
  const register = `set ${SETTINGS.loopbackPort.id} to a free port and register http://127.0.0.1:<that port>${LOOPBACK_PATH} as your OAuth application's redirect URL.`;
  if (err.code === 'EADDRINUSE') return `Port ${port} is in use; ${register}`;
  if (err.code === 'EACCES')
    return `Port ${port} may not be used by this program (ports below 1024 need administrator rights); ${register}`;
  return `The sign-in server could not listen on 127.0.0.1:${port}; ${register}`;
}

/** The sign-in's page, with a fresh nonce for its script. */
function page(res: ServerResponse): void {
  const nonce = randomBytes(16).toString('base64');
  res.writeHead(200, {
    ...SAFE_HEADERS,
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': loopbackPageCsp(nonce),
  });
  res.end(loopbackPage(nonce));
}

function reply(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...SAFE_HEADERS, 'content-type': 'text/plain; charset=utf-8', ...extra });
  res.end(text);
}

function json(res: ServerResponse, status: number, body: AnswerReply): void {
  res.writeHead(status, { ...SAFE_HEADERS, 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const SAFE_HEADERS = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  connection: 'close',
};

async function readAnswer(req: IncomingMessage): Promise<PostedAnswer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  try {
    const value = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const { query, fragment } = value as Record<string, unknown>;
    return typeof query === 'string' && typeof fragment === 'string' ? { query, fragment } : undefined;
  } catch {
    return undefined;
  }
}
