// Prepares what an npm command needs before it starts, so that `npm start` and `npm test` work as
// the first commands on a fresh clone (Debian, Node 20.19+, npm):
//   npm      `npm ci` when node_modules is missing or older than package-lock.json
//   browser  Debian's chromium (for the in-host and end-to-end tests)
//   editor   Node 24 + code-server from the npm registry into .vscode-test/ (scripts/provision-editor.mjs),
//            with libkrb5-dev first (code-server's native modules build against it)
// Missing Debian packages are installed with apt-get when running as root; otherwise one line says
// the command to run, and the exit code is 1. While another apt-get or dpkg holds their locks (an
// unattended upgrade, another checkout's install), apt-get waits for them up to two minutes, then
// one sentence says which process holds which lock. What is already prepared costs a few
// milliseconds and prints nothing. Node's standard library only: nothing is installed yet when this runs.
// Usage: node scripts/prepare.mjs [npm] [browser] [editor]
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { aptGet, aptLockDecision, debianPlan, missingDebianPackages, nodeProblem, npmDecision } from './prepare/decide.mjs';
import { aptLockHolders, chromiumFound, debianFacts, debianPackageInstalled, editorProvisioned, npmFacts } from './prepare/facts.mjs';
import { provision } from './provision-editor.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const KNOWN = ['npm', 'browser', 'editor'];
const needs = process.argv.slice(2);

/** Runs a command with no stdin (CI has none), its output shown; fails with the command named. */
function run(cmd, env = process.env) {
  try {
    execFileSync(cmd[0], cmd.slice(1), { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env });
  } catch {
    throw new Error(`\`${cmd.join(' ')}\` failed (see its output above).`);
  }
}

/** An apt-get failure that is another process's lock: nothing else is tried after it. */
class AptLockError extends Error {}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Runs an apt-get command; when it fails while another process holds apt's or dpkg's locks, waits
 * for them to be let go and runs it again, until the wait is over (aptLockDecision).
 */
function runApt(cmd, env) {
  const started = Date.now();
  const decide = () => aptLockDecision({ command: cmd, holders: aptLockHolders(), waitedMs: Date.now() - started });
  for (;;) {
    try {
      return run(cmd, env);
    } catch (err) {
      let decision = decide();
      if (decision.action === 'not a lock') throw err;
      if (decision.action === 'wait') console.log(`[prepare] ${decision.message}`);
      // Until the locks are let go or the wait is over (running the command each second would print its error each second).
      while (decision.action === 'wait') {
        sleep(1000);
        decision = decide();
      }
      if (decision.action === 'give up') throw new AptLockError(decision.message);
    }
  }
}

function timed(label, fn) {
  const t = Date.now();
  console.log(`[prepare] ${label}…`);
  fn();
  console.log(`[prepare] ${label}: done in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

function prepareDebian() {
  const provisioned = editorProvisioned();
  const packages = missingDebianPackages({
    needs,
    chromiumFound: chromiumFound(),
    editorProvisioned: provisioned,
    krb5Installed: provisioned || !needs.includes('editor') || debianPackageInstalled('libkrb5-dev'),
  });
  const plan = debianPlan({ packages, ...debianFacts() });
  if ('message' in plan) throw new Error(plan.message);
  if (plan.commands.length === 0) return;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  timed(`apt-get install ${packages.join(' ')}`, () => {
    try {
      for (const cmd of plan.commands) runApt(cmd, env);
    } catch (err) {
      // Package lists that are there but out of date name versions the mirror no longer has.
      if (plan.commands.length > 1 || err instanceof AptLockError) throw err;
      runApt(aptGet('update', '-qq'), env);
      runApt(plan.commands[0], env);
    }
  });
}

function prepareNpm() {
  const decision = npmDecision(npmFacts(root));
  if (decision.action === 'refuse') throw new Error(decision.message);
  if (decision.action === 'npm ci') timed(`npm ci (${decision.reason})`, () => run(['npm', 'ci', '--no-audit', '--no-fund']));
}

try {
  const unknown = needs.filter((n) => !KNOWN.includes(n));
  if (unknown.length > 0) throw new Error(`unknown preparation ${unknown.join(', ')}; known: ${KNOWN.join(', ')}.`);
  const problem = nodeProblem(process.version);
  if (problem) throw new Error(problem);
  prepareDebian();
  if (needs.includes('npm')) prepareNpm();
  if (needs.includes('editor') && !editorProvisioned()) timed('editor provisioning', () => provision());
} catch (err) {
  console.error(`[prepare] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
