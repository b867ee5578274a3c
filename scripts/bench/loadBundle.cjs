// One fresh plain-Node process (no TypeScript hooks, as in the extension host): the time to import
// a built ES module (out/bench/extension.mjs, the production build of dist/extension.mjs, with the
// chunks it imports statically), with the bench build's `vscode` (scripts/build.mjs --bench: every
// name of the real API). Prints JSON `{ loadMs }` on its last line.
const Module = require('node:module');
const { readFileSync } = require('node:fs');
const { resolve } = require('node:path');
const { pathToFileURL } = require('node:url');
const { performance } = require('node:perf_hooks');

/** `node loadBundle.cjs FILE`: the built file to time (ours, or wpcom's bundle). */
const main = resolve(process.argv[2]);
// The extension host has Node's own modules loaded already (it uses them itself): load the ones the
// file asks for first, so their cost is not counted as the extension's.
const builtins = new Set(Module.builtinModules);
for (const [, name] of readFileSync(main, 'utf8').matchAll(/(?:require\(|from ?)"(?:node:)?([a-z_/]+)"/g))
  if (builtins.has(name)) require(name);
const t = performance.now();
import(pathToFileURL(main).href).then(
  () => console.log(JSON.stringify({ loadMs: performance.now() - t })),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
