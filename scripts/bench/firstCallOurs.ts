/**
 * One fresh process (built by `scripts/build.mjs --bench`, like the extension: undici and the
 * schemas load on first use from their own files): the time from loading the client to the
 * answer of its first cold load. `node scripts/bench/firstCall.cjs out/bench/firstCallOurs.js
 * REST_URL`; prints JSON `{ ms }` on its last line.
 */
import { performance } from 'node:perf_hooks';
import { ContentSiteClient } from '../../src/api';
import { ourColdLoad, startedAt, TOKEN } from './coldLoad';

async function main(): Promise<void> {
  const t = startedAt();
  const api = new ContentSiteClient({ baseUrl: process.argv[3], token: TOKEN });
  await ourColdLoad(api);
  const ms = performance.now() - t;
  await api.close();
  console.log(JSON.stringify({ ms }));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
