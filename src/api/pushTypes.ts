/** What the push channel's socket reports, and how it is closed (pushChannel.ts opens it, pushSocket.ts is it). */
import type { PushMessage } from './pushMessage';

/** Why a socket never opened. */
export type PushFailure =
  /** The upgrade was refused as unauthorized (401) or forbidden (403): connecting again will not help. */
  | { kind: 'auth'; status: number }
  /** The server answered the upgrade with another status (a 503 while it is busy, a 404, a proxy's 502). */
  | { kind: 'refused'; status: number }
  /** No answer at all: the connection was refused, reset or timed out, or a proxy or TLS failed. */
  | { kind: 'network'; message: string }
  /** The sign-in could not be read from the secret storage: nothing was sent. */
  | { kind: 'token'; message: string }
  /**
   * The socket opened, then the server broke the channel's bounds (a message over 64 KB, a
   * compressed frame; frameGuard.ts) and the socket was closed: a failed connect, not a drop.
   */
  | { kind: 'protocol'; message: string };

export type PushEvent =
  | { type: 'open' }
  /** A frame arrived: a ping or any message (even one ignored). The socket is alive. */
  | { type: 'alive' }
  | { type: 'message'; message: PushMessage }
  /** Something failed; a `close` follows. */
  | { type: 'error'; message: string }
  /**
   * The socket is closed (code 1006: cut without a close frame). `failure` says why when it never
   * opened, or when it opened and was closed for breaking the protocol (kind `protocol`).
   */
  | { type: 'close'; code: number; reason: string; opened: boolean; failure?: PushFailure };

export interface PushSocket {
  /** Closes with a close frame (1000); cuts the connection if the server has not answered it within CLOSE_GRACE_MS (pushSocket.ts). */
  close(): void;
  /** Cuts the connection at once (a dead socket: its close frame would never be answered). */
  terminate(): void;
}
