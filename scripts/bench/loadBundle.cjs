// One fresh plain-Node process (no TypeScript hooks, as in the extension host): the time to require
// dist/extension.js, with a `vscode` stub of the real API's names (each member a constructible no-op whose members
// are too: what module-level code such as `class X extends vscode.TreeItem` needs). Prints JSON
// `{ loadMs, loaded }` on its last line: the milliseconds and which files beside it loaded.
const Module = require('node:module');
const { resolve } = require('node:path');
const { performance } = require('node:perf_hooks');

const member = () => {
  const f = function () {};
  return new Proxy(f, { get: (target, key) => (key === 'prototype' ? target.prototype : member()) });
};
// Every top-level name of the real API (@types/vscode), as many as the bundle's one copy of the
// module (esbuild's CommonJS interop) has to copy in the extension host.
const names = [
  ...require('node:fs')
    .readFileSync(require.resolve('@types/vscode/index.d.ts'), 'utf8')
    .matchAll(/^\texport (?:class|enum|namespace|function|const|let|var) (\w+)/gm),
].map((m) => m[1]);
if (names.length < 150) throw new Error(`@types/vscode gave ${names.length} API names: is its layout still one tab per level?`);
const stub = Object.fromEntries(names.map((n) => [n, member()]));
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'vscode' ? 'vscode' : resolveFilename.call(this, request, ...rest);
};
Module._cache.vscode = { id: 'vscode', filename: 'vscode', loaded: true, exports: stub };

const dist = resolve(__dirname, '../../dist');
/** `node loadBundle.cjs [file]`: another file (another build, or wpcom's bundle) to time the same way. */
const main = resolve(process.argv[2] ?? resolve(dist, 'extension.js'));
// The extension host has Node's own modules loaded already (it uses them itself): load the ones the
// bundle asks for first, so their cost is not counted as the extension's.
const source = require('node:fs').readFileSync(main, 'utf8');
const builtins = new Set(Module.builtinModules);
for (const [, name] of source.matchAll(/require\("(?:node:)?([a-z_/]+)"\)/g)) if (builtins.has(name)) require(name);
const t = performance.now();
require(main);
const loadMs = performance.now() - t;
const dir = require('node:path').dirname(main);
const loaded = Object.keys(require.cache)
  .filter((f) => f.startsWith(dir))
  .map((f) => f.slice(dir.length + 1));
console.log(JSON.stringify({ loadMs, loaded }));
