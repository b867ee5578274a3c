// Runs the test suite of the official client, wpcom.js (https://github.com/Automattic/wpcom.js,
// mocha, test/), with its test files unchanged, against the reference service (test/service/) on a
// free loopback port, and says which tests pass, which fail and which ones need a route the service
// does not claim. See RESULTS.md beside this file for the last run.
//
//   node scripts/wpcom-suite/run.mjs [--git-dir DIR] [--rev REV] [--verbose] [--keep] [--json FILE]
//                                    [--latency MS] [--site SITE] [--token TOKEN] [--unskip]
//                                    [-- MOCHA_ARGS…]
// (--unskip: also run what the suite skips with describe.skip/it.skip, through unskip-ui.cjs)
//
// --git-dir: a clone of wpcom.js (a bare one will do); default $WPCOM_JS_GIT, else the snapshot
// /work/.mirror/Automattic+wpcom.js/repo. Nothing of wpcom.js is kept in this repository: the
// runner copies `index.js`, `lib/` and `test/` of REV (default HEAD) into a temporary directory and
// adds only what points the suite at the service:
// - test/config.json, which test/util.js reads (`development.site`, `development.token`): the demo
//   site and the demo user's token of the seed (CONTRIBUTING.md);
// - node_modules/wpcom-xhr-request: wpcom.js's default request handler, replaced by handler.cjs,
//   which sends each request to the service instead of public-api.wordpress.com;
// - node_modules/wpcom-oauth-cors: a stub (test/util.js uses it only in a browser);
// - test/fixture.json with `site` set to the same site (test.wpcom.site.post.subscriber.js reads
//   the fixture's) and `media.urls` moved to a loopback server that serves the suite's own images
//   by name (the tests read those URLs from the fixture; the service downloads them);
// - qs and debug linked from this repository's node_modules, as wpcom.js's own dependencies.
// The service answers each request 25 ms late (--latency), as a network would: test.wpcom.promises.js
// checks that a request takes longer than 10 ms, and on loopback one often does not.
// The test files are transpiled on the fly by tsx (they mix `import` with `require`, as babel
// allowed). Mocha runs as the suite's Makefile runs it (`mocha test/`), without --bail.
// Exit status: 0 when every test whose requests all go to routes the service claims passed.
import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile, access } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const require = createRequire(import.meta.url);

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'git-dir': { type: 'string', default: process.env.WPCOM_JS_GIT ?? '/work/.mirror/Automattic+wpcom.js/repo' },
    rev: { type: 'string', default: 'HEAD' },
    verbose: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    unskip: { type: 'boolean', default: false },
    json: { type: 'string' },
    latency: { type: 'string', default: '25' },
    site: { type: 'string', default: 'demo.example.blog' },
    token: { type: 'string', default: 'cs-demo-token' },
  },
});

/** Runs a command to its end; resolves to its stdout (a Buffer), rejects with its stderr. */
function run(cmd, args, opts = {}) {
  return new Promise((res, rej) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
    const out = [];
    const err = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => err.push(d));
    child.on('error', rej);
    child.on('close', (code) =>
      code === 0 ? res(Buffer.concat(out)) : rej(new Error(`${cmd} ${args.join(' ')}: ${Buffer.concat(err).toString() || `exit ${code}`}`)),
    );
  });
}

