import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  aptLockDecision,
  debianPlan,
  lockHolders,
  missingDebianPackages,
  nodeProblem,
  npmDecision,
} from '../../../scripts/prepare/decide.mjs';
import { aptLockHolders } from '../../../scripts/prepare/facts.mjs';

const ROOT = resolve(__dirname, '../../..');

describe('prepare: which Node runs the project', () => {
  it('refuses a Node older than 20.19 and names both versions', () => {
    assert.match(nodeProblem('v20.18.3') ?? '', /needs Node 20\.19\.0 or newer; this is Node 20\.18\.3/);
    assert.match(nodeProblem('18.20.0') ?? '', /this is Node 18\.20\.0/);
  });

  it('accepts 20.19 and anything newer', () => {
    for (const v of ['v20.19.0', 'v20.20.2', 'v22.1.0', 'v24.21.0']) assert.equal(nodeProblem(v), undefined, v);
  });
});

describe('prepare: when npm ci runs', () => {
  const lock = 1_000_000;

  it('installs when node_modules is missing', () => {
    assert.deepEqual(npmDecision({ lockMtimeMs: lock, nodeModulesExists: false }), { action: 'npm ci', reason: 'node_modules is missing' });
  });

  it('installs when an earlier install did not finish (no hidden lockfile)', () => {
    const d = npmDecision({ lockMtimeMs: lock, nodeModulesExists: true });
    assert.equal(d.action, 'npm ci');
    assert.match('reason' in d ? d.reason : '', /incomplete/);
  });

  it('installs again when package-lock.json is newer than the install', () => {
    const d = npmDecision({ lockMtimeMs: lock, installedMtimeMs: lock - 1, nodeModulesExists: true });
    assert.equal(d.action, 'npm ci');
    assert.match('reason' in d ? d.reason : '', /package-lock\.json changed/);
  });

  it('does nothing when the install is newer than package-lock.json', () => {
    assert.deepEqual(npmDecision({ lockMtimeMs: lock, installedMtimeMs: lock + 1, nodeModulesExists: true }), { action: 'none' });
    assert.deepEqual(
      npmDecision({
        lockMtimeMs: lock,
        installedMtimeMs: lock + 1,
        nodeModulesExists: true,
        nodeModulesLinkTarget: '/elsewhere/node_modules',
      }),
      { action: 'none' },
    );
  });

  it('never empties a node_modules shared through a link: says where to run npm ci instead', () => {
    const d = npmDecision({
      lockMtimeMs: lock,
      installedMtimeMs: lock - 1,
      nodeModulesExists: true,
      nodeModulesLinkTarget: '/work/main/node_modules',
    });
    assert.equal(d.action, 'refuse');
    assert.match('message' in d ? d.message : '', /links to \/work\/main\/node_modules.*run `npm ci` there/);
  });
});

describe('prepare: which Debian packages a command needs', () => {
  const all = { needs: ['npm', 'editor', 'browser'], chromiumFound: false, editorProvisioned: false, krb5Installed: false };

  it('a fresh machine needs chromium and libkrb5-dev for npm test', () => {
    assert.deepEqual(missingDebianPackages(all), ['chromium', 'libkrb5-dev']);
  });

  it('libkrb5-dev only while the editor still has to be built', () => {
    assert.deepEqual(missingDebianPackages({ ...all, editorProvisioned: true }), ['chromium']);
    assert.deepEqual(missingDebianPackages({ ...all, krb5Installed: true }), ['chromium']);
  });

  it('npm start needs no browser on this machine; lint and unit tests need no Debian package', () => {
    assert.deepEqual(missingDebianPackages({ ...all, needs: ['npm', 'editor'] }), ['libkrb5-dev']);
    assert.deepEqual(missingDebianPackages({ ...all, needs: ['npm'] }), []);
  });

  it('nothing when everything is there', () => {
    assert.deepEqual(missingDebianPackages({ ...all, chromiumFound: true, krb5Installed: true }), []);
  });
});

