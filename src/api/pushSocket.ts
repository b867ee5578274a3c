/**
 * The push channel's socket (pushChannel.ts says what the channel is): undici's WebSocket with what
 * it does not report by itself found out here. Built into a chunk of its own with undici (see
 * httpParts.ts); PushApi.open opens it once that is loaded.
 */
import type { Dispatcher } from 'undici';
import { ContentSiteError } from './errors';
import { frameReader, PUSH_MAX_FRAGMENTS, PUSH_MAX_MESSAGE_BYTES } from './frameGuard';
import { watchPings } from './pingWatch';
import { parsePushMessage } from './pushMessage';
import type { PushEvent, PushFailure, PushSocket } from './pushTypes';
import { watchUpgrade, type UpgradeWatch } from './upgradeWatch';

/** How long a polite close waits for the server's close frame before cutting the connection. */
export const CLOSE_GRACE_MS = 1000;

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
