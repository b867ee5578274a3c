/**
 * The extension's entry point (package.json `main`, built to dist/start.js): loads the main file
 * (dist/extension.js), and the parts it loads on first use (dist/transport.js, …), through V8's
 * code cache, then hands over to the main file's activate and deactivate.
 *
 * Compiling the 150 KB main file, and then each function activation calls for the first time, is
 * about half of the activation's time in the extension host; undici (dist/transport.js, 400 KB)
 * is compiled again at the first request of every start, the writing libraries at the first post
 * file. After a file's first use in a build, the code compiled for it is kept in the extension's
 * global storage (`code-cache/`), and later starts read it instead of compiling again. A cache
 * file's name is the file's and a digest of its text and of the engine's version, so a cache is
 * only ever offered to the very code it was made from (V8 itself checks only the text's length);
 * V8 refuses one made with other flags, and then it is written again. The cache is only a
 * speed-up: a cache that cannot be read, is refused or cannot be written changes nothing but the time.
 *
 * Nothing here imports `vscode` or any of the extension's code: it is the one part loaded before the
 * code it caches.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';
import type * as vscode from 'vscode';
import type * as Main from './extension';

/** What became of the code cache for one file at this start. */
export type CodeCacheUse =
  /** No cache for this build on this engine yet: the file was compiled. */
  | 'compiled'
  /** The cache was read: nothing compiled again. */
  | 'cached'
  /** A cache was there but V8 refused it (other flags, or damaged): compiled, and written again. */
  | 'refused';

/** A CommonJS file loaded through the code cache. */
export interface CachedModule<T> {
  readonly exports: T;
  readonly use: CodeCacheUse;
  /**
   * Writes the code compiled for the file so far (its load and whatever ran since) to the cache,
   * unless the cache was used, and removes the file's caches of other builds. Never rejects.
   */
  save(): Promise<void>;
}

/** The folder of the code caches, inside the extension's global storage. */
export const CODE_CACHE_FOLDER = 'code-cache';

/** How long after a part's first load its cache is written: the code its first use ran is kept with it. */
export const PART_SAVE_DELAY_MS = 5_000;

/** A part the main file (or a part) loads by name: `require('./transport.js')`. */
const PART = /^\.\/\w+\.js$/;

/**
 * The extension's files loaded through the code cache kept in `dir` (none: compiled each time). A
 * file loaded here gets a `require` that loads its sibling parts (`./name.js`) here too, each once,
 * as Node's require would keep them, and everything else as Node's require does. A file is kept
 * once it has run: parts that required each other while loading would not be (the build makes
 * none: each part is an entry of its own, loaded by name when first needed).
 */
export class CodeCache {
  private readonly modules = new Map<string, CachedModule<unknown>>();

  /** @param partSaveDelayMs after a part's first load, when its cache is written (the main file's: `save`). */
  constructor(
    private readonly dir: string | undefined,
    private readonly partSaveDelayMs = PART_SAVE_DELAY_MS,
  ) {}

  /** How each file loaded so far was loaded, by path. */
  get uses(): ReadonlyMap<string, CodeCacheUse> {
    return new Map([...this.modules].map(([file, m]) => [file, m.use]));
  }

  /** The file at `file` (an absolute path), loaded once. */
  load<T>(file: string): CachedModule<T> {
    let module = this.modules.get(file) as CachedModule<T> | undefined;
    if (!module) {
      module = loadCached<T>(file, this.dir, this.requireFor(file));
      this.modules.set(file, module);
    }
    return module;
  }

  /** Writes the cache of every file loaded so far (each one that was compiled). Never rejects. */
  async saveAll(): Promise<void> {
    for (const module of this.modules.values()) await module.save();
  }

  private requireFor(file: string): NodeJS.Require {
    const node = createRequire(file);
    const required = (id: string): unknown => {
      if (!PART.test(id)) return node(id);
      const fresh = !this.modules.has(join(dirname(file), id));
      const part = this.load(join(dirname(file), id));
      // The timer never keeps a process alive for this (a test's, the bench's).
      if (fresh && part.use !== 'cached') setTimeout(() => void part.save(), this.partSaveDelayMs).unref();
      return part.exports;
    };
    return Object.assign(required, { resolve: node.resolve, cache: node.cache, extensions: node.extensions, main: node.main });
  }
}

