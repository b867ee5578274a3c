// The editor harness shared by `npm start`, the in-host suite and the e2e tests: a fresh, isolated
// VS Code (code-server from the npm registry, run on Node 24 from the npm registry) per run, with
// its own HOME, XDG folders, TMPDIR, user-data and extensions folders, stopped by process group.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { cacheDir, provision } from './provision-editor.mjs';

export { chromiumPath } from './provision-editor.mjs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--disable-popup-blocking',
];

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** A throwaway home for one editor run: nothing is written to the real home folder. */
export function makeWorkDir(name) {
  mkdirSync(join(cacheDir, 'runs'), { recursive: true });
  const dir = mkdtempSync(join(cacheDir, 'runs', `${name}-`));
  for (const d of ['home', 'user-data/User', 'extensions', 'server-data', 'tmp', 'workspace']) mkdirSync(join(dir, d), { recursive: true });
  return {
    dir,
    home: join(dir, 'home'),
    userData: join(dir, 'user-data'),
    extensions: join(dir, 'extensions'),
    serverData: join(dir, 'server-data'),
    workspace: join(dir, 'workspace'),
    env: {
      ...process.env,
      HOME: join(dir, 'home'),
      XDG_CONFIG_HOME: join(dir, 'home'),
      XDG_DATA_HOME: join(dir, 'home'),
      XDG_CACHE_HOME: join(dir, 'home'),
      TMPDIR: join(dir, 'tmp'),
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export function writeUserSettings(work, settings) {
  writeFileSync(join(work.userData, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
}

/** Installs a VSIX the way users do, with code-server's own CLI. */
export function installVsix(work, vsix) {
  const { node, codeServerBin } = provision();
  execFileSync(
    node,
    [codeServerBin, '--install-extension', vsix, '--extensions-dir', work.extensions, '--user-data-dir', work.userData, '--force'],
    { env: work.env, stdio: 'pipe' },
  );
}

async function waitForHttp(url, child, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`the editor exited early with code ${child.exitCode}`);
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the editor did not answer at ${url} within ${ms / 1000} s`);
}

function stopper(child) {
  return async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((r) => child.once('exit', r));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, 3000);
    await exited;
    clearTimeout(timer);
  };
}

/**
 * code-server (what `npm start` and the e2e tests use): the installed VSIX, user settings from
 * `work.userData`, no auth, loopback only.
 */
export async function startCodeServer(work, { port } = {}) {
  const { node, codeServerBin } = provision();
  const p = port ?? (await freePort());
  const config = join(work.dir, 'code-server.yaml');
  writeFileSync(config, 'auth: none\ncert: false\n');
  return launch(
    node,
    [
      codeServerBin,
      '--bind-addr',
      `127.0.0.1:${p}`,
      '--auth',
      'none',
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      '--user-data-dir',
      work.userData,
      '--extensions-dir',
      work.extensions,
      '--config',
      config,
      work.workspace,
    ],
    work,
    p,
    '/healthz',
  );
}

/** VS Code's own server (for the in-host test payload, which code-server's CLI rejects). */
export async function startVsCodeServer(work) {
  const { node, serverMain } = provision();
  const p = await freePort();
  return launch(
    node,
    [
      serverMain,
      '--host',
      '127.0.0.1',
      '--port',
      String(p),
      '--without-connection-token',
      '--accept-server-license-terms',
      '--enable-smoke-test-driver',
      '--disable-telemetry',
      '--disable-workspace-trust',
      '--server-data-dir',
      work.serverData,
      '--user-data-dir',
      work.userData,
      '--extensions-dir',
      work.extensions,
      '--reconnection-grace-time',
      '10',
    ],
    work,
    p,
    '/',
  );
}

/** Starts an editor process in its own process group and waits until it answers at `readyPath`. */
async function launch(node, args, work, port, readyPath) {
  const child = spawn(node, args, { env: work.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const stop = stopper(child);
  try {
    await waitForHttp(`${url}${readyPath}`, child, 60_000);
  } catch (err) {
    await stop();
    throw new Error(`${err.message}\n${output.slice(-2000)}`);
  }
  return { url, port, stop, output: () => output };
}