describe('prepare: how missing Debian packages are installed', () => {
  const packages = ['chromium', 'libkrb5-dev'];

  // Each one waits up to two minutes for another apt-get or dpkg to let go of dpkg's locks, instead of failing at once.
  const wait = ['-o', 'DPkg::Lock::Timeout=120'];

  it('as root on a fresh container (no package lists): apt-get update, then install, each waiting for the lock', () => {
    assert.deepEqual(debianPlan({ packages, isRoot: true, hasApt: true, listsReady: false }), {
      commands: [
        ['apt-get', ...wait, 'update', '-qq'],
        ['apt-get', ...wait, 'install', '-y', '-qq', 'chromium', 'libkrb5-dev'],
      ],
    });
  });

  it('as root with package lists: install straight away, waiting for the lock', () => {
    assert.deepEqual(debianPlan({ packages: ['chromium'], isRoot: true, hasApt: true, listsReady: true }), {
      commands: [['apt-get', ...wait, 'install', '-y', '-qq', 'chromium']],
    });
  });

  it('not root: one line with the exact command, and no command run', () => {
    const plan = debianPlan({ packages, isRoot: false, hasApt: true, listsReady: true });
    assert.ok('message' in plan);
    assert.doesNotMatch(plan.message, /\n/);
    assert.ok(plan.message.includes('`sudo apt-get update && sudo apt-get install -y chromium libkrb5-dev`'), plan.message);
  });

  it('no apt-get: says to install Chromium and set CHROME_PATH', () => {
    const plan = debianPlan({ packages: ['chromium'], isRoot: true, hasApt: false, listsReady: false });
    assert.ok('message' in plan);
    assert.match(plan.message, /no apt-get.*CHROME_PATH/);
  });

  it('nothing missing: nothing to run, as root or not', () => {
    assert.deepEqual(debianPlan({ packages: [], isRoot: false, hasApt: true, listsReady: false }), { commands: [] });
    assert.deepEqual(debianPlan({ packages: [], isRoot: true, hasApt: true, listsReady: false }), { commands: [] });
  });
});

