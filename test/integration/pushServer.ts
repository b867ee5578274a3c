/**
 * A push channel for the client's tests while the reference service has none yet: a real WebSocket
 * server (`ws`) on its own port serving `/pinghub/wpcom/me/newest-note-data` as the spec describes
 * (bearer token on the upgrade, 401 without a good one, JSON push/delete messages, ping frames),
 * and forwarding every other request to the reference service (or a hold proxy in front of it), so
 * that REST and the channel share one host as on the real service. The test drives it: send a push
 * or a delete, drop every socket, refuse upgrades, stop pinging.
 *
 * When the reference service serves the channel itself (test/service/push.ts), point these tests at
 * it: its `push` controls are the same (drop, refuse, pings) and it pushes on its own when a note
 * changes.
 */
import { EventEmitter } from 'node:events';
import { createServer, request as httpRequest, STATUS_CODES, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';

export const PUSH_CHANNEL_PATH = '/pinghub/wpcom/me/newest-note-data';

export interface PushServerOptions {
  /** Where every other request goes: the reference service's (or a hold proxy's) address. */
  forwardTo: string;
  /** Tokens the upgrade accepts (default: demo's). */
  tokens?: readonly string[];
  /** Milliseconds between ping frames (the real service: about 27 000). */
  pingMs?: number;
  /** Compress every message (permessage-deflate) when the client offers it. */
  compress?: boolean;
}

export interface UpgradeSeen {
  status: number;
  authorization?: string;
  /** The client's `Sec-WebSocket-Extensions`, when it sent one. */
  extensions?: string;
}

export interface PushServer {
  url: string;
  /** What the client takes as `baseUrl`. */
  restUrl: string;
  /** Every upgrade asked for, with the status it got (101: a socket opened). */
  readonly upgrades: UpgradeSeen[];
  /** Sockets open now. */
  open(): number;
  /** The close code of every socket closed so far (by either side; 1006: cut without a close frame). */
  readonly closeCodes: number[];
  /** Tells every open socket that a note was added or changed; answers how many sockets were told. */
  push(noteId: number, extra?: Record<string, unknown>): number;
  /** Tells every open socket that a note was removed. */
  remove(noteId: number): number;
  /** Sends any text (a malformed message, an unknown action). */
  send(text: string): number;
  /** Ends every socket: cut off like a lost network, or with a close frame of `code`. */
  drop(code?: number): void;
  /** Refuses every upgrade with `status` from now on; 0 accepts again. */
  refuse(status: number): void;
  pings(on: boolean): void;
  /** Resolves once `check` holds (checked now and after every upgrade, open and close). */
  until(check: () => boolean): Promise<void>;
  close(): Promise<void>;
}

export async function startPushServer(options: PushServerOptions): Promise<PushServer> {
  const target = new URL(options.forwardTo);
  const tokens = new Set(options.tokens ?? ['cs-demo-token']);
  const pingMs = options.pingMs ?? 27_000;
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: options.compress ? { threshold: 0 } : false });
  const sockets = new Set<WebSocket>();
  const upgrades: UpgradeSeen[] = [];
  const changed = new EventEmitter();
  const closeCodes: number[] = [];
  let refusing = 0;
  let pinging = true;

  const server = createServer((req, res) => {
    const out = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });

  const refuse = (req: IncomingMessage, socket: Duplex, status: number): void => {
    upgrades.push({ status, authorization: req.headers.authorization });
    const body = JSON.stringify({ error: status === 401 ? 'invalid_token' : 'unavailable', message: STATUS_CODES[status] ?? 'Error' });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nConnection: close\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    changed.emit('change');
  };

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    if (new URL(req.url ?? '/', 'http://x').pathname !== PUSH_CHANNEL_PATH) return refuse(req, socket, 404);
    if (refusing) return refuse(req, socket, refusing);
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('Bearer ') || !tokens.has(auth.slice(7))) return refuse(req, socket, 401);
    wss.handleUpgrade(req, socket, head, (ws) => {
      const extensions = req.headers['sec-websocket-extensions'];
      upgrades.push({ status: 101, authorization: auth, ...(extensions ? { extensions } : {}) });
      sockets.add(ws);
      const timer = setInterval(() => pinging && ws.ping(), pingMs);
      ws.on('error', () => ws.terminate());
      ws.on('close', (code) => {
        clearInterval(timer);
        sockets.delete(ws);
        closeCodes.push(code);
        changed.emit('change');
      });
      changed.emit('change');
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sendAll = (text: string): number => {
    let n = 0;
    for (const ws of sockets)
      if (ws.readyState === ws.OPEN) {
        ws.send(text);
        n++;
      }
    return n;
  };

  return {
    url,
    restUrl: `${url}/rest`,
    upgrades,
    open: () => sockets.size,
    closeCodes,
    push: (noteId, extra = {}) =>
      sendAll(
        JSON.stringify({ action: 'push', note_id: noteId, user_id: 1001, newest_note_time: 0, newest_note_type: 'comment', ...extra }),
      ),
    remove: (noteId) => sendAll(JSON.stringify({ action: 'delete', note_id: noteId })),
    send: sendAll,
    drop: (code) => {
      for (const ws of sockets) {
        if (code === undefined) ws.terminate();
        else ws.close(code);
      }
    },
    refuse: (status) => void (refusing = status),
    pings: (on) => void (pinging = on),
    until: (check) =>
      new Promise<void>((resolve) => {
        if (check()) return resolve();
        const listener = (): void => {
          if (!check()) return;
          changed.off('change', listener);
          resolve();
        };
        changed.on('change', listener);
      }),
    close: async () => {
      for (const ws of sockets) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
