/**
 * Decodes a compressed answer (the client asks for ACCEPT_ENCODING). Plain zlib: undici's own
 * decompress interceptor is still marked experimental. A body that expands past MAX_DECODED_BYTES
 * or cannot be decoded is an unreadable answer, not a crash.
 */
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate } from 'node:zlib';

/** What the client asks the service to compress with. */
export const ACCEPT_ENCODING = 'br, gzip';
/** The most a compressed answer may expand to (a guard against decompression bombs). */
export const MAX_DECODED_BYTES = 64 * 1024 * 1024;

const decoders: Record<string, (b: Buffer, o: { maxOutputLength: number }) => Promise<Buffer>> = {
  br: promisify(brotliDecompress),
  gzip: promisify(gunzip),
  'x-gzip': promisify(gunzip),
  deflate: promisify(inflate),
};

export async function decodeBody(raw: Buffer, contentEncoding: string | string[] | undefined): Promise<string> {
  const coding = (Array.isArray(contentEncoding) ? contentEncoding.join(',') : (contentEncoding ?? '')).trim().toLowerCase();
  if (coding === '' || coding === 'identity') return raw.toString('utf8');
  const decode = decoders[coding];
  if (!decode) throw new Error(`the answer is encoded as "${coding}", which this client does not read`);
  return (await decode(raw, { maxOutputLength: MAX_DECODED_BYTES })).toString('utf8');
}
