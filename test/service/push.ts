/**
 * The push channel (`/pinghub/wpcom/me/newest-note-data`): a WebSocket on the service's own port,
 * authenticated like REST, telling each user which of their notes were added, changed or removed.
 * `sync()` compares every note's hash with the last one it saw and tells exactly what changed, so
 * no route has to announce anything: the server calls it after each request that may write.
 */
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { WebSocketServer, type WebSocket } from 'ws';
import { ApiError, errorBody } from './http';
import { faultErrorBody } from './faults';
import { authenticate, invalidToken } from './router';
import { DEMO_CLIENT_ID } from './seed';
import { noteReader } from './noteActions';
import type { User, World } from './world';

export const PUSH_PATH = '/pinghub/wpcom/me/newest-note-data';
/** The real service pings about every 27 s. */
export const DEFAULT_PING_MS = 27_000;
const AUTH_MESSAGE = 'An active access token must be used to retrieve notifications.';

export type PushMessage =
  | { action: 'push'; note_id: number; user_id: number; newest_note_time: number; newest_note_type: string }
  | { action: 'delete'; note_id: number };

/** One upgrade as the request log keeps it (the server adds it to the log). */
export interface UpgradeLog {
  method: string;
  path: string;
  status: number;
  ms: number;
  authorized: boolean;
}

export interface PushState {
  sockets: Array<{ user_id: number }>;
  pings: boolean;
  ping_ms: number;
  delay_ms: number;
  /** While upgrades are refused: the status and the milliseconds left. */
  refusing?: { status: number; ms: number };
}

export interface PushOptions {
  world: () => World;
  pingMs?: number;
  log: (entry: UpgradeLog) => void;
}

export class PushChannel {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly sockets = new Map<WebSocket, { userId: number; timer: NodeJS.Timeout }>();
  private readonly pending = new Set<NodeJS.Timeout>();
  /** note id → the owner and hash last told (or seeded). */
  private known = new Map<number, { userId: number; hash: string }>();
  private pingsOn = true;
  private delayMs = 0;
  private refuseUntil = 0;
  private refuseStatus = 503;
  readonly pingMs: number;

  constructor(private readonly options: PushOptions) {
    this.pingMs = options.pingMs ?? DEFAULT_PING_MS;
    this.known = this.snapshot();
    // A handshake ws itself finds malformed (no key, wrong version, not GET): answered and logged here.
    this.wss.on('wsClientError', (err: Error, socket: Duplex, req: IncomingMessage) => {
      const status = req.method === 'GET' ? 400 : 405;
      refuse(socket, status, { error: 'bad_request', message: err.message });
      this.logUpgrade(req, status, performance.now());
    });
  }

  /** The server's `upgrade` handler: refuse (HTTP status and JSON body, no socket) or open a socket. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const started = performance.now();
    socket.on('error', () => socket.destroy());
    const path = new URL(req.url ?? '/', 'http://service').pathname;
    const refuseWith = (status: number, body: Record<string, unknown> | undefined): void => {
      refuse(socket, status, body);
      this.logUpgrade(req, status, started);
    };
    if (path !== PUSH_PATH) return refuseWith(404, undefined);
    if (Date.now() < this.refuseUntil) return refuseWith(this.refuseStatus, faultErrorBody(this.refuseStatus));
    let user: User;
    try {
      user = this.authorize(req.headers.authorization);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return refuseWith(err.status, errorBody(err));
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      this.logUpgrade(req, 101, started);
      this.open(ws, user.ID);
    });
  }

  /**
   * REST's own checks (unknown, expired or revoked → 401 invalid_token), and no token at all is
   * 401 authorization_required. The channel belongs to this service's client: a token issued to
   * another OAuth client is refused as an invalid token.
   */
  private authorize(header: string | undefined): User {
    if (!header) throw new ApiError(401, 'authorization_required', AUTH_MESSAGE);
    const { token, user } = authenticate(this.options.world(), header);
    if (!token || !user || token.clientId !== DEMO_CLIENT_ID) throw invalidToken();
    return user;
  }