/**
 * Loads the CommonJS file `file` as `require` would (its own `require`, `module`, `exports`,
 * `__filename`, `__dirname`), compiled with the cache kept in `cacheDir` when there is one.
 */
export function loadCached<T>(file: string, cacheDir: string | undefined, require: NodeJS.Require = createRequire(file)): CachedModule<T> {
  const source = readFileSync(file, 'utf8');
  const name = basename(file, '.js');
  const digest = createHash('sha256').update(process.versions.v8).update('\0').update(source).digest('hex').slice(0, 32);
  const cacheFile = cacheDir === undefined ? undefined : join(cacheDir, `${name}-${digest}.bin`);
  let cachedData: Buffer | undefined;
  try {
    if (cacheFile) cachedData = readFileSync(cacheFile);
  } catch {
    // no cache yet (or unreadable): compiled below
  }
  // Node's own CommonJS wrapper, on the first line, so that lines in stack traces stay the file's.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) { ${source}\n})`, {
    filename: file,
    cachedData,
  });
  const use: CodeCacheUse = cachedData === undefined ? 'compiled' : script.cachedDataRejected ? 'refused' : 'cached';
  const module = { exports: {} as T };
  const wrapper = script.runInThisContext() as (e: T, r: NodeJS.Require, m: { exports: T }, f: string, d: string) => void;
  wrapper.call(module.exports, module.exports, require, module, file, dirname(file));
  let saved = use === 'cached';
  return {
    get exports() {
      return module.exports;
    },
    use,
    save: async () => {
      if (cacheDir === undefined || cacheFile === undefined || saved) return;
      saved = true;
      try {
        const data = script.createCachedData();
        await mkdir(cacheDir, { recursive: true });
        // Written beside, then renamed: another window starting never reads half a file.
        const partial = `${cacheFile}.${process.pid}.partial`;
        await writeFile(partial, data);
        await rename(partial, cacheFile);
        // This file's caches of other builds.
        const others = (await readdir(cacheDir)).filter(
          (f) => f.startsWith(`${name}-`) && f.endsWith('.bin') && join(cacheDir, f) !== cacheFile,
        );
        for (const other of others) await rm(join(cacheDir, other), { force: true });
      } catch {
        // Not written (a read-only or full disk): the next start compiles, as this one did.
      }
    },
  };
}

let main: CachedModule<typeof Main> | undefined;

/** How the main file was loaded at this start, for the in-host suite's activation figure. */
export interface CodeCacheReport {
  use: CodeCacheUse;
  /** Reading, compiling (or taking from the cache) and running the main file's top level, in ms. */
  loadMs: number;
  /** How each file loaded through the cache so far was loaded, by its name in dist/ (`transport.js`). */
  files(): Record<string, CodeCacheUse>;
}

/** Loads the main file through the cache, activates it, and keeps what activation compiled for the next start. */
export async function activate(context: vscode.ExtensionContext): Promise<Main.ContentSiteApi & { codeCache: CodeCacheReport }> {
  const storage = context.globalStorageUri;
  const started = performance.now();
  const cache = new CodeCache(storage.scheme === 'file' ? join(storage.fsPath, CODE_CACHE_FOLDER) : undefined);
  const loaded = cache.load<typeof Main>(join(__dirname, 'extension.js'));
  const codeCache: CodeCacheReport = {
    use: loaded.use,
    loadMs: performance.now() - started,
    files: () => Object.fromEntries([...cache.uses].map(([file, use]) => [basename(file), use])),
  };
  main = loaded;
  const api = await loaded.exports.activate(context);
  // Once the stored session is read and the views have started: the code that start ran is kept with it.
  void api.started.then(
    () => setTimeout(() => void loaded.save(), 0),
    () => undefined,
  );
  return Object.assign(api, { codeCache });
}

export function deactivate(): ReturnType<typeof Main.deactivate> {
  return main?.exports.deactivate();
}
