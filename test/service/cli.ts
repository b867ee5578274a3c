/**
 * `npm run service -- --port 4000 [--latency 150] [--redirect-uri URI] [--redirect-uri-prefix P] [--ping-ms 27000] [--posts 10000]`
 * Runs the reference service with demo data until interrupted; `--posts N` adds N posts to the demo
 * site (a whole site to keep in a folder, at scale).
 */
import { parseArgs } from 'node:util';
import { DEFAULT_PING_MS, DEMO_CLIENT_ID, startService } from './index';
import { MAX_SITE_POSTS, SITE_POSTS_FIRST_ID } from './seedLargeSite';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4000' },
    latency: { type: 'string', default: '0' },
    'redirect-uri': { type: 'string', multiple: true, default: [] },
    'redirect-uri-prefix': { type: 'string', multiple: true, default: [] },
    'fixed-clock': { type: 'boolean', default: false },
    'ping-ms': { type: 'string', default: String(DEFAULT_PING_MS) },
    posts: { type: 'string', default: '0' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be 0 to 65535 (got "${values.port}")`);
  process.exit(2);
}

const pingMs = Number(values['ping-ms']);
if (!Number.isInteger(pingMs) || pingMs < 1) {
  console.error(`--ping-ms must be a whole number of milliseconds, 1 or more (got "${values['ping-ms']}")`);
  process.exit(2);
}

const sitePosts = Number(values.posts);
if (!/^\d+$/.test(values.posts) || sitePosts > MAX_SITE_POSTS) {
  console.error(`--posts must be a whole number from 0 to ${MAX_SITE_POSTS} (got "${values.posts}")`);
  process.exit(2);
}

void (async () => {
  const service = await startService({
    port,
    latencyMs: Number(values.latency) || 0,
    pingMs,
    now: values['fixed-clock'] ? undefined : Math.floor(Date.now() / 1000),
    seed: { redirectUris: values['redirect-uri'], redirectUriPrefixes: values['redirect-uri-prefix'], sitePosts },
  });
  console.log(`Content Site reference service listening on ${service.url}`);
  if (sitePosts) console.log(`demo site: ${sitePosts} more posts (IDs from ${SITE_POSTS_FIRST_ID})`);
  const roles: Record<string, string> = { demo: 'administrator', ed: 'editor', ann: 'author', con: 'contributor', sub: 'subscriber' };
  for (const [login, role] of Object.entries(roles)) console.log(`token ${login} ${role}: cs-${login}-token`);
  console.log(`OAuth client id: ${DEMO_CLIENT_ID}  (authorize: ${service.url}/oauth2/authorize)`);
  console.log(`push channel: ${service.url.replace(/^http/, 'ws')}/pinghub/wpcom/me/newest-note-data (ping every ${pingMs} ms)`);
  const stop = (): void => {
    void service.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
})().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
