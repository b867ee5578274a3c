/**
 * The Quick Fix of an image outside the workspace folder: a copy of the file next to the post. Only
 * a regular file (a FIFO is not waited on) no bigger than `maxBytes` is read; the copy is created
 * only where nothing is (O_EXCL: never through a symbolic link), `photo.png`, then `photo-2.png` …
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { fileStem } from './fileNames';
import { tooBig } from './imageFiles';

/** Copies `from` into `intoDir`; the copy's name. Throws a sentence when it may not. */
export async function copyImageInto(from: string, intoDir: string, maxBytes: number): Promise<string> {
  const source = await open(from, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  let data: Uint8Array;
  try {
    const stat = await source.stat();
    if (!stat.isFile()) throw new Error(`${from} is not a regular file.`);
    if (stat.size > maxBytes) throw new Error(tooBig(basename(from), stat.size, maxBytes));
    data = await source.readFile();
  } finally {
    await source.close();
  }
  const ext = extname(from)
    .toLowerCase()
    .replace(/[^.a-z0-9]/g, '');
  const stem = fileStem(basename(from, extname(from)), 'image');
  for (let n = 1; n < 100; n++) {
    const name = `${stem}${n === 1 ? '' : `-${n}`}${ext}`;
    let copy;
    try {
      copy = await open(join(intoDir, name), constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw err;
    }
    try {
      await copy.writeFile(data);
    } finally {
      await copy.close();
    }
    return name;
  }
  throw new Error(`${stem}${ext} and 98 more names like it are taken in ${intoDir}.`);
}
