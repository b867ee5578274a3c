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
  const install = ['apt-get', 'install', '-y', '-qq', ...f.packages];
  return { commands: f.listsReady ? [install] : [['apt-get', 'update', '-qq'], install] };
}
