/**
 * One fresh process (built by `scripts/build.mjs --bench`): the time from loading wpcom (and
 * undici) to the answer of its first cold load. `node scripts/bench/firstCall.cjs
 * out/bench/firstCallWpcom.js REST_URL`; prints JSON `{ ms }` on its last line.
 */
import { performance } from 'node:perf_hooks';
import { startedAt } from './coldLoad';
import { wpcomClient, wpcomColdLoad } from './wpcomClient';

async function main(): Promise<void> {
  const t = startedAt();
  const wp = wpcomClient(process.argv[3]);
  await wpcomColdLoad(wp);
  const ms = performance.now() - t;
  console.log(JSON.stringify({ ms }));
  process.exit(0); // undici's global pool keeps its sockets open
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
