/**
 * A new post file (New Post, Open as Markdown) under `posts/` of a workspace folder: created only if
 * nothing is at that name (opened with O_CREAT|O_EXCL, so a symbolic link there, dangling or not, is
 * never written through), only when `posts/` itself resolves inside the folder, with a name from
 * fileNames.ts; `stem.md`, then `stem-2.md` … when taken.
 */
import { constants } from 'node:fs';
import { mkdir, open, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { isInside } from './folderGuard';

/** Names tried before giving up: `stem.md`, `stem-2.md` … `stem-99.md`. */
const MAX_TRIES = 99;

const code = (err: unknown) => (err as NodeJS.ErrnoException).code ?? String(err);

/** Creates `<root>/posts/<stem>[-n].md` holding `text`; its path. Throws a sentence when it may not. */
export async function createPostFile(root: string, stem: string, text: string): Promise<string> {
  const dir = join(root, 'posts');
  try {
    await mkdir(dir, { recursive: true });
  } catch (err) {
    throw new Error(`The folder ${dir} could not be made (${code(err)}).`);
  }
  const [realRoot, realDir] = await Promise.all([realpath(root), realpath(dir)]);
  if (!isInside(realRoot, realDir))
    throw new Error(`${dir} leads outside the workspace folder (to ${realDir}): no post file is written there.`);
  for (let n = 1; n <= MAX_TRIES; n++) {
    const path = join(realDir, `${stem}${n === 1 ? '' : `-${n}`}.md`);
    let file;
    try {
      file = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw new Error(`${path} could not be written (${code(err)}).`);
    }
    try {
      await file.writeFile(text, 'utf8');
    } finally {
      await file.close();
    }
    return path;
  }
  throw new Error(`${stem}.md and ${MAX_TRIES - 1} more names like it are taken in ${realDir}.`);
}
