/**
 * What undici's WebSocket does not tell: the HTTP status of a refused upgrade (it reports any
 * failed handshake as the same bare `error` and close 1006, so a 401 would look like a network
 * failure) and the upgraded connection itself (its `close()` waits for the server's close frame,
 * which a dead connection never sends). A dispatcher composed over the client's own one (the same
 * pool and proxy settings) watches the handshake's answer and keeps both.
 *
 * It also lets one request through, not two: after a 401 undici's handshake (a fetch with
 * "use-URL-credentials") asks again at once with the same headers, which sends the refused token a
 * second time and doubles every refusal. The second request is failed here instead; the handshake
 * then fails with the 401 already seen.
 */
import type { Dispatcher } from 'undici';
import type { Duplex } from 'node:stream';

export interface UpgradeWatch {
  /** The status the server answered the upgrade with (101 when it opened), once it has. */
  readonly status: number | undefined;
  /** The connection after a 101, to cut it. */
  readonly socket: Duplex | undefined;
  /** Why no answer came (connection refused, reset, a proxy or TLS failure), if none did. */
  readonly error: Error | undefined;
  /** `base` with this watch on every request sent through it. */
  readonly dispatcher: Dispatcher;
}

type Handler = Dispatcher.DispatchHandler;

export function watchUpgrade(base: Dispatcher): UpgradeWatch {
  const watch: { -readonly [K in keyof UpgradeWatch]: UpgradeWatch[K] } = {
    status: undefined,
    socket: undefined,
    error: undefined,
    dispatcher: base,
  };
  let sent = false;
  watch.dispatcher = base.compose((dispatch) => (opts, handler: Handler): boolean => {
    if (sent) throw new Error(`the upgrade was already answered (HTTP ${watch.status ?? 'none'}); not sending it again`);
    sent = true;
    return dispatch(opts, {
      onRequestStart: (c, context) => handler.onRequestStart?.(c, context),
      onRequestUpgrade: (c, status, headers, socket) => {
        watch.status = status;
        watch.socket = socket;
        handler.onRequestUpgrade?.(c, status, headers, socket);
      },
      onResponseStart: (c, status, headers, message) => {
        watch.status = status;
        handler.onResponseStart?.(c, status, headers, message);
      },
      onResponseData: (c, chunk) => handler.onResponseData?.(c, chunk),
      onResponseEnd: (c, trailers) => handler.onResponseEnd?.(c, trailers),
      onResponseError: (c, error) => {
        watch.error = error;
        handler.onResponseError?.(c, error);
      },
    });
  });
  return watch;
}