  private open(ws: WebSocket, userId: number): void {
    const timer = setInterval(() => {
      if (this.pingsOn) ws.ping();
    }, this.pingMs);
    this.sockets.set(ws, { userId, timer });
    ws.on('close', () => {
      clearInterval(timer);
      this.sockets.delete(ws);
    });
    ws.on('error', () => ws.terminate());
  }

  private logUpgrade(req: IncomingMessage, status: number, started: number): void {
    this.options.log({
      method: req.method ?? 'GET',
      path: (req.url ?? '/').replace(/([?&]token=)[^&]*/g, '$1***'),
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      authorized: Boolean(req.headers.authorization),
    });
  }

  private snapshot(): Map<number, { userId: number; hash: string }> {
    const world = this.options.world();
    const reader = noteReader(world);
    return new Map(world.notes.map((n) => [n.id, { userId: n.userId, hash: reader.hash(n) }]));
  }

  /**
   * Tells every listening user which of their notes are new or changed (`push`) or gone (`delete`)
   * since the last call. Call it after anything that may have written to the world.
   */
  sync(): void {
    const now = this.snapshot();
    const notes = new Map(this.options.world().notes.map((n) => [n.id, n]));
    for (const [id, { userId, hash }] of now) {
      if (this.known.get(id)?.hash === hash) continue;
      const note = notes.get(id)!;
      this.send(userId, { action: 'push', note_id: id, user_id: userId, newest_note_time: note.timestamp, newest_note_type: note.type });
    }
    for (const [id, { userId }] of this.known) if (!now.has(id)) this.send(userId, { action: 'delete', note_id: id });
    this.known = now;
  }

  private send(userId: number, message: PushMessage): void {
    const text = JSON.stringify(message);
    const deliver = (): void => {
      for (const [ws, s] of this.sockets) if (s.userId === userId && ws.readyState === ws.OPEN) ws.send(text);
    };
    if (this.delayMs <= 0) return deliver();
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      deliver();
    }, this.delayMs);
    this.pending.add(timer);
  }

  /** Ends every socket: with a close frame of `code`, or (by default) cut off like a lost network. */
  drop(code?: number): number {
    const count = this.sockets.size;
    for (const ws of this.sockets.keys()) {
      if (code === undefined) ws.terminate();
      else ws.close(code);
    }
    return count;
  }

  /** Refuses every upgrade with `status` (and the service's error JSON) for `ms`; 0 stops refusing. */
  refuse(ms: number, status = 503): void {
    this.refuseUntil = ms > 0 ? Date.now() + ms : 0;
    this.refuseStatus = status;
  }

  pings(on: boolean): void {
    this.pingsOn = on;
  }

  /** Holds every message back `ms` before sending it (0: at once). */
  delay(ms: number): void {
    this.delayMs = Math.max(0, ms);
  }

  state(): PushState {
    const left = this.refuseUntil - Date.now();
    return {
      sockets: [...this.sockets.values()].map((s) => ({ user_id: s.userId })),
      pings: this.pingsOn,
      ping_ms: this.pingMs,
      delay_ms: this.delayMs,
      ...(left > 0 ? { refusing: { status: this.refuseStatus, ms: left } } : {}),
    };
  }

  /** Back to the defaults (pings on, no delay, no refusal); open sockets stay open. */
  resetControls(): void {
    this.pingsOn = true;
    this.delayMs = 0;
    this.refuseUntil = 0;
    this.refuseStatus = 503;
  }

  /** Every socket and timer ends: nothing keeps the process alive. */
  close(): void {
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
    for (const [ws, s] of this.sockets) {
      clearInterval(s.timer);
      ws.terminate();
    }
    this.sockets.clear();
    this.wss.close();
  }
}

/** Answers an upgrade with an HTTP error and ends the connection; no socket is opened. */
function refuse(socket: Duplex, status: number, body: Record<string, unknown> | undefined): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  const type = body === undefined ? 'text/plain' : 'application/json';
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nConnection: close\r\nContent-Type: ${type}\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
}
