// Starts the clock, then loads a first-call client bundle (out/bench/firstCall*.js, built by
// `scripts/build.mjs --bench`) in this fresh process: what it reports includes loading its code.
// `node scripts/bench/firstCall.cjs BUNDLE REST_URL`.
const { performance } = require('node:perf_hooks');
const { resolve } = require('node:path');

globalThis.benchStartedAt = performance.now();
require(resolve(process.argv[2]));
