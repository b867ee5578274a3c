/**
 * The extension's entry point (package.json `main`, built to dist/start.js): loads the main file
 * (dist/extension.js) through V8's code cache, then hands over to its activate and deactivate.
 *
 * Compiling the 150 KB main file, and then each function activation calls for the first time, is
 * about half of the activation's time in the extension host. After the first activation of a build
 * the compiled code is kept in the extension's global storage (`code-cache/`), and each later start
 * reads it instead of compiling again. Its name is a digest of the main file's text and of the
 * engine's version, so a cache is only ever offered to the very code it was made from (V8 itself
 * checks only the text's length); V8 refuses one made with other flags, and then the file is
 * written again. The cache is only a speed-up: a cache that cannot be read, is refused or cannot be
 * written changes nothing but the time.
 *
 * Nothing here imports `vscode` or any of the extension's code: it is the one part loaded before the
 * code it caches.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Script } from 'node:vm';
import type * as vscode from 'vscode';
import type * as Main from './extension';

/** What became of the code cache at this start. */
export type CodeCacheUse =
  /** No cache for this build on this engine yet: the main file was compiled. */
  | 'compiled'
  /** The cache was read: nothing compiled again. */
  | 'cached'
  /** A cache was there but V8 refused it (other flags, or damaged): compiled, and written again. */
  | 'refused';

/** A CommonJS main file loaded through the code cache. */
export interface CachedModule<T> {
  readonly exports: T;
  readonly use: CodeCacheUse;
  /**
   * Writes the code compiled so far (the load and whatever ran since) to the cache, unless the
   * cache was used, and removes the caches of other builds. Never rejects.
   */
  save(): Promise<void>;
}

/** The folder of the code caches, inside the extension's global storage. */
export const CODE_CACHE_FOLDER = 'code-cache';

/**
 * Loads the CommonJS file `file` as `require` would (its own `require`, `module`, `exports`,
 * `__filename`, `__dirname`), compiled with the cache kept in `cacheDir` when there is one.
 */
export function loadCached<T>(file: string, cacheDir: string | undefined): CachedModule<T> {
  const source = readFileSync(file, 'utf8');
  const key = createHash('sha256').update(process.versions.v8).update('\0').update(source).digest('hex').slice(0, 32);
  const cacheFile = cacheDir === undefined ? undefined : join(cacheDir, `${key}.bin`);
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
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, join(file, '..'));
  return {
    get exports() {
      return module.exports;
    },
    use,
    save: async () => {
      if (cacheDir === undefined || cacheFile === undefined || use === 'cached') return;
      try {
        const data = script.createCachedData();
        await mkdir(cacheDir, { recursive: true });
        // Written beside, then renamed: another window starting never reads half a file.
        const partial = `${cacheFile}.${process.pid}.partial`;
        await writeFile(partial, data);
        await rename(partial, cacheFile);
        for (const name of await readdir(cacheDir)) if (join(cacheDir, name) !== cacheFile) await rm(join(cacheDir, name), { force: true });
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
}

/** Loads the main file through the cache, activates it, and keeps what activation compiled for the next start. */
export async function activate(context: vscode.ExtensionContext): Promise<Main.ContentSiteApi & { codeCache: CodeCacheReport }> {
  const storage = context.globalStorageUri;
  const started = performance.now();
  const loaded = loadCached<typeof Main>(
    join(__dirname, 'extension.js'),
    storage.scheme === 'file' ? join(storage.fsPath, CODE_CACHE_FOLDER) : undefined,
  );
  const codeCache = { use: loaded.use, loadMs: performance.now() - started };
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
