// Runs the in-host mocha suite (test/suite) inside a real VS Code extension host: VS Code's server
// from code-server, the web workbench in Debian Chromium driven by playwright-core, and the test
// payload that makes the workbench load the extension from this folder and run out/test/suite.
// Exit code: the suite's.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath, makeWorkDir, startVsCodeServer } from './editor.mjs';

const root = resolve(import.meta.dirname, '..');
const started = Date.now();
const lap = (m) => console.log(`[in-host ${((Date.now() - started) / 1000).toFixed(1)}s] ${m}`);

// `--production`: the extension as it ships (minified, no sourcemaps), e.g. to measure its activation.
execFileSync(process.execPath, ['scripts/build.mjs', ...(process.argv.includes('--production') ? ['--production'] : [])], {
  cwd: root,
  stdio: 'inherit',
});
execFileSync(process.execPath, ['scripts/build-suite.mjs'], { cwd: root, stdio: 'inherit' });
const executablePath = chromiumPath();
const work = makeWorkDir('in-host');
// `CONTENT_SITE_IN_HOST_CODE_CACHE=DIR`: the extension's code cache (src/start.ts) is taken from DIR
// and kept there afterwards, so that a run can start as a user's second start does (the bench's
// "later starts"); every other run starts as after an install, with none.
const keptCodeCache = process.env.CONTENT_SITE_IN_HOST_CODE_CACHE;
const codeCache = join(work.userData, 'User/globalStorage/contentsite.content-site/code-cache');
if (keptCodeCache && existsSync(keptCodeCache)) cpSync(keptCodeCache, codeCache, { recursive: true });
let server;
let browser;
let code = 1;
try {
  server = await startVsCodeServer(work);
  lap(`VS Code server at ${server.url}`);
  browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, env: work.env });
  const page = await browser.newPage();
  let finish;
  const finished = new Promise((r) => (finish = r));
  // The workbench's own chatter (chat, telemetry hosts, service worker) is not ours to show.
  const noise =
    /ChatModelSelection|AgentHost|AccountPolicy|Service Worker|Creating a socket|authentication provider 'github'|ERR_NAME_NOT_RESOLVED|ENOTFOUND|open-vsx|Method Not Allowed|status of 405/;
  await page.exposeFunction('codeAutomationLog', (type, args) => {
    if (!noise.test(args.map(String).join(' '))) console[type === 'error' ? 'error' : 'log'](...args);
  });
  await page.exposeFunction('codeAutomationExit', (c) => finish(c));
  // What the workbench itself logs as a warning or an error (a failed save, a refused edit) is not
  // in the suite's output; it is kept and printed when the suite fails, to say what the editor saw.
  const workbenchSaid = [];
  page.on('console', (m) => {
    if ((m.type() === 'error' || m.type() === 'warning') && !noise.test(m.text()))
      workbenchSaid.push(`[workbench ${m.type()} at ${((Date.now() - started) / 1000).toFixed(1)}s] ${m.text()}`);
  });
  const remote = (p) => `vscode-remote://127.0.0.1:${server.port}${p}`;
  const payload = [
    ['extensionDevelopmentPath', remote(root)],
    ['extensionTestsPath', remote(`${root}/out/test/suite/index.js`)],
    ['skipWelcome', 'true'],
  ];
  await page.goto(`${server.url}/?folder=${encodeURIComponent(work.workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
  const result = await Promise.race([finished, new Promise((r) => setTimeout(() => r('timeout'), 180_000))]);
  lap(`extension host exited with ${result}`);
  code = result === 0 ? 0 : 1;
  if (code !== 0 && workbenchSaid.length) console.error(workbenchSaid.join('\n').slice(-20_000));
  if (result === 'timeout') console.error(server.output().slice(-3000));
} catch (err) {
  console.error(err);
} finally {
  await browser?.close().catch(() => {});
  await server?.stop();
  if (keptCodeCache && existsSync(codeCache)) {
    rmSync(keptCodeCache, { recursive: true, force: true });
    cpSync(codeCache, keptCodeCache, { recursive: true });
  }
  work.remove();
}
process.exit(code);