describe('prepare: another apt-get holds the lock', () => {
  const install = ['apt-get', '-o', 'DPkg::Lock::Timeout=120', 'install', '-y', '-qq', 'chromium', 'libkrb5-dev'];
  const update = ['apt-get', '-o', 'DPkg::Lock::Timeout=120', 'update', '-qq'];
  const frontend = { path: '/var/lib/dpkg/lock-frontend', pid: 4242, command: '/usr/bin/python3 /usr/bin/unattended-upgrade' };

  it('reads who holds which file from /proc/locks: by device (hex) and inode; a process waiting for a lock does not hold it', () => {
    const procLocks = [
      '1: POSIX  ADVISORY  WRITE 4242 fe:00:131077 0 EOF',
      '1: -> POSIX  ADVISORY  WRITE 5151 fe:00:131077 0 EOF',
      '2: FLOCK  ADVISORY  WRITE 777 103:1a:99 0 EOF',
      '3: OFDLCK ADVISORY  READ  -1 fe:00:131078 0 EOF',
      '4: POSIX  ADVISORY  WRITE 888 fe:01:131077 0 EOF',
      '',
    ].join('\n');
    assert.deepEqual(
      lockHolders(procLocks, [
        { path: '/var/lib/dpkg/lock-frontend', major: 0xfe, minor: 0, ino: 131077n },
        { path: '/var/lib/dpkg/lock', major: 0xfe, minor: 0, ino: 131078 },
        { path: '/var/lib/apt/lists/lock', major: 0x103, minor: 0x1a, ino: 99 },
        { path: '/var/cache/apt/archives/lock', major: 0xfe, minor: 0, ino: 5 },
      ]),
      [
        { path: '/var/lib/dpkg/lock-frontend', pid: 4242 },
        { path: '/var/lib/apt/lists/lock', pid: 777 },
      ],
    );
  });

  it('a failure while nobody holds a lock is not about a lock (the command failed for its own reason)', () => {
    assert.deepEqual(aptLockDecision({ command: install, holders: [], waitedMs: 0 }), { action: 'not a lock' });
    assert.deepEqual(aptLockDecision({ command: install, holders: [], waitedMs: 500_000 }), { action: 'not a lock' });
  });

  it('within two minutes: waits, and says for what and for whom (apt-get update does not wait for the lists lock itself)', () => {
    const lists = { path: '/var/lib/apt/lists/lock', pid: 31, command: 'apt-get update' };
    assert.deepEqual(aptLockDecision({ command: update, holders: [lists], waitedMs: 50 }), {
      action: 'wait',
      message: 'apt-get waits up to 120 s to update the package lists: /var/lib/apt/lists/lock is held by process 31 (apt-get update).',
    });
    assert.equal(aptLockDecision({ command: install, holders: [frontend], waitedMs: 119_999 }).action, 'wait');
  });

  it('after two minutes: one sentence with the lock, the pid and the command of the process that holds it', () => {
    const d = aptLockDecision({ command: install, holders: [frontend, { path: '/var/lib/dpkg/lock', pid: 4243 }], waitedMs: 120_400 });
    assert.equal(d.action, 'give up');
    assert.ok('message' in d);
    assert.equal(
      d.message,
      'apt-get could not install chromium libkrb5-dev: after 120 s, /var/lib/dpkg/lock-frontend is still held by process 4242 (/usr/bin/python3 /usr/bin/unattended-upgrade); let it finish (or stop it), then run the command again.',
    );
  });

  it('a holder that is gone by the time it is looked up is named by its pid alone', () => {
    const d = aptLockDecision({ command: install, holders: [{ path: '/var/lib/dpkg/lock', pid: 4243 }], waitedMs: 130_000 });
    assert.match('message' in d ? d.message : '', /\/var\/lib\/dpkg\/lock is still held by process 4243; let it finish/);
  });

  it("finds the pid and command line of a process that holds a lock on a file (a file of the test's, never dpkg's)", async function () {
    this.timeout(10_000);
    const dir = mkdtempSync(join(tmpdir(), 'prepare-lock-'));
    const file = join(dir, 'lock-frontend');
    writeFileSync(file, '');
    // util-linux's flock holds the lock while its command runs.
    const holder = spawn('flock', ['--exclusive', file, 'sleep', '30'], { stdio: 'ignore' });
    try {
      let holders = aptLockHolders([file]);
      for (let i = 0; i < 50 && holders.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        holders = aptLockHolders([file]);
      }
      assert.deepEqual(holders, [{ path: file, pid: holder.pid, command: `flock --exclusive ${file} sleep 30` }]);
      assert.deepEqual(aptLockHolders([join(dir, 'nobody-holds-this')]), []);
    } finally {
      holder.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('scripts/prepare.mjs as npm runs it', () => {
  const prepare = (cwd: string, ...needs: string[]) =>
    spawnSync(process.execPath, ['scripts/prepare.mjs', ...needs], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

  it('in this prepared checkout: prints nothing and exits 0', () => {
    const r = prepare(ROOT, 'npm');
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout + r.stderr, '');
  });

  it('refuses an unknown preparation by name', () => {
    const r = prepare(ROOT, 'npm', 'databse');
    assert.equal(r.status, 1);
    assert.match(r.stderr, /unknown preparation databse; known: npm, browser, editor/);
  });

  it('a stale node_modules that is a link to another checkout: exit 1, the link left as it was', () => {
    const dir = mkdtempSync(join(tmpdir(), 'prepare-'));
    try {
      cpSync(join(ROOT, 'scripts/prepare.mjs'), join(dir, 'scripts/prepare.mjs'));
      cpSync(join(ROOT, 'scripts/prepare'), join(dir, 'scripts/prepare'), { recursive: true });
      cpSync(join(ROOT, 'scripts/provision-editor.mjs'), join(dir, 'scripts/provision-editor.mjs'));
      const shared = join(dir, 'shared-node_modules');
      mkdirSync(shared);
      writeFileSync(join(shared, '.package-lock.json'), '{}');
      writeFileSync(join(shared, 'keep-me'), 'another checkout installed this');
      utimesSync(join(shared, '.package-lock.json'), new Date(2020, 0, 1), new Date(2020, 0, 1));
      writeFileSync(join(dir, 'package-lock.json'), '{}');
      symlinkSync(shared, join(dir, 'node_modules'));
      const r = prepare(dir, 'npm');
      assert.equal(r.status, 1);
      assert.match(
        r.stderr,
        /package-lock\.json changed since node_modules was installed, but node_modules links to .*shared-node_modules/,
      );
      assert.equal(readFileSync(join(dir, 'node_modules', 'keep-me'), 'utf8'), 'another checkout installed this');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
