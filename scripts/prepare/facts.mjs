// What `scripts/prepare.mjs` decides on, read from this machine: a few stats and file reads, and
// one dpkg-query only when the editor still has to be provisioned. Node's standard library only.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readlinkSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumPath, provisioned } from '../provision-editor.mjs';

const mtime = (path) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
};

export function npmFacts(root) {
  const nodeModules = join(root, 'node_modules');
  const link = (() => {
    try {
      return lstatSync(nodeModules).isSymbolicLink() ? readlinkSync(nodeModules) : undefined;
    } catch {
      return undefined;
    }
  })();
  return {
    lockMtimeMs: mtime(join(root, 'package-lock.json')) ?? 0,
    installedMtimeMs: mtime(join(nodeModules, '.package-lock.json')),
    nodeModulesExists: existsSync(nodeModules),
    nodeModulesLinkTarget: link,
  };
}

export function chromiumFound() {
  try {
    chromiumPath();
    return true;
  } catch {
    return false;
  }
}

export { provisioned as editorProvisioned };

/** Whether a Debian package is installed; true where there is no dpkg (not a Debian machine: cannot tell). */
export function debianPackageInstalled(name) {
  if (!existsSync('/usr/bin/dpkg-query')) return true;
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${db:Status-Abbrev}', name], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .startsWith('ii');
  } catch {
    return false;
  }
}

export function debianFacts() {
  let lists = [];
  try {
    lists = readdirSync('/var/lib/apt/lists');
  } catch {
    /* no apt */
  }
  return {
    isRoot: process.getuid?.() === 0,
    hasApt: existsSync('/usr/bin/apt-get'),
    listsReady: lists.some((name) => name.includes('_Packages')),
  };
}
