/**
 * The server's ping frames, which undici's WebSocket answers by itself and fires no event for: it
 * publishes each on the diagnostics channel `undici:websocket:ping` (and pongs on
 * `undici:websocket:pong`) with the socket it came on. One subscription for every socket of this
 * client, made while any socket is watched; a ping on someone else's socket (another copy of
 * undici in the process publishes on the same channel) is not ours and is skipped.
 */
import * as diagnostics from 'node:diagnostics_channel';

const CHANNELS = ['undici:websocket:ping', 'undici:websocket:pong'] as const;

const watched = new Map<object, () => void>();

function onFrame(message: unknown): void {
  const socket = (message as { websocket?: object } | undefined)?.websocket;
  if (socket) watched.get(socket)?.();
}

/** Calls `seen` on every ping (or pong) frame that arrives on `socket`, until the returned function is called. */
export function watchPings(socket: object, seen: () => void): () => void {
  if (watched.size === 0) for (const name of CHANNELS) diagnostics.subscribe(name, onFrame);
  watched.set(socket, seen);
  return () => {
    if (!watched.delete(socket) || watched.size > 0) return;
    for (const name of CHANNELS) diagnostics.unsubscribe(name, onFrame);
  };
}
