// Starts the clock, then imports a first-call client (out/bench/firstCall*.mjs, built by
// `scripts/build.mjs --bench`) in this fresh process: what it reports includes loading its code,
// and the chunks it imports on the way (undici, the schemas) as the extension does.
// `node scripts/bench/firstCall.cjs BUNDLE REST_URL`; prints JSON `{ ms }` on its last line.
const { performance } = require('node:perf_hooks');
const { resolve } = require('node:path');
const { pathToFileURL } = require('node:url');

globalThis.benchStartedAt = performance.now();
import(pathToFileURL(resolve(process.argv[2])).href).catch((err) => {
  console.error(err);
  process.exit(1);
});
