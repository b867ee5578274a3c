/**
 * Compression as a real web front end does it: when the client's Accept-Encoding allows, answers
 * of COMPRESS_MIN_BYTES or more go out brotli- or gzip-compressed (brotli preferred), with
 * Content-Encoding and Vary set. Nothing is compressed for a client that did not ask.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const COMPRESS_MIN_BYTES = 256;

export type Encoding = 'br' | 'gzip';

/** The encoding to use for an Accept-Encoding header (q=0 refuses one), or undefined for none. */
export function negotiate(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const allowed = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    allowed.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (e: string) => (allowed.get(e) ?? allowed.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return undefined;
}

export function compress(body: string | Buffer, encoding: Encoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(body, { level: 6 });
}
