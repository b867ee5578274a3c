/** The client honours the standard proxy variables (HTTP_PROXY / HTTPS_PROXY / NO_PROXY). */
import * as assert from 'node:assert/strict';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { ContentSiteClient } from '../../src/api';
import { useClientAndService } from './setup';
import { proxyEnvironment } from './proxyEnv';

const { svc } = useClientAndService();

/** A forward proxy (absolute-URI requests and CONNECT tunnels) that remembers what went through it. */
function forwardProxy(): Promise<{ server: Server; url: string; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
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
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen })),
  );
}

describe('Proxy settings from the environment', () => {
  const { useProxy } = proxyEnvironment();

  it('sends requests through HTTP_PROXY, and straight to hosts in NO_PROXY', async () => {
    const proxy = await forwardProxy();
    try {
      useProxy(proxy.url);
      const viaProxy = new ContentSiteClient({ baseUrl: svc().restUrl, token: 'cs-demo-token' });
      assert.equal((await viaProxy.sites.get(2001)).ID, 2001);
      // undici tunnels through the proxy (CONNECT) or forwards the absolute URL: either way it went there.
      assert.equal(proxy.seen.length, 1);
      assert.match(proxy.seen[0], new RegExp(`^(CONNECT 127\\.0\\.0\\.1:${svc().port}|GET ${svc().restUrl}/v1/sites/2001)$`));
      await viaProxy.close();

      process.env.NO_PROXY = '127.0.0.1';
      const direct = new ContentSiteClient({ baseUrl: svc().restUrl, token: 'cs-demo-token' });
      assert.equal((await direct.sites.get(2001)).ID, 2001);
      assert.equal(proxy.seen.length, 1, 'NO_PROXY bypassed the proxy');
      await direct.close();
    } finally {
      proxy.server.closeAllConnections();
      proxy.server.close();
    }
  });
});
