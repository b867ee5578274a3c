/**
 * A chunk of its own (imported only by `import()`, see request.ts and pushChannel.ts): undici's HTTP is most of the
 * extension's code and nothing needs it before the first request.
 *
 * Only the parts the client uses, from undici's own files: its index also brings EventSource,
 * caches, mocks and the rest of fetch. `request` here is undici's `request` for the one way the
 * client calls it: a full URL and an explicit dispatcher. `WebSocket` is the push channel's (it
 * brings the part of fetch its handshake runs on).
 */
/* eslint-disable @typescript-eslint/no-require-imports */
import type * as Undici from 'undici';

const Dispatcher: typeof Undici.Dispatcher = require('undici/lib/dispatcher/dispatcher.js');
const api: {
  request: (this: Undici.Dispatcher, opts: Undici.Dispatcher.RequestOptions<unknown>) => ReturnType<typeof Undici.request>;
} = require('undici/lib/api/index.js');
// What undici's index does on load: the pools' request/connect methods (ProxyAgent tunnels with connect).
Object.assign(Dispatcher.prototype, api);

export const EnvHttpProxyAgent: typeof Undici.EnvHttpProxyAgent = require('undici/lib/dispatcher/env-http-proxy-agent.js');
export const RetryAgent: typeof Undici.RetryAgent = require('undici/lib/dispatcher/retry-agent.js');

/** Refuses what the client never sends (a URL object, no dispatcher) rather than guess. */
export const request = ((url, options) => {
  const { dispatcher, ...rest } = options ?? {};
  if (!dispatcher || !(typeof url === 'string' || url instanceof URL))
    throw new TypeError('transport.request needs a URL and a dispatcher');
  const parsed = new URL(url);
  return api.request.call(dispatcher, {
    ...rest,
    origin: parsed.origin,
    path: `${parsed.pathname}${parsed.search}`,
    method: rest.method ?? 'GET',
  });
}) as typeof Undici.request;

/** undici's own FormData: the one its request body encoder knows (it streams each part's Blob as it sends). */
export const FormData: typeof Undici.FormData = require('undici/lib/web/fetch/formdata.js').FormData;

export const WebSocket: typeof Undici.WebSocket = require('undici/lib/web/websocket/websocket.js').WebSocket;

/** The push channel's socket over undici's WebSocket (./pushSocket.ts): it is of no use before undici. */
export { openPushSocket } from './pushSocket';
