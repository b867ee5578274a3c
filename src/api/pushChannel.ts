/**
 * The push channel: one WebSocket to `/pinghub/wpcom/me/newest-note-data` beside `/rest` on the
 * API host (../shared/spec/realtime.md), authenticated with the same bearer token and sent through
 * the same pool and proxy settings as every request. It reports what happens on the socket as typed
 * events; deciding when to connect again is the caller's (src/models/pushPolicy.ts).
 *
 * What undici's WebSocket does not report by itself is found out here: the status of a refused
 * upgrade (upgradeWatch.ts: a 401 is an auth failure, not a network one), the server's pings
 * (pingWatch.ts: any ping or message is a sign of life) and a server that broke the channel's
 * bounds (frameGuard.ts: no message over 64 KB, no compression), whose socket is closed as a
 * protocol failure.
 */
import type { Dispatcher } from 'undici';
import { loadTransport } from './lazy/loadTransport';
import { ContentSiteError } from './errors';
import { frameReader, PUSH_MAX_FRAGMENTS, PUSH_MAX_MESSAGE_BYTES } from './frameGuard';
import { watchPings } from './pingWatch';
import { parsePushMessage, type PushMessage } from './pushMessage';
import type { Transport } from './request';
import { watchUpgrade, type UpgradeWatch } from './upgradeWatch';

/** The channel's path after `/pinghub`. */
export const PUSH_PATH = '/wpcom/me/newest-note-data';

/** How long a polite close waits for the server's close frame before cutting the connection. */
export const CLOSE_GRACE_MS = 1000;

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
  /** Closes with a close frame (1000); cuts the connection if the server has not answered it within CLOSE_GRACE_MS. */
  close(): void;
  /** Cuts the connection at once (a dead socket: its close frame would never be answered). */
  terminate(): void;
}

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
    return openPushSocket(
      {
        url: pushUrl(this.t.baseUrl),
        parts: () => this.t.upgradeParts(),
        webSocket: async () => (await loadTransport()).WebSocket,
        log: options.log,
      },
      listener,
    );
  }
}

type WebSocketClass = typeof import('undici').WebSocket;
type Socket = InstanceType<WebSocketClass>;

export interface PushSocketParts {
  url: string;
  parts: () => Promise<{ dispatcher: Dispatcher; headers: Record<string, string> }>;
  webSocket: () => Promise<WebSocketClass>;
  log?: (line: string) => void;
}

export function openPushSocket(o: PushSocketParts, listener: (event: PushEvent) => void): PushSocket {
  let ended = false;
  let ws: Socket | undefined;
  let watch: UpgradeWatch | undefined;
  let unwatchPings = (): void => undefined;
  const emit = (event: PushEvent): void => {
    if (!ended) listener(event);
  };
  const end = (): void => {
    ended = true;
    unwatchPings();
  };
  const failBeforeSocket = (failure: PushFailure, message: string): void => {
    emit({ type: 'error', message });
    emit({ type: 'close', code: 1006, reason: '', opened: false, failure });
    end();
  };

  void (async () => {
    let parts: Awaited<ReturnType<PushSocketParts['parts']>>;
    let WebSocket: WebSocketClass;
    try {
      [parts, WebSocket] = await Promise.all([o.parts(), o.webSocket()]);
    } catch (err) {
      const message = err instanceof ContentSiteError ? err.userMessage : err instanceof Error ? err.message : String(err);
      failBeforeSocket(
        err instanceof ContentSiteError && err.kind === 'auth' ? { kind: 'token', message } : { kind: 'network', message },
        message,
      );
      return;
    }
    if (ended) return;
    watch = watchUpgrade(parts.dispatcher, { maxMessageBytes: PUSH_MAX_MESSAGE_BYTES, maxFragments: PUSH_MAX_FRAGMENTS });
    try {
      ws = new WebSocket(o.url, { headers: parts.headers, dispatcher: watch.dispatcher });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      failBeforeSocket({ kind: 'network', message }, message);
      return;
    }
    let opened = false;
    /** Why the socket was closed as a protocol failure, if it was. */
    let broken: string | undefined;
    unwatchPings = watchPings(ws, () => emit({ type: 'alive' }));
    ws.addEventListener('open', () => {
      opened = true;
      // undici began reading the socket just now (its listener is in place, nothing read yet): the
      // same bytes reach this reader right after its parser, which already refused what breaks
      // the bounds; the reader says which bound, and cuts the connection if the parser did not.
      const socket = watch!.socket;
      socket?.on(
        'data',
        frameReader({ maxBytes: PUSH_MAX_MESSAGE_BYTES, maxFragments: PUSH_MAX_FRAGMENTS }, (why) => {
          broken = why;
          socket.destroy();
        }),
      );
      emit({ type: 'open' });
    });
    ws.addEventListener('message', (event) => {
      emit({ type: 'alive' });
      const parsed = parsePushMessage(event.data);
      if (parsed.ok) emit({ type: 'message', message: parsed.message });
      else o.log?.(`Push channel: ignored a message (${parsed.reason}).`);
    });
    ws.addEventListener('error', () => emit({ type: 'error', message: broken ?? describeFailure(opened, watch!) }));
    ws.addEventListener('close', (event) => {
      const failure: PushFailure | undefined = broken ? { kind: 'protocol', message: broken } : opened ? undefined : failureOf(watch!);
      emit({ type: 'close', code: event.code, reason: event.reason, opened, failure });
      end();
    });
  })();

  return {
    close() {
      if (ended) return;
      end();
      if (!ws) return;
      ws.close(1000);
      const socket = watch?.socket;
      if (socket) setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
    },
    terminate() {
      if (ended) return;
      end();
      if (watch?.socket) watch.socket.destroy();
      else ws?.close(1000);
    },
  };
}

function failureOf(watch: UpgradeWatch): PushFailure {
  const status = watch.status;
  if (status === 401 || status === 403) return { kind: 'auth', status };
  if (status !== undefined) return { kind: 'refused', status };
  return { kind: 'network', message: watch.error?.message ?? 'the connection failed' };
}

function describeFailure(opened: boolean, watch: UpgradeWatch): string {
  if (opened) return 'the connection was lost';
  const f = failureOf(watch);
  return 'status' in f ? `the server refused the upgrade (HTTP ${f.status})` : f.message;
}
