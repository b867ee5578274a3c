/**
 * The push channel's frame reader over byte streams cut anywhere: it finds the frame headers (7-,
 * 16- and 64-bit lengths, masked or not) without keeping payloads, counts a fragmented message's
 * frames together, passes control frames, and refuses once: a message over the bound, a compressed
 * frame, too many fragments.
 */
import * as assert from 'node:assert/strict';
import { frameReader, PUSH_MAX_FRAGMENTS, PUSH_MAX_MESSAGE_BYTES } from '../../../src/api/frameGuard';

const TEXT = 0x1;
const CONTINUATION = 0x0;
const PING = 0x9;
const FIN = 0x80;
const RSV1 = 0x40;

/** One frame's bytes: a header for `length` payload bytes (not all of which need follow). */
function header(first: number, length: number, masked = false): number[] {
  const mask = masked ? 0x80 : 0;
  const key = masked ? [1, 2, 3, 4] : [];
  if (length < 126) return [first, mask | length, ...key];
  if (length < 65536) return [first, mask | 126, length >> 8, length & 0xff, ...key];
  const bytes: number[] = [];
  for (let i = 7, n = length; i >= 0; i--, n = Math.floor(n / 256)) bytes[i] = n % 256;
  return [first, mask | 127, ...bytes, ...key];
}
const frame = (first: number, payload: number, masked = false) => [
  ...header(first, payload, masked),
  ...new Array<number>(payload).fill(0x20),
];

/** Feeds `bytes` in chunks of `size` (1: byte by byte); answers the refusals. */
function read(bytes: number[], size: number, limits = { maxBytes: 1000, maxFragments: 4 }): string[] {
  const refused: string[] = [];
  const feed = frameReader(limits, (why) => refused.push(why));
  for (let i = 0; i < bytes.length; i += size) feed(Uint8Array.from(bytes.slice(i, i + size)));
  return refused;
}

describe('frameReader (the push channel’s frame bound)', () => {
  it('the bound is 64 KB a message, in at most 64 frames', () => {
    assert.equal(PUSH_MAX_MESSAGE_BYTES, 65_536);
    assert.equal(PUSH_MAX_FRAGMENTS, 64);
  });

  it('reads messages up to the bound in any chunking, pings between them, masked or not', () => {
    const stream = [
      ...frame(FIN | TEXT, 100),
      ...frame(FIN | PING, 125),
      ...frame(FIN | TEXT, 1000),
      ...frame(TEXT, 400, true),
      ...frame(FIN | PING, 4),
      ...frame(FIN | CONTINUATION, 600, true),
    ];
    for (const size of [1, 2, 3, 7, 64, stream.length]) assert.deepEqual(read(stream, size), [], `chunks of ${size}`);
  });

  it('refuses a message over the bound from its header, whether its length takes 7, 16 or 64 bits', () => {
    for (const limits of [
      { maxBytes: 100, length: 101 },
      { maxBytes: 1000, length: 1001 },
      { maxBytes: PUSH_MAX_MESSAGE_BYTES, length: PUSH_MAX_MESSAGE_BYTES + 1 },
      { maxBytes: PUSH_MAX_MESSAGE_BYTES, length: 2 ** 40 },
    ])
      for (const size of [1, 5, 1000])
        assert.deepEqual(
          read([...frame(FIN | TEXT, 10), ...header(FIN | TEXT, limits.length)], size, { maxBytes: limits.maxBytes, maxFragments: 4 }),
          [
            `the server sent a message of ${limits.length} bytes or more, over the ${Math.round(limits.maxBytes / 1024)} KB the push channel reads`,
          ],
        );
  });

  it('counts the frames of a fragmented message together', () => {
    const refused = read([...frame(TEXT, 600), ...frame(FIN | PING, 0), ...frame(FIN | CONTINUATION, 401)], 1);
    assert.deepEqual(refused, ['the server sent a message of 1001 bytes or more, over the 1 KB the push channel reads']);
  });

  it('refuses a compressed frame and a message in too many frames, once, and reads nothing after', () => {
    assert.deepEqual(read([...frame(FIN | RSV1 | TEXT, 10), ...header(FIN | TEXT, 10_000)], 1), [
      'the server sent a compressed frame, and compression was not agreed',
    ]);
    const empties = [...frame(TEXT, 0), ...frame(CONTINUATION, 0), ...frame(CONTINUATION, 0), ...frame(CONTINUATION, 0)];
    assert.deepEqual(read([...empties, ...frame(FIN | CONTINUATION, 0)], 1), ['the server sent a message in more than 4 frames']);
    assert.deepEqual(read([...empties.slice(0, -2), ...frame(FIN | CONTINUATION, 0), ...frame(FIN | TEXT, 5)], 1), []);
  });
});
