import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { debianPlan, missingDebianPackages, nodeProblem, npmDecision } from '../../../scripts/prepare/decide.mjs';

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

  it('as root on a fresh container (no package lists): apt-get update, then install', () => {
    assert.deepEqual(debianPlan({ packages, isRoot: true, hasApt: true, listsReady: false }), {
      commands: [
        ['apt-get', 'update', '-qq'],
        ['apt-get', 'install', '-y', '-qq', 'chromium', 'libkrb5-dev'],
      ],
    });
  });

  it('as root with package lists: install straight away', () => {
    assert.deepEqual(debianPlan({ packages: ['chromium'], isRoot: true, hasApt: true, listsReady: true }), {
      commands: [['apt-get', 'install', '-y', '-qq', 'chromium']],
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
