// Starts the clock, then loads a first-call client bundle (out/bench/firstCall*.js, built by
// `scripts/build.mjs --bench`) in this fresh process: what it reports includes loading its code.
// `node scripts/bench/firstCall.cjs BUNDLE REST_URL [CODE_CACHE_DIR]`: with a folder, the bundle
// and the parts it loads go through the extension's code cache there (out/bench/start.js's
// CodeCache, as dist/start.js loads the extension), and what this process compiled is written
// there when it is done: the next process with that folder starts as a user's later start does.
const { performance } = require('node:perf_hooks');
const { dirname, resolve } = require('node:path');

const bundle = resolve(process.argv[2]);
const cacheDir = process.argv[4];
if (cacheDir) {
  const { CodeCache } = require(resolve(dirname(bundle), 'start.js'));
  // Parts are written only at the end (an hour's delay never comes: its timer does not hold the process).
  const cache = new CodeCache(resolve(cacheDir), 3_600_000);
  let saved = false;
  process.on('beforeExit', () => {
    if (saved) return;
    saved = true;
    void cache.saveAll();
  });
  globalThis.benchStartedAt = performance.now();
  cache.load(bundle);
} else {
  globalThis.benchStartedAt = performance.now();
  require(bundle);
}
