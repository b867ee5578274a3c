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
 *
 * And it shapes what the socket may receive (frameGuard.ts says why): undici's parser is given the
 * channel's message bound (`webSocketOptions.maxPayloadSize`, which undici reads from the
 * dispatcher the handshake went through), and permessage-deflate is neither offered (undici always
 * asks for it) nor taken (an answer that names it anyway has the header dropped, so undici never
 * makes an inflater and fails a compressed frame as a protocol error).
 */
import type { Dispatcher } from 'undici';
import type { IncomingHttpHeaders } from 'node:http';
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

export interface UpgradeLimits {
  /** The longest message undici may read on the socket (its `maxPayloadSize`: a frame, a compressed frame, an inflated message). */
  maxMessageBytes: number;
  /** The most frames a message may come in (its `maxFragments`). */
  maxFragments: number;
}

const EXTENSIONS = 'sec-websocket-extensions';

export function watchUpgrade(base: Dispatcher, limits: UpgradeLimits): UpgradeWatch {
  const watch: { -readonly [K in keyof UpgradeWatch]: UpgradeWatch[K] } = {
    status: undefined,
    socket: undefined,
    error: undefined,
    dispatcher: base,
  };
  let sent = false;
  const composed = base.compose((dispatch) => (opts, handler: Handler): boolean => {
    if (sent) throw new Error(`the upgrade was already answered (HTTP ${watch.status ?? 'none'}); not sending it again`);
    sent = true;
    return dispatch(withoutExtensions(opts), {
      onRequestStart: (c, context) => handler.onRequestStart?.(c, context),
      onRequestUpgrade: (c, status, headers, socket) => {
        watch.status = status;
        watch.socket = socket;
        handler.onRequestUpgrade?.(c, status, answerWithoutExtensions(headers), socket);
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
  const webSocketOptions = { maxPayloadSize: limits.maxMessageBytes, maxFragments: limits.maxFragments };
  watch.dispatcher = new Proxy(composed, {
    get: (target, key, receiver) => (key === 'webSocketOptions' ? webSocketOptions : Reflect.get(target, key, receiver)),
  });
  return watch;
}

/** The upgrade request without undici's offer of permessage-deflate. */
function withoutExtensions(opts: Dispatcher.DispatchOptions): Dispatcher.DispatchOptions {
  const headers = opts.headers;
  if (!headers) return opts;
  if (Array.isArray(headers)) {
    const kept: typeof headers = [];
    for (let i = 0; i + 1 < headers.length; i += 2)
      if (String(headers[i]).toLowerCase() !== EXTENSIONS) kept.push(headers[i], headers[i + 1]);
    return { ...opts, headers: kept };
  }
  const entries =
    Symbol.iterator in headers ? [...(headers as Iterable<[string, string | string[] | undefined]>)] : Object.entries(headers);
  return { ...opts, headers: Object.fromEntries(entries.filter(([name]) => name.toLowerCase() !== EXTENSIONS)) };
}

/** A 101 answer without any extension the server names: none was offered, none is taken. */
function answerWithoutExtensions(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== EXTENSIONS));
}