/** The copy of wpcom.js's index.js, lib/ and test/ at `rev`, with the glue described above. */
async function prepare(gitDir, rev, dir, mediaOrigin) {
  const tar = join(dir, 'wpcom.tar');
  await run('git', [`--git-dir=${gitDir}`, 'archive', '--format=tar', '-o', tar, rev, 'index.js', 'lib', 'test']);
  await run('tar', ['-xf', tar, '-C', dir]);
  await rm(tar);
  await writeFile(join(dir, 'package.json'), JSON.stringify({ private: true, type: 'commonjs' }) + '\n');
  const modules = join(dir, 'node_modules');
  await mkdir(join(modules, 'wpcom-xhr-request'), { recursive: true });
  await copyFile(join(here, 'handler.cjs'), join(modules, 'wpcom-xhr-request', 'index.js'));
  await mkdir(join(modules, 'wpcom-oauth-cors'));
  await writeFile(
    join(modules, 'wpcom-oauth-cors', 'index.js'),
    "module.exports = () => { throw new Error('wpcom-oauth-cors runs only in a browser'); };\n",
  );
  for (const name of ['qs', 'debug']) await symlink(dirname(require.resolve(`${name}/package.json`)), join(modules, name), 'dir');
  await writeFile(
    join(dir, 'test', 'config.json'),
    JSON.stringify({ development: { site: values.site, token: values.token } }, null, 2) + '\n',
  );
  const fixturePath = join(dir, 'test', 'fixture.json');
  const fixture = JSON.parse(await readFile(fixturePath, 'utf8'));
  const moved = (u) => {
    const url = new URL(u);
    return `${mediaOrigin}${url.pathname}`;
  };
  // The suite's site: test/util.js takes config.json's, but some files read the fixture's.
  fixture.site = values.site;
  if (Array.isArray(fixture.media?.urls))
    fixture.media.urls = fixture.media.urls.map((u) => (typeof u === 'string' ? moved(u) : { ...u, url: moved(u.url) }));
  await writeFile(fixturePath, JSON.stringify(fixture, null, '\t') + '\n');
}

/** Serves the suite's own test/<name> for any path ending in /<name>: the fixture's media URLs. */
async function mediaServer(testDir) {
  const server = createServer((req, res) => {
    const name = basename(new URL(req.url ?? '/', 'http://x').pathname);
    readFile(join(testDir, name)).then(
      (data) => res.writeHead(200, { 'content-type': name.endsWith('.png') ? 'image/png' : 'application/octet-stream' }).end(data),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise((res) => server.listen(0, '127.0.0.1', res));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((res) => server.close(res)) };
}

/** The reference service from the shell (test/service/cli.ts) on a free loopback port. */
async function startService(latency) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/service/cli.ts', '--port', '0', '--latency', latency], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr = [];
  child.stderr.on('data', (d) => stderr.push(d));
  const url = await new Promise((res, rej) => {
    let seen = '';
    const timer = setTimeout(() => rej(new Error('the reference service did not start within 60 s')), 60_000);
    child.stdout.on('data', (d) => {
      seen += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(seen);
      if (m) {
        clearTimeout(timer);
        res(m[1]);
      }
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      rej(new Error(`the reference service exited (${code}): ${Buffer.concat(stderr).toString()}`));
    });
  });
  const close = () =>
    new Promise((res) => {
      if (child.exitCode !== null) return res();
      child.once('close', res);
      child.kill('SIGTERM');
    });
  return { url, close, stderr };
}

/** Mocha on the copied suite, with the reporter that notes each test's requests. */
function runMocha(dir, origin, reportFile) {
  const args = [
    '--require',
    require.resolve('tsx/cjs'),
    require.resolve('mocha/bin/mocha.js'),
    '--reporter',
    join(here, 'reporter.cjs'),
    '--timeout',
    '30000',
    '--slow',
    '3000',
    ...(values.unskip ? ['--ui', join(here, 'unskip-ui.cjs')] : []),
    ...positionals,
    'test/',
  ];
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, args, {
      cwd: dir,
      stdio: ['ignore', values.verbose ? 'inherit' : 'ignore', 'inherit'],
      env: {
        ...process.env,
        WPCOM_SUITE_ORIGIN: origin,
        WPCOM_SUITE_REPORT: reportFile,
        ...(values.verbose ? { WPCOM_SUITE_VERBOSE: '1' } : {}),
      },
    });
    child.on('error', rej);
    child.on('close', (code) => res(code));
  });
}

/** `/sites/demo.example.blog/posts/90002/likes/new?x=1` → `/sites/$site/posts/$ID/likes/new`. */
const routeOf = (r) =>
  `${r.method} ${r.path
    .replace(/\?.*$/, '')
    .replace(/^\/rest\/v[\d.]+/, '')
    .replace(/\/sites\/[^/]+/, '/sites/$site')
    .replace(/\/(-?\d+)(?=\/|$)/g, '/$ID')
    .replace(/\/slug:[^/]+/, '/slug:$slug')}`;

