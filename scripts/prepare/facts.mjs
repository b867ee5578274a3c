// What `scripts/prepare.mjs` decides on, read from this machine: a few stats and file reads, and
// one dpkg-query only when the editor still has to be provisioned. Node's standard library only.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumPath, provisioned } from '../provision-editor.mjs';
import { lockHolders } from './decide.mjs';

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

/** apt's and dpkg's locks, the one apt-get takes first (and holds longest) first. */
export const APT_LOCKS = ['/var/lib/dpkg/lock-frontend', '/var/lib/dpkg/lock', '/var/lib/apt/lists/lock', '/var/cache/apt/archives/lock'];

/** A process's command line (its name when it has none), or undefined once it is gone. */
function processCommand(pid) {
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    return cmdline || readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/**
 * Who holds a lock on the files now (apt's and dpkg's unless told), with each process's command
 * line: /proc/locks names the lock by device and inode. None where there is no /proc/locks.
 * @returns {{ path: string, pid: number, command?: string }[]}
 */
export function aptLockHolders(paths = APT_LOCKS) {
  let procLocks;
  try {
    procLocks = readFileSync('/proc/locks', 'utf8');
  } catch {
    return [];
  }
  const files = paths.flatMap((path) => {
    try {
      const { dev, ino } = statSync(path, { bigint: true });
      // Linux's device number (glibc's major() and minor()): the major in bits 8-19 and 44-63, the minor in bits 0-7 and 20-43.
      const major = Number(((dev >> 8n) & 0xfffn) | ((dev >> 32n) & 0xfffff000n));
      const minor = Number((dev & 0xffn) | ((dev >> 12n) & 0xffffff00n));
      return [{ path, major, minor, ino }];
    } catch {
      return [];
    }
  });
  return lockHolders(procLocks, files).map((h) => ({ ...h, command: processCommand(h.pid) }));
}
