/**
 * src/start.ts's code cache: the main file and its parts compiled at the first start, taken from
 * the cache at later ones, and never a cache made from other code, whatever its length.
 */
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { CodeCache, loadCached } from '../../../src/start';

interface Main {
  answer(): number;
  part(): string;
  dir: string;
}

describe('The entry point loads the main file through the code cache', () => {
  let dir: string;
  let cacheDir: string;
  let answer: number;
  let starts = 0;
  /**
   * The main file of a new start, with a part beside it: in a folder of its own, because V8 keeps
   * what it compiled in memory by file name and text, and would answer a second load of the same
   * file from there without reading the cache. Its answer is `answer` (one digit: the same length).
   */
  const start = (): string => {
    const folder = join(dir, `start-${++starts}`);
    mkdirSync(folder);
    writeFileSync(
      join(folder, 'part.js'),
      "exports.name = 'the part beside it';\nexports.loads = (globalThis.partLoads = (globalThis.partLoads ?? 0) + 1);\n",
    );
    const main = join(folder, 'extension.js');
    writeFileSync(main, `exports.answer = () => ${answer};\nexports.part = () => require('./part.js').name;\nexports.dir = __dirname;\n`);
    return main;
  };
  const caches = () => readdirSync(cacheDir).sort();

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cs-start-'));
    cacheDir = join(dir, 'storage', 'code-cache');
    answer = 1;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('compiles it at the first start, keeps the compiled code, and later starts take it from there', async () => {
    const first = loadCached<Main>(start(), cacheDir);
    assert.equal(first.use, 'compiled');
    assert.equal(first.exports.answer(), 1);
    await first.save();
    assert.equal(caches().length, 1);

    const main = start();
    const later = loadCached<Main>(main, cacheDir);
    assert.equal(later.use, 'cached');
    // The same module as require would make: its own require beside it, its own __dirname.
    assert.equal(later.exports.answer(), 1);
    assert.equal(later.exports.part(), 'the part beside it');
    assert.equal(later.exports.dir, dirname(main));
  });

  it("loads the main file's parts through the cache too, each once, and keeps each part's code apart", async () => {
    const partLoads = () => (globalThis as { partLoads?: number }).partLoads ?? 0;
    const first = new CodeCache(cacheDir, 0);
    const main = start();
    const loaded = first.load<Main>(main);
    const before = partLoads();
    assert.equal(loaded.exports.part(), 'the part beside it');
    assert.equal(loaded.exports.part(), 'the part beside it');
    assert.equal(partLoads(), before + 1, 'the part ran once');
    assert.equal(first.load(main), loaded, 'the same module for the same file');
    assert.deepEqual([...first.uses.values()], ['compiled', 'compiled']);
    await loaded.save();
    await new Promise((r) => setTimeout(r, 20)); // the part's cache is written once its first use has run (here: at once)
    assert.deepEqual(
      caches().map((f) => f.split('-')[0]),
      ['extension', 'part'],
    );

    const later = new CodeCache(cacheDir, 0);
    assert.equal(later.load<Main>(start()).exports.part(), 'the part beside it');
    assert.deepEqual(
      [...later.uses].map(([file, use]) => [basename(file), use]),
      [
        ['extension.js', 'cached'],
        ['part.js', 'cached'],
      ],
    );
  });

  it('never offers a cache to other code, even of the same length (V8 checks only the length)', async () => {
    await loadCached<Main>(start(), cacheDir).save();
    const kept = caches();
    answer = 2; // an update of the extension: the same length, other code

    const updated = loadCached<Main>(start(), cacheDir);
    assert.equal(updated.use, 'compiled');
    assert.equal(updated.exports.answer(), 2);
    await updated.save();
    // The old build's cache is gone, the new one's is kept.
    assert.equal(caches().length, 1);
    assert.notDeepEqual(caches(), kept);
    assert.equal(loadCached<Main>(start(), cacheDir).exports.answer(), 2);
  });

  it('runs the code from a damaged cache file all the same, and writes the cache again', async () => {
    await loadCached<Main>(start(), cacheDir).save();
    const [file] = caches();
    writeFileSync(join(cacheDir, file), 'not what V8 wrote');

    const damaged = loadCached<Main>(start(), cacheDir);
    assert.equal(damaged.use, 'refused');
    assert.equal(damaged.exports.answer(), 1);
    await damaged.save();
    assert.equal(loadCached<Main>(start(), cacheDir).use, 'cached');
  });

  it('starts as before when the cache cannot be written (the save never rejects)', async () => {
    const blocked = join(dir, 'a file');
    writeFileSync(blocked, '');
    const first = loadCached<Main>(start(), join(blocked, 'code-cache'));
    await first.save();
    const again = loadCached<Main>(start(), join(blocked, 'code-cache'));
    assert.equal(again.use, 'compiled');
    assert.equal(again.exports.answer(), 1);
  });

  it('without a cache folder, compiles every time and writes nothing', async () => {
    const main = start();
    const loaded = loadCached<Main>(main, undefined);
    assert.equal(loaded.use, 'compiled');
    await loaded.save();
    assert.deepEqual(readdirSync(dir), [basename(dirname(main))]);
    assert.deepEqual(readdirSync(dirname(main)).sort(), ['extension.js', 'part.js']);
  });

  it("reports an error of the main file at the file's own line", () => {
    const main = start();
    writeFileSync(main, "exports.a = 1;\nexports.b = 2;\nthrow new Error('broken build');\n");
    assert.throws(
      () => loadCached(main, cacheDir),
      (err: Error) => err.message === 'broken build' && (err.stack ?? '').includes(`${main}:3`),
    );
  });
});