function summarize(report, commit) {
  const lines = [];
  const say = (s = '') => lines.push(s);
  const tests = report.tests
    .filter((t) => t.state !== 'not selected')
    .map((t) => {
      const sent = [...t.setup, ...t.requests];
      const unclaimed = [...new Set(sent.filter((r) => r.unclaimed).map(routeOf))];
      return { ...t, unclaimed };
    });
  const count = (list, state) => list.filter((t) => t.state === state).length;
  const line = (list) =>
    `${list.length} tests: ${count(list, 'passed')} passing, ${count(list, 'failed')} failing, ${count(list, 'not run')} not run (a "before" hook failed), ${count(list, 'pending')} pending (skipped by the suite itself)`;
  const claimed = tests.filter((t) => t.unclaimed.length === 0 && t.state !== 'pending');
  const others = tests.filter((t) => t.unclaimed.length > 0 && t.state !== 'pending');
  say(`wpcom.js ${commit}, against the reference service`);
  say(`All: ${line(tests)}`);
  say(`Only routes the service claims (or none): ${line(claimed)}`);
  say(`Needing a route the service does not claim: ${line(others)}`);
  // A failed hook (an "after all" one too) with every request of its suite on claimed routes.
  const hooks = report.failedHooks.filter((h) => [...h.setup, ...h.requests].every((r) => !r.unclaimed));
  say(`Failed hooks: ${report.failedHooks.length}, ${hooks.length} of them with claimed routes only`);
  const bad = [...claimed.filter((t) => t.state !== 'passed'), ...hooks];
  if (bad.length) {
    say();
    say('Failing or not run, on claimed routes only (tests and hooks):');
    for (const t of bad) {
      say(`  ✗ ${t.title}  [${t.file}]`);
      if (t.error) say(`      ${t.error.message.split('\n')[0]}`);
      if (t.blockedBy) say(`      not run: ${t.blockedBy} failed`);
      for (const r of [...t.setup, ...t.requests].filter((x) => x.status >= 400 || x.status === 0))
        say(`      ${r.method} ${r.path} → ${r.status || r.error}`);
    }
  }
  const byRoute = new Map();
  for (const t of others) for (const r of t.unclaimed) byRoute.set(r, (byRoute.get(r) ?? 0) + 1);
  say();
  say('Routes the service does not claim (tests needing each):');
  for (const [r, n] of [...byRoute].sort()) say(`  ${r}  (${n})`);
  return { text: lines.join('\n'), bad };
}

async function main() {
  const gitDir = values['git-dir'];
  try {
    await access(gitDir);
  } catch {
    console.error(
      `No wpcom.js clone at ${gitDir}: give one with --git-dir or WPCOM_JS_GIT (git clone https://github.com/Automattic/wpcom.js).`,
    );
    process.exit(2);
  }
  const commit = (await run('git', [`--git-dir=${gitDir}`, 'rev-parse', `${values.rev}^{commit}`])).toString().trim();
  const dir = await mkdtemp(join(tmpdir(), 'wpcom-suite-'));
  const media = await mediaServer(join(dir, 'test'));
  let service;
  try {
    await prepare(gitDir, commit, dir, media.origin);
    service = await startService(values.latency);
    console.log(`wpcom.js ${commit} in ${dir}; reference service at ${service.url}; media URLs at ${media.origin}`);
    const reportFile = join(dir, 'report.json');
    await runMocha(dir, service.url, reportFile);
    const report = JSON.parse(await readFile(reportFile, 'utf8'));
    if (values.json) await writeFile(values.json, JSON.stringify({ commit, ...report }, null, 2) + '\n');
    const { text, bad } = summarize(report, commit);
    console.log(text);
    process.exitCode = bad.length ? 1 : 0;
  } finally {
    await service?.close();
    await media.close();
    if (values.keep) console.log(`kept ${dir}`);
    else await rm(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
