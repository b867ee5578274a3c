/**
 * The files of a site's clone (siteClone.ts): where they go (`posts/` and `pages/`, real paths
 * inside the folder), and how each is written so that it is always whole: the text goes to a
 * temporary name beside it first, then takes its name in one step. A new file takes its name only
 * when nothing is there (a hard link, which fails on any existing name, a symbolic link too), so no
 * other file is ever written over; an update replaces the file only while it still holds what the
 * clone last wrote there.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { link, lstat, mkdir, open, readdir, readFile, realpath, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { nameKey } from './fileNames';
import { isInside } from './folderGuard';

/** Names tried for one post before giving up: `stem.md`, `stem-2.md` … `stem-99.md` (as newPostFile.ts). */
const MAX_TRIES = 99;
/** What a temporary file's name starts and ends with: left by a run that was killed, removed by the next. */
const TEMP_PREFIX = '.contentsite-';
const TEMP_SUFFIX = '.tmp';

const code = (err: unknown) => (err as NodeJS.ErrnoException).code ?? String(err);

export interface CloneDirs {
  /** The folder's real path. */
  root: string;
  /** Posts, and pages: real paths inside `root`. */
  post: string;
  page: string;
}

/** The folder's real path, made when missing. */
export async function cloneRoot(folder: string): Promise<string> {
  try {
    await mkdir(folder, { recursive: true });
  } catch (err) {
    throw new Error(`The folder ${folder} could not be made (${code(err)}).`);
  }
  return realpath(folder);
}

/** `posts/` and `pages/` of the folder at real path `root`, made when missing; refused when either leads outside it. */
export async function cloneDirs(root: string): Promise<CloneDirs> {
  const inside = async (name: string) => {
    const dir = join(root, name);
    try {
      await mkdir(dir, { recursive: true });
    } catch (err) {
      throw new Error(`The folder ${dir} could not be made (${code(err)}).`);
    }
    const real = await realpath(dir);
    if (!isInside(root, real)) throw new Error(`${dir} leads outside the folder (to ${real}): no post file is written there.`);
    return real;
  };
  return { root, post: await inside('posts'), page: await inside('pages') };
}

/** `text` in a new temporary file in `dir` (created exclusively, never through a link); its path. */
async function tempFile(dir: string, text: string): Promise<string> {
  const path = join(dir, `${TEMP_PREFIX}${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`);
  const file = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL);
  try {
    // No fsync: the name is taken only once the text is all there, which a cancel or a killed
    // process cannot undo; a power cut could, at the price of a flush per file (10,000 for a site).
    await file.writeFile(text, 'utf8');
  } catch (err) {
    await file.close();
    await unlink(path).catch(() => undefined);
    throw err;
  }
  await file.close();
  return path;
}

/** The names in `dir` as `nameKey` compares them (what `writeNewFile` keeps clear of). */
export async function takenNames(dir: string): Promise<Set<string>> {
  return new Set((await readdir(dir)).map(nameKey));
}

/**
 * `text` as a new file `<dir>/<stem>[-n].md`, whole or not at all, under the first name nothing
 * holds; its path. With `taken` (`takenNames`, kept by the caller across its writes), a name that
 * differs from one of those only by case or Unicode normalisation is taken too, and the name
 * written joins them. Throws a sentence when it may not.
 */
export async function writeNewFile(dir: string, stem: string, text: string, taken?: Set<string>): Promise<string> {
  let temp: string;
  try {
    temp = await tempFile(dir, text);
  } catch (err) {
    throw new Error(`A file could not be written in ${dir} (${code(err)}).`);
  }
  try {
    for (let n = 1; n <= MAX_TRIES; n++) {
      const name = `${stem}${n === 1 ? '' : `-${n}`}.md`;
      const path = join(dir, name);
      if (taken?.has(nameKey(name))) continue;
      try {
        await link(temp, path);
        taken?.add(nameKey(name));
        return path;
      } catch (err) {
        if (code(err) !== 'EEXIST') throw new Error(`${path} could not be written (${code(err)}).`);
        taken?.add(nameKey(name));
      }
    }
    throw new Error(`${stem}.md and ${MAX_TRIES - 1} more names like it are taken in ${dir}.`);
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

/**
 * `path` replaced by `text`, whole, only while it is a regular file that still holds `expected`;
 * false (nothing written) when it changed meanwhile.
 */
export async function replaceFile(path: string, expected: string, text: string, dir: string): Promise<boolean> {
  if ((await currentText(path)) !== expected) return false;
  const temp = await tempFile(dir, text);
  try {
    if ((await currentText(path)) !== expected) return false;
    await rename(temp, path);
    return true;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

/** A regular file's text (never through a symbolic link); undefined when it is not one. */
async function currentText(path: string): Promise<string | undefined> {
  try {
    if (!(await lstat(path)).isFile()) return undefined;
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** The Markdown files directly in `dir` (regular files only), each with its text, one at a time. */
export async function* markdownFiles(dir: string): AsyncGenerator<{ path: string; text: string }> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.md')) continue;
    const path = join(dir, entry.name);
    const text = await currentText(path);
    if (text !== undefined) yield { path, text };
  }
}

/** One Markdown file's text, as `markdownFiles` reads each (a regular file only); undefined when it is not one. */
export async function markdownFile(path: string): Promise<{ path: string; text: string } | undefined> {
  const text = await currentText(path);
  return text === undefined ? undefined : { path, text };
}

/** Removes what a killed run left at temporary names in `dir` (the files themselves were never named). */
export async function removeLeftovers(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true }))
    if (entry.isFile() && entry.name.startsWith(TEMP_PREFIX) && entry.name.endsWith(TEMP_SUFFIX))
      await unlink(join(dir, entry.name)).catch(() => undefined);
}

/** `text` at `path`, whole (temporary file, then renamed over it): for the clone's own small files. */
export async function writeWhole(dir: string, path: string, text: string): Promise<void> {
  const temp = await tempFile(dir, text);
  try {
    await rename(temp, path);
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}
