/**
 * A proxy between a client and the reference service that holds back chosen requests or answers,
 * as a real network does, so a test can make one answer arrive after another: the race happens
 * because the test makes it happen, not because it hopes for it.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type HoldMode =
  /** The request waits at the proxy; the service sees it only when released. */
  | 'request'
  /** The service answers at once; the answer waits at the proxy until released. */
  | 'response'
  /** The service answers; the client's connection is then cut (the answer is lost). */
  | 'lose-response';

export interface Hold {
  /** The request reached the proxy. */
  readonly arrived: Promise<void>;
  /** The service has answered it (for 'response' and 'lose-response'). */
  readonly answered: Promise<void>;
  release(): void;
}

interface Pending {
  matches: (method: string, path: string) => boolean;
  mode: HoldMode;
  arrived: () => void;
  answered: () => void;
  released: Promise<void>;
}

export interface HoldProxy {
  restUrl: string;
  /** Holds the next request that matches (once). */
  hold(method: string, pathPrefix: string, mode: HoldMode): Hold;
  /**
   * Sends the next request that matches on to the service as `to(path)` instead (once): the client
   * gets the service's answer to another question, as from a mixed-up cache or proxy. Resolves once
   * the rewritten request has been answered.
   */
  rewrite(method: string, pathPrefix: string, to: (path: string) => string): Promise<void>;
  /**
   * Gives the next request that matches the service's own answer with its JSON changed by `change`
   * (once; asked uncompressed): an answer the client cannot read, as from a broken cache or a
   * service bug. Resolves once the changed answer has been sent.
   */
  edit(method: string, pathPrefix: string, change: (json: unknown) => unknown): Promise<void>;
  close(): Promise<void>;
}

export async function startHoldProxy(target: string): Promise<HoldProxy> {
  const upstream = new URL(target);
  const holds: Pending[] = [];
  const rewrites: Array<{ matches: (method: string, path: string) => boolean; to: (path: string) => string; done: () => void }> = [];
  const edits: Array<{ matches: (method: string, path: string) => boolean; change: (json: unknown) => unknown; done: () => void }> = [];
  const forward = (
    req: IncomingMessage,
    body: Buffer,
    path = req.url,
    plain = false,
  ): Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }> =>
    new Promise((resolve, reject) => {
      const out = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path,
          headers: { ...req.headers, host: upstream.host, ...(plain ? { 'accept-encoding': 'identity' } : {}) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
          res.on('error', reject);
        },
      );
      out.on('error', reject);
      out.end(body);
    });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const i = holds.findIndex((h) => h.matches(req.method ?? 'GET', req.url ?? ''));
        const hold = i >= 0 ? holds.splice(i, 1)[0] : undefined;
        hold?.arrived();
        if (hold?.mode === 'request') await hold.released;
        const r = rewrites.findIndex((w) => w.matches(req.method ?? 'GET', req.url ?? ''));
        const rewrite = r >= 0 ? rewrites.splice(r, 1)[0] : undefined;
        const e = edits.findIndex((w) => w.matches(req.method ?? 'GET', req.url ?? ''));
        const edit = e >= 0 ? edits.splice(e, 1)[0] : undefined;
        const answer = await forward(req, body, rewrite ? rewrite.to(req.url ?? '') : req.url, Boolean(edit));
        if (edit) answer.body = Buffer.from(JSON.stringify(edit.change(JSON.parse(answer.body.toString('utf8')))));
        rewrite?.done();
        hold?.answered();
        if (hold && hold.mode !== 'request') await hold.released;
        if (hold?.mode === 'lose-response') {
          req.socket.destroy();
          return;
        }
        const headers = { ...answer.headers };
        delete headers['transfer-encoding'];
        delete headers.connection;
        res.writeHead(answer.status, { ...headers, 'content-length': String(answer.body.length) });
        res.end(answer.body, () => edit?.done());
      })().catch(() => req.socket.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    restUrl: `http://127.0.0.1:${port}${upstream.pathname.replace(/\/$/, '')}`,
    hold(method, pathPrefix, mode) {
      let arrived!: () => void;
      let answered!: () => void;
      let release!: () => void;
      const a = new Promise<void>((r) => (arrived = r));
      const b = new Promise<void>((r) => (answered = r));
      const released = new Promise<void>((r) => (release = r));
      holds.push({ matches: (m, p) => m === method && p.startsWith(pathPrefix), mode, arrived, answered, released });
      return { arrived: a, answered: b, release };
    },
    rewrite: (method, pathPrefix, to) =>
      new Promise<void>((done) => rewrites.push({ matches: (m, p) => m === method && p.startsWith(pathPrefix), to, done })),
    edit: (method, pathPrefix, change) =>
      new Promise<void>((done) => edits.push({ matches: (m, p) => m === method && p.startsWith(pathPrefix), change, done })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
