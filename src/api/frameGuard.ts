/**
 * The push channel's own bound on what a server may send. Its messages are JSON texts of a few
 * hundred bytes (../shared/spec/realtime.md: an action, a note id, a user id, a time and a type), so
 * PUSH_MAX_MESSAGE_BYTES (64 KB) is over a hundred times the largest we expect and still small next
 * to undici's own default (128 MB a message, which a 100 KB permessage-deflate frame could make the
 * host allocate at once). Nothing longer is ever read.
 *
 * The bound is held where the bytes come in, before any message is put together:
 * - undici's parser is given it (`maxPayloadSize`, upgradeWatch.ts): it refuses a frame whose
 *   header says it is longer, before reading its payload, and fails the connection (1009);
 * - no compression is offered or taken (upgradeWatch.ts), so no frame is ever inflated: a
 *   compressed frame is a protocol error (RSV1 set without the extension, 1002);
 * - `frameReader` (here) reads the frame headers of the same bytes, keeping none of the payload,
 *   to say which rule a closing server broke (undici reports every failure as the same 1006), and
 *   cuts the connection itself should the parser ever let one through.
 */

/** The longest message the push channel reads, in bytes (see above for why 64 KB). */
export const PUSH_MAX_MESSAGE_BYTES = 64 * 1024;

/**
 * The most frames one message may come in. Ours come in one; the bound keeps a stream of empty
 * continuation frames (no bytes, so under any byte bound) from growing undici's list of fragments.
 */
export const PUSH_MAX_FRAGMENTS = 64;

export interface FrameLimits {
  maxBytes: number;
  maxFragments: number;
}

/**
 * A reader of the frames (RFC 6455 §5.2) a server sends on an upgraded connection: give it every
 * chunk, in order. It calls `refuse` once, with a sentence, at the first data frame that is
 * compressed (RSV1), that makes its message longer than `maxBytes` (the frames of a fragmented
 * message counted together) or that is its message's frame after `maxFragments`, and reads nothing
 * after. It keeps at most a frame header (14 bytes).
 */
export function frameReader({ maxBytes, maxFragments }: FrameLimits, refuse: (why: string) => void): (chunk: Uint8Array) => void {
  let done = false;
  /** Frames of the current data message so far. */
  let fragments = 0;
  /** The current frame's header so far. */
  let header: number[] = [];
  /** Payload bytes of the current frame still to pass over. */
  let skip = 0;
  /** Payload bytes of the current data message so far (its frames until FIN). */
  let message = 0;

  const fail = (why: string): void => {
    done = true;
    refuse(why);
  };

  /** The header's length once its first two bytes are known. */
  const headerLength = (): number => {
    const len7 = header[1] & 0x7f;
    return 2 + (len7 === 126 ? 2 : len7 === 127 ? 8 : 0) + (header[1] & 0x80 ? 4 : 0);
  };

  const onHeader = (): void => {
    const [b0, b1] = header;
    const len7 = b1 & 0x7f;
    let length = len7;
    if (len7 === 126) length = header[2] * 256 + header[3];
    if (len7 === 127) {
      length = 0;
      for (let i = 2; i < 10; i++) length = length * 256 + header[i];
    }
    header = [];
    skip = length;
    const opcode = b0 & 0x0f;
    if (opcode >= 0x8) return; // a control frame (ping, pong, close): 125 bytes at most, never a message
    if (b0 & 0x40) return fail('the server sent a compressed frame, and compression was not agreed');
    message += length;
    fragments++;
    if (message > maxBytes)
      return fail(
        `the server sent a message of ${message} bytes or more, over the ${Math.round(maxBytes / 1024)} KB the push channel reads`,
      );
    if (fragments > maxFragments) return fail(`the server sent a message in more than ${maxFragments} frames`);
    if (b0 & 0x80) message = fragments = 0;
  };

  return (chunk) => {
    let i = 0;
    while (!done && i < chunk.length) {
      if (skip > 0) {
        const n = Math.min(skip, chunk.length - i);
        skip -= n;
        i += n;
        continue;
      }
      header.push(chunk[i++]);
      if (header.length >= 2 && header.length === headerLength()) onHeader();
    }
  };
}
