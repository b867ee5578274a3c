// The decisions of `scripts/prepare.mjs`, as functions of the facts it gathered (no I/O here), so
// that they are tested without running npm or apt-get. Node's standard library only: nothing is
// installed when they run.

export const MIN_NODE = '20.19.0';

/** @returns {string | undefined} why this Node cannot run the project, or undefined when it can. */
export function nodeProblem(version) {
  const have = version.replace(/^v/, '').split('.').map(Number);
  const need = MIN_NODE.split('.').map(Number);
  for (let i = 0; i < need.length; i++) {
    if (have[i] > need[i]) return undefined;
    if (have[i] < need[i])
      return `Content Site needs Node ${MIN_NODE} or newer; this is Node ${version.replace(/^v/, '')}. Install a newer Node, then run the command again.`;
  }
  return undefined;
}

/**
 * Whether `npm ci` must run.
 * @param {{ lockMtimeMs: number, installedMtimeMs?: number, nodeModulesExists: boolean, nodeModulesLinkTarget?: string }} f
 *   installedMtimeMs: when npm last installed (node_modules/.package-lock.json, written by every
 *   npm ci/install); nodeModulesLinkTarget: set when node_modules is a symbolic link (a shared install).
 * @returns {{ action: 'none' } | { action: 'npm ci', reason: string } | { action: 'refuse', message: string }}
 */
export function npmDecision(f) {
  let reason;
  if (!f.nodeModulesExists) reason = 'node_modules is missing';
  else if (f.installedMtimeMs === undefined) reason = 'node_modules is incomplete (no node_modules/.package-lock.json)';
  else if (f.installedMtimeMs < f.lockMtimeMs) reason = 'package-lock.json changed since node_modules was installed';
  else return { action: 'none' };
  // npm ci empties node_modules first: through a link it would wipe another checkout's install.
  if (f.nodeModulesLinkTarget !== undefined) {
    return {
      action: 'refuse',
      message: `${reason}, but node_modules links to ${f.nodeModulesLinkTarget}, which another checkout shares: run \`npm ci\` there (or remove the link), then run the command again.`,
    };
  }
  return { action: 'npm ci', reason };
}

/**
 * The Debian packages a command still needs.
 * @param {{ needs: string[], chromiumFound: boolean, editorProvisioned: boolean, krb5Installed: boolean }} f
 *   needs: what the command prepares ('npm', 'editor', 'browser'); krb5Installed: libkrb5-dev's
 *   headers, which code-server's native modules compile against (only while provisioning the editor).
 */
export function missingDebianPackages(f) {
  const missing = [];
  if (f.needs.includes('browser') && !f.chromiumFound) missing.push('chromium');
  if (f.needs.includes('editor') && !f.editorProvisioned && !f.krb5Installed) missing.push('libkrb5-dev');
  return missing;
}

/**
 * How long an apt-get command waits for another apt-get or dpkg (an unattended upgrade, another
 * install) to let go of its locks before this script gives up and says who holds them.
 */
export const APT_LOCK_WAIT_SECONDS = 120;

/**
 * An apt-get command that waits for dpkg's locks instead of failing at once (apt 1.9.11 and newer;
 * an older apt-get ignores the option). `apt-get update` takes the package lists' lock, which the
 * option does not cover: waiting for that one is `aptLockDecision`'s.
 */
export function aptGet(...args) {
  return ['apt-get', '-o', `DPkg::Lock::Timeout=${APT_LOCK_WAIT_SECONDS}`, ...args];
}

/**
 * How to install missing Debian packages: the commands to run (as root), or the one line to print.
 * @param {{ packages: string[], isRoot: boolean, hasApt: boolean, listsReady: boolean }} f
 *   listsReady: apt's package lists have been downloaded (a fresh container has none).
 * @returns {{ commands: string[][] } | { message: string }}
 */
export function debianPlan(f) {
  if (f.packages.length === 0) return { commands: [] };
  const names = f.packages.join(' ');
  if (!f.hasApt) {
    return {
      message: `Missing: ${names}. This machine has no apt-get: install Chromium with its package manager and set CHROME_PATH to its binary, then run the command again.`,
    };
  }
  if (!f.isRoot) {
    return {
      message: `Missing Debian packages: ${names}. Install them with \`sudo apt-get update && sudo apt-get install -y ${names}\`, then run the command again.`,
    };
  }
  const install = aptGet('install', '-y', '-qq', ...f.packages);
  return { commands: f.listsReady ? [install] : [aptGet('update', '-qq'), install] };
}

/**
 * The processes that hold a lock on one of the files, read from /proc/locks (the kernel's list of
 * file locks: apt-get and dpkg lock with fcntl, `flock` with flock; a `->` line is a process still
 * waiting for the lock, not holding it).
 * @param {string} procLocks the text of /proc/locks
 * @param {{ path: string, major: number, minor: number, ino: bigint | number }[]} files each file's device and inode (stat)
 * @returns {{ path: string, pid: number }[]} in the order of `files`
 */
export function lockHolders(procLocks, files) {
  const held = [];
  for (const line of procLocks.split('\n')) {
    // 1: POSIX  ADVISORY  WRITE 4242 fe:00:15343618 0 EOF   (device numbers in hex)
    const m = /^\d+:\s+(\S+)\s+\S+\s+\S+\s+(-?\d+)\s+([0-9a-f]+):([0-9a-f]+):(\d+)\s/.exec(line);
    if (!m || m[1] === '->' || Number(m[2]) <= 0) continue;
    held.push({ pid: Number(m[2]), major: parseInt(m[3], 16), minor: parseInt(m[4], 16), ino: m[5] });
  }
  return files.flatMap((f) =>
    held.filter((h) => h.major === f.major && h.minor === f.minor && h.ino === String(f.ino)).map((h) => ({ path: f.path, pid: h.pid })),
  );
}

/**
 * What to do when an apt-get command failed, by who holds apt's and dpkg's locks now: nothing to
 * do with a lock when nobody holds one; wait while the command has waited less than
 * APT_LOCK_WAIT_SECONDS (then run it again); else give up with one sentence that says which
 * process holds which lock.
 * @param {{ command: string[], holders: { path: string, pid: number, command?: string }[], waitedMs: number }} f
 *   command: the apt-get command (aptGet's); holders: aptLockHolders' (the frontend lock first);
 *   waitedMs: since the command first started.
 * @returns {{ action: 'not a lock' } | { action: 'wait' | 'give up', message: string }}
 */
export function aptLockDecision(f) {
  if (f.holders.length === 0) return { action: 'not a lock' };
  const [holder] = f.holders;
  const process = `process ${holder.pid}${holder.command ? ` (${holder.command})` : ''}`;
  const args = f.command.slice(1).filter((a, i, all) => a !== '-o' && all[i - 1] !== '-o' && !a.startsWith('-'));
  const what =
    args[0] === 'install' ? `install ${args.slice(1).join(' ')}` : args[0] === 'update' ? 'update the package lists' : args.join(' ');
  if (f.waitedMs < APT_LOCK_WAIT_SECONDS * 1000)
    return {
      action: 'wait',
      message: `apt-get waits up to ${APT_LOCK_WAIT_SECONDS} s to ${what}: ${holder.path} is held by ${process}.`,
    };
  return {
    action: 'give up',
    message: `apt-get could not ${what}: after ${APT_LOCK_WAIT_SECONDS} s, ${holder.path} is still held by ${process}; let it finish (or stop it), then run the command again.`,
  };
}
