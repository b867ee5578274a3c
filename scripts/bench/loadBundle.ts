/**
 * One fresh process: the time to require dist/extension.js (vscode stubbed), as the extension
 * host's CommonJS loader would, and which of the lazy parts that loaded. Prints JSON on its last line.
 */
import './vscodeStub';
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';

const dist = resolve(__dirname, '../../dist');
const t = performance.now();
// eslint-disable-next-line @typescript-eslint/no-require-imports
require(resolve(dist, 'extension.js'));
const loadMs = performance.now() - t;
const loaded = Object.keys(require.cache).filter((f) => f.startsWith(dist)).map((f) => f.slice(dist.length + 1));
console.log(JSON.stringify({ loadMs, loaded }));
