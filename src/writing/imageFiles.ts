/**
 * Which local files a post may upload, decided before a byte leaves the machine: only a regular file
 * whose real path (every symbolic link resolved) lies inside the workspace folder that holds the
 * post, no bigger than the site takes, and an image by its bytes (PNG, JPEG, GIF or WebP), whatever
 * its name says. The file is opened once, without blocking (a FIFO answers "not a regular file"
 * instead of hanging), its size read from the open file before anything is read, and its content
 * hashed as a stream; the upload reads it again as a stream (`fs.openAsBlob`), never whole.
 */
import { createHash } from 'node:crypto';
import { constants, openAsBlob } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { isInside } from './folderGuard';
import { sizeText } from './limits';

/** The formats a post's image may be, by their first bytes; what every message lists. */
export const IMAGE_FORMATS = [
  { type: 'image/png', name: 'PNG', extensions: ['png'], test: (b: Buffer) => b.subarray(0, 8).equals(PNG_SIGNATURE) },
  { type: 'image/jpeg', name: 'JPEG', extensions: ['jpg', 'jpeg'], test: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', name: 'GIF', extensions: ['gif'], test: (b: Buffer) => /^GIF8[79]a$/.test(b.toString('latin1', 0, 6)) },
  {
    type: 'image/webp',
    name: 'WebP',
    extensions: ['webp'],
    test: (b: Buffer) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
  },
] as const;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** "PNG, JPEG, GIF or WebP": the formats `formats` accepts, as a sentence says them. */
export function formatList(formats: readonly ImageFormat[] = IMAGE_FORMATS): string {
  const names = formats.map((f) => f.name);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : (names[0] ?? 'none');
}

/** The image format of these first bytes, among `formats`; undefined for anything else. */
export function sniffImage(head: Buffer, formats: readonly ImageFormat[] = IMAGE_FORMATS): ImageFormat | undefined {
  return formats.find((f) => f.test(head));
}

/** What the site takes: its own limit and file types when it says them (site `options`), else ours. */
export interface UploadRules {
  maxBytes: number;
  formats: readonly ImageFormat[];
}

/** A site's rules from its `options.max_upload_size` and `options.allowed_file_types` (each may be missing). */
export function uploadRules(
  options: { max_upload_size?: unknown; allowed_file_types?: unknown } | undefined,
  fallbackBytes: number,
): UploadRules {
  const max = Number(options?.max_upload_size);
  const allowed = Array.isArray(options?.allowed_file_types)
    ? new Set(options.allowed_file_types.filter((t): t is string => typeof t === 'string').map((t) => t.toLowerCase()))
    : undefined;
  return {
    maxBytes: Number.isSafeInteger(max) && max > 0 ? max : fallbackBytes,
    formats: allowed ? IMAGE_FORMATS.filter((f) => f.extensions.some((e) => allowed.has(e))) : IMAGE_FORMATS,
  };
}

/** "x.png is 60 MB; the site takes images up to 50 MB." */
export const tooBig = (name: string, size: number, max: number) =>
  `${name} is ${sizeText(size)}; the site takes images up to ${sizeText(max)}.`;

/** Where a post file lives: its folder, and the workspace folder that holds it (undefined: none does). */
export interface PostPlace {
  fileDir: string;
  root: string | undefined;
  /** The post file itself, as opened: a publish of it checks that its real path lies inside `root` (folderGuard.ts). */
  file?: string;
}

export type ImageProblem = 'no-folder' | 'outside' | 'missing' | 'not-file' | 'too-big' | 'not-image';

export type CheckedImage =
  | {
      ok: true;
      src: string;
      /** The real path (links resolved). */
      path: string;
      name: string;
      type: string;
      size: number;
      sha256: string;
    }
  | {
      ok: false;
      src: string;
      problem: ImageProblem;
      message: string;
      /** The file the link leads to, when there is one (the Quick Fix copies it into the workspace). */
      path?: string;
    };

/** A link's path as a file path: its query and fragment dropped, percent-escapes decoded (a malformed one kept as written). */
export function srcPath(src: string): string {
  const bare = src.split(/[?#]/)[0];
  try {
    return decodeURIComponent(bare);
  } catch {
    return bare;
  }
}

const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const NON_BLOCK = constants.O_NONBLOCK ?? 0;

/**
 * Checks the file an image link (or `featured_image`) names, reading no more than its first bytes
 * and, when it may be uploaded, its content once for the hash. Never throws for a file problem: the
 * answer says which problem, in a sentence about `src`.
 */
export async function checkImage(src: string, place: PostPlace, rules: UploadRules): Promise<CheckedImage> {
  const refuse = (problem: ImageProblem, message: string, path?: string): CheckedImage => ({ ok: false, src, problem, message, path });
  if (place.root === undefined)
    return refuse(
      'no-folder',
      `${src} is not uploaded: the post file is not inside a workspace folder, and images are uploaded only from the folder that holds the post. Save the post in your workspace first.`,
    );
  const wanted = resolve(place.fileDir, srcPath(src));
  let real: string;
  let root: string;
  try {
    root = await realpath(place.root);
    real = await realpath(wanted);
  } catch {
    return refuse('missing', `The image ${src} was not found (${wanted}).`);
  }
  if (!isInside(root, real))
    return refuse(
      'outside',
      `${src} is outside this workspace folder (it is ${real}): only images inside the folder that holds the post are uploaded. Use the Quick Fix to copy it next to the post.`,
      real,
    );
  let file;
  try {
    file = await open(real, constants.O_RDONLY | NO_FOLLOW | NON_BLOCK);
  } catch {
    return refuse('missing', `The image ${src} could not be opened (${real}).`);
  }
  try {
    const stat = await file.stat();
    if (!stat.isFile()) return refuse('not-file', `${src} is not a regular file, so it is not uploaded.`);
    if (stat.size > rules.maxBytes) return refuse('too-big', tooBig(src, stat.size, rules.maxBytes));
    const head = Buffer.alloc(16);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    const format = sniffImage(head.subarray(0, bytesRead), rules.formats);
    if (!format)
      return refuse(
        'not-image',
        `${src} is not a ${formatList(rules.formats)} image (by its content, whatever its name), so it is not uploaded.`,
      );
    const hash = createHash('sha256');
    for await (const chunk of file.createReadStream({ start: 0, end: Math.max(0, stat.size - 1), autoClose: false }))
      hash.update(chunk as Buffer);
    return {
      ok: true,
      src,
      path: real,
      name: uploadName(basename(wanted), format),
      type: format.type,
      size: stat.size,
      sha256: hash.digest('hex'),
    };
  } finally {
    await file.close();
  }
}

/** The file's name with the extension of what its bytes are (the site decides a file's type by its extension). */
export function uploadName(name: string, format: ImageFormat): string {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot + 1).toLowerCase()] : [name, ''];
  return (format.extensions as readonly string[]).includes(ext) ? name : `${stem || 'image'}.${format.extensions[0]}`;
}

/** A dropped file as an upload when its bytes are an image (its name does not decide), named for what it is. */
export function droppedImage(name: string, data: Uint8Array): { name: string; type: string; data: Uint8Array } | undefined {
  const format = sniffImage(Buffer.from(data.buffer, data.byteOffset, Math.min(data.byteLength, 16)));
  return format && { name: uploadName(name, format), type: format.type, data };
}

/** A checked image's bytes for an upload, read from the file as they are sent. */
export function imageBlob(image: Extract<CheckedImage, { ok: true }>): Promise<Blob> {
  return openAsBlob(image.path, { type: image.type });
}
