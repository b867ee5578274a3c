/**
 * The one guard for every file of a workspace folder this extension reads to send to the site, or
 * writes with the site's text (issue 39): its real path, every symbolic link followed (the file's
 * own and its folders'), must lie inside the folder's real path. A post file that is a link to a
 * file elsewhere (a repository cloned from someone, a hand-made link) is refused with a sentence
 * that names both, and nothing of it is read, sent or written. Publish, Pull, Sync, the outbox and
 * the Source Control view all read and write post files through here; images have their own check
 * of the same rule (imageFiles.ts `checkImage`), which also reads their bytes.
 */
import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { isAbsolute, relative, sep } from 'node:path';
import { PublishError } from './publishBase';

/** Whether `path` lies under `root` (both real paths), not `root` itself. */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const NON_BLOCK = constants.O_NONBLOCK ?? 0;

/** A file refused by the guard: outside the folder (through a link), or not a regular file. */
export class OutsideFolderError extends PublishError {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message, [], path);
  }
}

const code = (err: unknown) => (err as NodeJS.ErrnoException).code ?? String(err);

/**
 * The real path of `path`, checked to lie inside the folder `root` (any path of it: its real path
 * is taken here). Throws an `OutsideFolderError` when it does not, and the file system's error
 * (ENOENT for a missing file) when either cannot be resolved.
 */
export async function realPathInside(root: string, path: string): Promise<string> {
  const [realRoot, real] = await Promise.all([realpath(root), realpath(path)]);
  if (!isInside(realRoot, real))
    throw new OutsideFolderError(
      `${relative(root, path) || path} leads outside the folder (to ${real}), through a symbolic link: nothing of it is read, sent or written. Put the file itself in the folder.`,
      path,
    );
  return real;
}

/**
 * The text of the file at `path` when it lies inside `root` (`realPathInside`) and is a regular
 * file; opened by its real path without following a link, so a link put in its place after the
 * check is refused too (ELOOP).
 */
export async function readInside(root: string, path: string): Promise<string> {
  const real = await realPathInside(root, path);
  let file;
  try {
    file = await open(real, constants.O_RDONLY | NO_FOLLOW | NON_BLOCK);
  } catch (err) {
    if (code(err) === 'ELOOP') throw new OutsideFolderError(`${path} became a symbolic link while it was read: it is not read.`, path);
    throw err;
  }
  try {
    if (!(await file.stat()).isFile()) throw new OutsideFolderError(`${path} is not a regular file: it is not read.`, path);
    return await file.readFile('utf8');
  } finally {
    await file.close();
  }
}

/** Why the guard refused a file, or undefined when the error is not the guard's. */
export const outsideReason = (err: unknown): string | undefined => (err instanceof OutsideFolderError ? err.message : undefined);
