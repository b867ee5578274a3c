/** What several integration tests share: the failure a call ends in, and a forward proxy on loopback. */
import * as assert from 'node:assert/strict';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { ContentSiteError } from '../../src/api';

/**
 * The ContentSiteError `p` rejects with; the test fails when it resolves or rejects with anything
 * else. `without`: a secret (a token) that none of the error's sentences or its request may hold.
 */
export async function caught(p: Promise<unknown>, o: { without?: string } = {}): Promise<ContentSiteError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof ContentSiteError, `expected a ContentSiteError, got ${String(err)}`);
    if (o.without !== undefined)
      for (const text of [err.userMessage, err.message, err.request ?? '']) assert.ok(!text.includes(o.without), `token in "${text}"`);
    return err;
  }
  assert.fail('expected the call to fail');
}

export interface ForwardProxy {
  server: Server;
  url: string;
  /** Each request that went through: `CONNECT host:port`, or the method and absolute URL forwarded. */
  seen: string[];
  /** The `host:port` of each CONNECT tunnel opened. */
  tunnels: string[];
}

/**
 * A forward proxy that remembers what went through it: CONNECT tunnels, and absolute-URI requests
 * forwarded (answered 405 with `tunnelsOnly`, to show that only a tunnel would do).
 */
export function forwardProxy(o: { tunnelsOnly?: boolean } = {}): Promise<ForwardProxy> {
  const seen: string[] = [];
  const tunnels: string[] = [];
  const server = createServer((req, res) => {
    if (o.tunnelsOnly) {
      res.writeHead(405).end();
      return;
    }
    seen.push(`${req.method} ${req.url}`);
    const target = new URL(req.url ?? '');
    const upstream = httpRequest(
      {
        hostname: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: req.method,
        headers: req.headers,
      },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connect', (req, socket, head) => {
    seen.push(`CONNECT ${req.url}`);
    tunnels.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, tunnels }),
    ),
  );
}

/** Resolves once `check` holds, checked after every change of `source` (the extension's own, src/models/emitter.ts). */
export { untilChanged } from '../../src/models/emitter';
