/**
 * The third-party notices the VSIX ships (scripts/notices/): made at build from what esbuild bundled
 * and package-lock.json, with each package's licence text from node_modules; a package whose licence
 * may not ship in a GPL-2.0-or-later extension stops the build, by name.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { gplCompatible } from '../../../scripts/notices/gplCompatible.mjs';
import { type LockFile, shippedInputs, thirdPartyNotices } from '../../../scripts/notices/thirdParty.mjs';

const ROOT = resolve(__dirname, '../../..');

describe('third-party notices: which licences may ship in a GPL-2.0-or-later extension', () => {
  it('the permissive licences and the GPL family that GPL-2.0-or-later code combines with', () => {
    for (const id of ['MIT', 'ISC', 'BSD-2-Clause', 'BSD-3-Clause', 'Apache-2.0', '0BSD', 'GPL-2.0-or-later', 'LGPL-2.1-or-later'])
      assert.equal(gplCompatible(id), true, id);
  });

  it('not a licence the GPL cannot be combined with, nor GPL-2.0-only (which excludes Apache-2.0 and GPL-3 code)', () => {
    for (const id of ['SSPL-1.0', 'CC-BY-NC-4.0', 'MPL-1.1', 'EPL-1.0', 'GPL-2.0-only', 'UNLICENSED', 'SEE LICENSE IN LICENSE.txt'])
      assert.equal(gplCompatible(id), false, id);
  });

  it('an expression: one compatible choice of an OR is enough, every part of an AND must be; an exception keeps its licence', () => {
    assert.equal(gplCompatible('(MIT OR SSPL-1.0)'), true);
    assert.equal(gplCompatible('SSPL-1.0 OR (BSD-3-Clause AND ISC)'), true);
    assert.equal(gplCompatible('MIT AND SSPL-1.0'), false);
    assert.equal(gplCompatible('(MIT AND (SSPL-1.0 OR Apache-2.0))'), true);
    assert.equal(gplCompatible('GPL-3.0-or-later WITH Classpath-exception-2.0'), true);
  });

  it('no licence, or one that does not read, is unknown: not cleared', () => {
    for (const id of [undefined, '', '(MIT', 'MIT OR', 'MIT MIT', ')MIT(', 'WITH MIT', { type: 'MIT' }])
      assert.equal(gplCompatible(id), false, String(id));
  });
});

describe('third-party notices: the generator on a made-up lockfile and metafile', () => {
  let cwd: string;
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(cwd, path)), { recursive: true });
    writeFileSync(join(cwd, path), text);
  };
  const lock = (packages: LockFile['packages']): LockFile => ({
    packages: { '': { name: 'content-site', version: '0.1.0' }, ...packages },
  });

  beforeEach(() => {
    cwd = mkdtempSync(join(tmpdir(), 'cs-notices-'));
    write('node_modules/left-pad/index.js', '');
    write('node_modules/left-pad/LICENSE', 'MIT License\n\nCopyright (c) Left Pad authors\n');
    write('node_modules/@wp/autop/LICENSE.md', '## Gutenberg\n\nGNU GENERAL PUBLIC LICENSE Version 2\n');
    write('node_modules/parser/node_modules/entities/LICENSE', 'Copyright (c) Felix Böhm (entities 7)\n');
    write('node_modules/parser/LICENSE', 'Copyright (c) the parser\n');
    write('node_modules/parser/NOTICE', 'parser includes software from elsewhere\n');
    write('node_modules/dev-only/LICENSE', 'never bundled\n');
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));

  const metafile = {
    outputs: {
      'dist/extension.js': {
        inputs: { 'src/extension.ts': {}, 'node_modules/left-pad/index.js': {}, 'node_modules/@wp/autop/build/index.js': {} },
      },
      'dist/render.js': {
        inputs: {
          'node_modules/parser/lib/index.js': {},
          'node_modules/parser/node_modules/entities/lib/escape.js': {},
          'node_modules/left-pad/index.js': {},
        },
      },
      // A sourcemap names its sources too, but ships nothing of theirs (and the VSIX has no maps).
      'dist/render.js.map': { inputs: { 'node_modules/dev-only/index.js': {} } },
    },
  };
  const fine = lock({
    'node_modules/left-pad': { version: '1.3.0', license: 'MIT' },
    'node_modules/@wp/autop': { version: '4.56.0', license: 'GPL-2.0-or-later' },
    'node_modules/parser': { version: '10.1.0', license: '(MIT OR Apache-2.0)' },
    'node_modules/parser/node_modules/entities': { version: '7.0.1', license: 'BSD-2-Clause' },
    'node_modules/dev-only': { version: '9.9.9', license: 'SSPL-1.0' },
  });

  it('lists each bundled package once, by name and version, with its licence and its licence files in full; nothing unbundled', () => {
    const { text, packages } = thirdPartyNotices({ files: shippedInputs(metafile), lock: fine, cwd });
    assert.deepEqual(packages, [
      { name: '@wp/autop', version: '4.56.0', license: 'GPL-2.0-or-later' },
      { name: 'entities', version: '7.0.1', license: 'BSD-2-Clause' },
      { name: 'left-pad', version: '1.3.0', license: 'MIT' },
      { name: 'parser', version: '10.1.0', license: '(MIT OR Apache-2.0)' },
    ]);
    assert.match(text, /^@wp\/autop 4\.56\.0 \(GPL-2\.0-or-later\)\n=+\n\n## Gutenberg\n\nGNU GENERAL PUBLIC LICENSE Version 2\n/m);
    assert.match(text, /^left-pad 1\.3\.0 \(MIT\)\n=+\n\nMIT License\n\nCopyright \(c\) Left Pad authors\n/m);
    assert.match(text, /^entities 7\.0\.1 \(BSD-2-Clause\)\n=+\n\nCopyright \(c\) Felix Böhm \(entities 7\)\n/m);
    assert.match(text, /Copyright \(c\) the parser\n\nparser includes software from elsewhere/);
    assert.doesNotMatch(text, /dev-only|never bundled|content-site 0\.1\.0/);
  });

  it('a copied file of a package (a vendored asset) brings its package in like a bundled one', () => {
    write('node_modules/uplot/LICENSE', 'The MIT License (MIT)\n\nCopyright (c) 2022 Leon Sorokin\n');
    const { packages } = thirdPartyNotices({
      files: ['node_modules/uplot/dist/uPlot.iife.min.js'],
      lock: lock({ 'node_modules/uplot': { version: '1.6.32', license: 'MIT' } }),
      cwd,
    });
    assert.deepEqual(packages, [{ name: 'uplot', version: '1.6.32', license: 'MIT' }]);
  });

  it('stops on every package that may not ship, naming each and why: a licence not GPL-compatible, none, no licence text, no lock entry', () => {
    write('node_modules/nameless/LICENSE', 'some text\n');
    write('node_modules/textless/index.js', '');
    const files = [
      ...shippedInputs(metafile),
      'node_modules/nameless/index.js',
      'node_modules/textless/index.js',
      'node_modules/ghost/index.js',
    ];
    const bad = lock({
      ...fine.packages,
      'node_modules/parser': { version: '10.1.0', license: 'SSPL-1.0' },
      'node_modules/nameless': { version: '1.0.0' },
      'node_modules/textless': { version: '2.0.0', license: 'MIT' },
    });
    assert.throws(
      () => thirdPartyNotices({ files, lock: bad, cwd }),
      (err: Error) => {
        assert.match(err.message, /parser 10\.1\.0 is under SSPL-1\.0, which is not among the GPL-compatible licences/);
        assert.match(err.message, /nameless 1\.0\.0 gives no licence in package-lock\.json \(unknown/);
        assert.match(err.message, /textless 2\.0\.0 has no licence file/);
        assert.match(err.message, /ghost \(node_modules\/ghost\) is bundled but package-lock\.json has no entry for it/);
        assert.doesNotMatch(err.message, /left-pad|autop|entities/);
        return true;
      },
    );
  });
});

describe('scripts/build.mjs: the notices beside the bundles', function () {
  this.timeout(120_000);
  let dir: string;
  const build = (cwd: string, outdir: string) =>
    spawnSync(process.execPath, ['scripts/build.mjs', '--production', '--outdir', outdir], { cwd, encoding: 'utf8' });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cs-notices-build-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("writes THIRD-PARTY-NOTICES.txt: the bundled packages with their licences (WordPress's with the GPL's text), and the vendored chart library", () => {
    const r = build(ROOT, join(dir, 'out'));
    assert.equal(r.status, 0, r.stderr);
    const text = readFileSync(join(dir, 'out', 'THIRD-PARTY-NOTICES.txt'), 'utf8');
    const lockFile = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as LockFile;
    const version = (name: string) => lockFile.packages[`node_modules/${name}`].version;
    for (const name of ['@wordpress/autop', '@wordpress/block-serialization-default-parser'])
      assert.match(
        text,
        new RegExp(`^${name} ${version(name)} \\(GPL-2\\.0-or-later\\)\\n=+\\n\\n## Gutenberg[^]*?GNU GENERAL PUBLIC LICENSE`, 'm'),
        name,
      );
    for (const name of ['undici', 'zod', 'sanitize-html', 'markdown-it', 'yaml', 'uplot'])
      assert.match(text, new RegExp(`^${name} ${version(name)} \\((MIT|ISC)\\)$`, 'm'), name);
    // Dependencies that are never bundled (development tools) are not listed.
    for (const name of ['esbuild', 'mocha', 'wpcom', 'postcss']) assert.doesNotMatch(text, new RegExp(`^${name} `, 'm'), name);
  });

  it('a bundled package whose licence may not ship: the build fails naming it and leaves nothing to package', () => {
    const copy = join(dir, 'checkout');
    for (const part of ['src', 'scripts', 'tsconfig.json', 'package.json']) cpSync(join(ROOT, part), join(copy, part), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
    const lockFile = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as LockFile;
    lockFile.packages['node_modules/zod'].license = 'SSPL-1.0';
    writeFileSync(join(copy, 'package-lock.json'), JSON.stringify(lockFile));
    const r = build(copy, 'dist');
    assert.equal(r.status, 1);
    assert.match(r.stderr, new RegExp(`zod ${lockFile.packages['node_modules/zod'].version} is under SSPL-1\\.0`));
    assert.equal(existsSync(join(copy, 'dist')), false);
  });
});
