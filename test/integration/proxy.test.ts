/** The client honours the standard proxy variables (HTTP_PROXY / HTTPS_PROXY / NO_PROXY). */
import * as assert from 'node:assert/strict';
import { ContentSiteClient } from '../../src/api';
import { forwardProxy } from './helpers';
import { useClientAndService } from './setup';
import { proxyEnvironment } from './proxyEnv';

const { svc } = useClientAndService();

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
