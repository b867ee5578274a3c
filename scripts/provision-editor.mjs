// Provisions the real editor used by `npm start` and the in-editor tests, on first use, into the
// git-ignored .vscode-test/: Node 24 and code-server, both from the npm registry (code-server needs
// Node 24; nothing is downloaded from anywhere else). Checks for Chromium and says what to install.
// Usage: node scripts/provision-editor.mjs [--check-browser]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const NODE_VERSION = '24.21.0';
export const CODE_SERVER_VERSION = '4.139.1';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const cacheDir = join(root, '.vscode-test');
const marker = join(cacheDir, 'provisioned.json');
const nodePackage = `node-${platform()}-${arch()}`;

export const paths = {
  node: join(cacheDir, 'node24', 'node_modules', nodePackage, 'bin', 'node'),
  nodeDir: join(cacheDir, 'node24', 'node_modules', nodePackage),
  codeServer: join(cacheDir, 'code-server', 'node_modules', 'code-server'),
  codeServerBin: join(cacheDir, 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
  serverMain: join(cacheDir, 'code-server', 'node_modules', 'code-server', 'lib', 'vscode', 'out', 'server-main.js'),
};

export function chromiumPath() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      "Chromium is missing. Install Debian's package: `apt-get update && apt-get install -y chromium` (or set CHROME_PATH to a Chromium binary).",
    );
  }
  return found;
}

/** Whether the editor of these versions is in .vscode-test/ (a file read and two stats). */
export function provisioned() {
  try {
    const m = JSON.parse(readFileSync(marker, 'utf8'));
    return m.node === NODE_VERSION && m.codeServer === CODE_SERVER_VERSION && existsSync(paths.node) && existsSync(paths.serverMain);
  } catch {
    return false;
  }
}

function npmInstall(dir, spec, env) {
  mkdirSync(dir, { recursive: true });
  if (!existsSync(join(dir, 'package.json'))) writeFileSync(join(dir, 'package.json'), '{"private":true}\n');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--foreground-scripts', spec], {
    cwd: dir,
    stdio: 'inherit',
    env,
  });
}

export function provision() {
  if (provisioned()) return paths;
  const started = Date.now();
  console.log(
    `Provisioning the editor into ${cacheDir} (Node ${NODE_VERSION} and code-server ${CODE_SERVER_VERSION} from the npm registry)…`,
  );
  npmInstall(join(cacheDir, 'node24'), `${nodePackage}@${NODE_VERSION}`, { ...process.env, npm_config_yes: 'true' });
  // When run through `npm run`, the outer npm (on the machine's Node) leaves npm_node_execpath,
  // NODE and npm_* settings behind, and the inner npm would run code-server's install scripts
  // on that Node. Start from a clean environment with Node 24 first on PATH.
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== 'NODE' && k !== 'INIT_CWD'));
  const env = {
    ...clean,
    PATH: `${dirname(paths.node)}:${process.env.PATH}`,
    npm_config_nodedir: paths.nodeDir,
    npm_config_yes: 'true',
  };
  npmInstall(join(cacheDir, 'code-server'), `code-server@${CODE_SERVER_VERSION}`, env);
  if (!existsSync(paths.serverMain)) throw new Error(`code-server installed, but ${paths.serverMain} is missing.`);
  writeFileSync(
    marker,
    JSON.stringify({ node: NODE_VERSION, codeServer: CODE_SERVER_VERSION, seconds: Math.round((Date.now() - started) / 1000) }) + '\n',
  );
  console.log(`Editor provisioned in ${Math.round((Date.now() - started) / 1000)} s.`);
  return paths;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    provision();
    if (process.argv.includes('--check-browser')) console.log(`Chromium: ${chromiumPath()}`);
  } catch (err) {
    console.error(String(err instanceof Error ? err.message : err));
    process.exit(1);
  }
}
