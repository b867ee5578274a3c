/**
 * A plain `ws` client of the reference service's push channel, for tests: it keeps every message
 * and ping, waits for the ones a test expects (always with a bound), and reads a refusal's status
 * and body.
 */
import WebSocket from 'ws';
import { PUSH_PATH, type PushMessage } from './push';

export interface Listener {
  ws: WebSocket;
  messages: PushMessage[];
  /** `performance.now()` of each ping frame. */
  pings: number[];
  /** The first message (already here or to come) that `match` picks; rejects after `ms`. */
  next(match: (m: PushMessage) => boolean, ms?: number): Promise<PushMessage>;
  /** Resolves when `count` pings have come in all; rejects after `ms`. */
  pinged(count: number, ms?: number): Promise<void>;
  /** Resolves with the close code once the socket is closed; rejects after `ms`. */
  closed(ms?: number): Promise<number>;
}

export interface Refusal {
  status: number;
  type: string;
  body: unknown;
}

const pushUrl = (base: string, path = PUSH_PATH): string => `${base.replace(/^http/, 'ws')}${path}`;
const headers = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

/** Waits until `done()` holds, checking whenever the socket emits one of `events`; rejects after `ms`. */
function until(ws: WebSocket, events: string[], done: () => boolean, ms: number, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = (): void => {
      if (!done()) return;
      stop();
      resolve();
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`timed out after ${ms} ms waiting for ${what}`));
    }, ms);
    const stop = (): void => {
      clearTimeout(timer);
      for (const e of events) ws.off(e, check);
    };
    for (const e of events) ws.on(e, check);
    check();
  });
}

/** Opens a socket; rejects with the refusal (status and body) if the service refuses it. */
export function listen(base: string, token?: string, path?: string): Promise<Listener> {
  const ws = new WebSocket(pushUrl(base, path), { headers: headers(token) });
  const messages: PushMessage[] = [];
  const pings: number[] = [];
  let closeCode: number | undefined;
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as PushMessage));
  ws.on('ping', () => pings.push(performance.now()));
  ws.on('close', (code) => (closeCode = code));
  const listener: Listener = {
    ws,
    messages,
    pings,
    next: async (match, ms = 2000) => {
      await until(ws, ['message'], () => messages.some(match), ms, 'a push message');
      return messages.find(match)!;
    },
    pinged: (count, ms = 2000) => until(ws, ['ping'], () => pings.length >= count, ms, `${count} pings`),
    closed: async (ms = 2000) => {
      await until(ws, ['close'], () => closeCode !== undefined, ms, 'the socket to close');
      return closeCode!;
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(listener));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      res.on('end', () => {
        let parsed: unknown = body;
        try {
          parsed = JSON.parse(body);
        } catch {
          // not JSON: kept as text
        }
        reject(
          Object.assign(new Error(`refused: ${res.statusCode}`), {
            refusal: { status: res.statusCode, type: res.headers['content-type'], body: parsed },
          }),
        );
      });
    });
    ws.once('error', reject);
  });
}

/** The service's answer to an upgrade it must refuse; fails the test if a socket opens instead. */
export async function refusal(base: string, token?: string, path?: string): Promise<Refusal> {
  try {
    const l = await listen(base, token, path);
    l.ws.terminate();
  } catch (err) {
    const r = (err as { refusal?: Refusal }).refusal;
    if (r) return r;
    throw err;
  }
  throw new Error('the upgrade was accepted: a socket opened');
}
