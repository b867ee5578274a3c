/**
 * The push channel: one WebSocket to `/pinghub/wpcom/me/newest-note-data` beside `/rest` on the
 * API host (../shared/spec/realtime.md), authenticated with the same bearer token and sent through
 * the same pool and proxy settings as every request. It reports what happens on the socket as typed
 * events; deciding when to connect again is the caller's (src/models/pushPolicy.ts).
 *
 * The socket itself is pushSocket.ts, loaded with undici (a chunk of its own). What undici's
 * WebSocket does not report by itself is found out there: the status of a refused
 * upgrade (upgradeWatch.ts: a 401 is an auth failure, not a network one), the server's pings
 * (pingWatch.ts: any ping or message is a sign of life) and a server that broke the channel's
 * bounds (frameGuard.ts: no message over 64 KB, no compression), whose socket is closed as a
 * protocol failure.
 */
import type { PushEvent, PushSocket } from './pushTypes';
import type { Transport } from './request';

/** The channel's path after `/pinghub`. */
export const PUSH_PATH = '/wpcom/me/newest-note-data';

export type { PushEvent, PushFailure, PushSocket } from './pushTypes';

export interface OpenPushOptions {
  /** A line for the output channel (an ignored message, a failure's cause). */
  log?: (line: string) => void;
}

/** The channel's address for an API `baseUrl` (`…/rest`): `/pinghub` beside `/rest`, ws or wss. */
export function pushUrl(baseUrl: string): string {
  const root = baseUrl.replace(/\/+$/, '').replace(/\/rest$/, '');
  const url = new URL(`${root}/pinghub${PUSH_PATH}`);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export class PushApi {
  constructor(private readonly t: Transport) {}

  /**
   * Opens one socket and reports on it to `listener` until it closes: `open`, then `alive` and
   * `message` as frames arrive, and one `close` at the end (an `error` before it when it failed).
   * After `close()` or `terminate()` the listener hears nothing more.
   */
  open(listener: (event: PushEvent) => void, options: OpenPushOptions = {}): PushSocket {
    // The socket's code loads with undici (a chunk of its own, pushSocket.ts); until then, this stands in for it.
    let socket: PushSocket | undefined;
    let ended = false;
    import('./httpParts').then(
      (t) => {
        if (ended) return;
        socket = t.openPushSocket(
          {
            url: pushUrl(this.t.baseUrl),
            parts: () => this.t.upgradeParts(),
            webSocket: () => Promise.resolve(t.WebSocket),
            log: options.log,
          },
          listener,
        );
      },
      (err: unknown) => {
        if (ended) return;
        ended = true;
        const message = err instanceof Error ? err.message : String(err);
        listener({ type: 'error', message });
        listener({ type: 'close', code: 1006, reason: '', opened: false, failure: { kind: 'network', message } });
      },
    );
    return {
      close() {
        ended = true;
        socket?.close();
      },
      terminate() {
        ended = true;
        socket?.terminate();
      },
    };
  }
}
