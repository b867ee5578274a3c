/**
 * When the push channel's socket is opened, kept and opened again (../shared/spec/realtime.md, the
 * service's own clients' numbers): one socket while signed in; after a drop, reconnect after 1, 2,
 * 5, 15, 30 s (spread by a jitter, from 1 s again once connected); every third failed connect in a
 * row, rest 120 s while the poll runs; 31 s without a ping or a message is a dead socket (cut, then
 * reconnect); a socket closed for breaking the protocol (a message over the bound) counts as a
 * failed connect, however long it was open; a 401/403 on the upgrade is first checked with the
 * REST API (`confirmUnauthorized`): when REST refuses the sign-in too it is told once
 * (`onUnauthorized`) and never retried until `start()` is called again, otherwise (a proxy or the
 * channel refusing alone) it is a refusal, not a drop: the poll runs and the channel is tried again
 * after 5 minutes, doubling at each refusal in a row up to 30 (asking again every second would only
 * be refused again); `wake()` reconnects at once; `stop()` ends the socket and every timer.
 *
 * `mode` is what the view says: `live` while the socket is open (no interval poll), `polling`
 * otherwise, with `retryAt` the time of the next try. Timers, clock and randomness are injectable,
 * so the schedule is tested without waiting. No vscode here.
 */
import type { PushEvent, PushFailure, PushMessage, PushSocket } from '../api';
import { Emitter } from './emitter';
import { realTimers, type Timers } from './timers';

export type LiveMode = 'live' | 'polling';

/** stopped (signed out), connecting, open, waiting (for `retryAt`), unauthorized (until `start()`). */
export type PushPhase = 'stopped' | 'connecting' | 'open' | 'waiting' | 'unauthorized';

export interface PushPolicySettings {
  /** The wait before each reconnect since the socket was last open; the last one repeats. */
  delaysMs: readonly number[];
  /** Every this many failed connects in a row, the socket rests `pauseMs` (the poll runs meanwhile). */
  failuresBeforePause: number;
  pauseMs: number;
  /** Silence (no ping, no message) after which an open socket is dead; also the longest a connect may take. */
  deadAfterMs: number;
  /** Each wait is spread by up to ± this fraction of it, so that clients dropped together do not return together. */
  jitter: number;
  /**
   * A socket that closes sooner than this after opening does not count as connected (the back-off
   * goes on, as after a failed connect): a server that accepts and drops at once is not asked again
   * every second, with the first page read each time.
   */
  stableMs: number;
  /**
   * After a 401/403 on the upgrade that REST does not share, the wait before the channel is tried
   * again; it doubles at each such refusal in a row, up to `refusedMaxMs`, until a socket opens.
   */
  refusedMs: number;
  refusedMaxMs: number;
}

export const PUSH_POLICY: PushPolicySettings = {
  delaysMs: [1000, 2000, 5000, 15_000, 30_000],
  failuresBeforePause: 3,
  pauseMs: 120_000,
  deadAfterMs: 31_000,
  jitter: 0.2,
  stableMs: 10_000,
  refusedMs: 5 * 60_000,
  refusedMaxMs: 30 * 60_000,
};

export interface PushPolicyOptions {
  /** Opens one socket (`client.push.open`). */
  connect(listener: (event: PushEvent) => void): PushSocket;
  /** A push or a delete arrived on the open socket. */
  onMessage?(message: PushMessage): void;
  /** The socket opened: read the first page again (notes may have been missed while it was down). */
  onConnected?(): void;
  /**
   * The upgrade was refused as unauthorized (401) or forbidden (403): does the service refuse the
   * sign-in itself (REST says 401 too)? When it does not, or cannot say, the channel alone is
   * unavailable: backed off and tried again. Not given: every such refusal is told.
   */
  confirmUnauthorized?(status: number): Promise<boolean>;
  /** The upgrade was refused as unauthorized or forbidden, and REST confirmed it. Called once; nothing is retried. */
  onUnauthorized?(status: number): void;
  settings?: Partial<PushPolicySettings>;
  timers?: Timers;
  /** Milliseconds since the epoch (for `retryAt`). */
  now?: () => number;
  /** In [0, 1) (for the jitter). */
  random?: () => number;
  log?: (line: string) => void;
}

export class PushPolicy {
  private _phase: PushPhase = 'stopped';
  private _retryAt: number | undefined;
  private _lastFailure: PushFailure | undefined;
  private socket: PushSocket | undefined;
  /** The current attempt: events of any earlier socket, and the answer of an earlier sign-in check, are ignored. */
  private attempt: object | undefined;
  private retryTimer: unknown;
  private silenceTimer: unknown;
  /** Failed connects in a row. */
  private failures = 0;
  /** Reconnects since the socket was last open (the index into `delaysMs`). */
  private retries = 0;
  /** Upgrades refused as unauthorized (REST not sharing it) in a row, until a socket opens: the doubling of `refusedMs`. */
  private refusals = 0;
  /** When the socket opened, and the back-off it forgot then (restored if it does not stay open). */
  private opened: { at: number; failures: number; retries: number } | undefined;
  private readonly s: PushPolicySettings;
  private readonly timers: Timers;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly changed = new Emitter<void>();
  /** mode, phase or retryAt changed. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly o: PushPolicyOptions) {
    this.s = { ...PUSH_POLICY, ...o.settings };
    this.timers = o.timers ?? realTimers;
    this.now = o.now ?? Date.now;
    this.random = o.random ?? Math.random;
  }

  get mode(): LiveMode {
    return this._phase === 'open' ? 'live' : 'polling';
  }
  get phase(): PushPhase {
    return this._phase;
  }
  /** When the next connect is due (ms since the epoch), while waiting for it. */
  get retryAt(): number | undefined {
    return this._retryAt;
  }
  /** Why the last connect failed, until one succeeds. */
  get lastFailure(): PushFailure | undefined {
    return this._lastFailure;
  }

  /** Signed in: connect now (nothing when already started; again after an unauthorized refusal). */
  start(): void {
    if (this._phase !== 'stopped' && this._phase !== 'unauthorized') return;
    this.failures = 0;
    this.retries = 0;
    this.refusals = 0;
    this.connect();
  }

  /** Asleep until now, or the network came back: a new socket at once, the back-off forgotten. */
  wake(): void {
    if (this._phase === 'stopped' || this._phase === 'unauthorized') return;
    this.o.log?.('Push channel: woke up or back online, connecting again now.');
    this.socket?.terminate();
    this.opened = undefined;
    this.failures = 0;
    this.retries = 0;
    this.connect();
  }

  /** Signed out: the socket is closed and every timer cleared. */
  stop(): void {
    this.opened = undefined;
    this.socket?.close();
    this.socket = undefined;
    this.attempt = undefined;
    this.clearTimers();
    this.set('stopped', undefined);
  }

  dispose(): void {
    this.stop();
    this.changed.dispose();
  }

  private connect(): void {
    this.clearTimers();
    const attempt = {};
    this.attempt = attempt;
    this.socket = undefined;
    this.set('connecting', undefined);
    // A handshake that never ends (a proxy holding it) counts as a failed connect.
    this.armSilence(() => this.onClose({ type: 'close', code: 1006, reason: '', opened: false, failure: hung(this.s.deadAfterMs) }));
    const socket = this.o.connect((event) => {
      if (this.attempt === attempt) this.onEvent(event);
    });
    if (this.attempt === attempt) this.socket = socket;
    else socket.close();
  }

  private onEvent(event: PushEvent): void {
    switch (event.type) {
      case 'open':
        this.opened = { at: this.now(), failures: this.failures, retries: this.retries };
        this.failures = 0;
        this.retries = 0;
        this.refusals = 0;
        this._lastFailure = undefined;
        this.armSilence(() => this.onSilence());
        this.set('open', undefined);
        this.o.onConnected?.();
        return;
      case 'alive':
        if (this._phase === 'open') this.armSilence(() => this.onSilence());
        return;
      case 'message':
        if (this._phase !== 'open') return;
        this.armSilence(() => this.onSilence());
        this.o.onMessage?.(event.message);
        return;
      case 'error':
        this.o.log?.(`Push channel: ${event.message}.`);
        return;
      case 'close':
        this.onClose(event);
    }
  }

  private onSilence(): void {
    this.o.log?.(`Push channel: nothing heard for ${Math.round(this.s.deadAfterMs / 1000)} s, the socket is dead; connecting again.`);
    this.onClose({ type: 'close', code: 1006, reason: '', opened: true });
  }

  private onClose(event: Extract<PushEvent, { type: 'close' }>): void {
    const socket = this.socket;
    this.socket = undefined;
    this.attempt = undefined;
    this.clearTimers();
    socket?.terminate();
    const opened = this.opened;
    this.opened = undefined;
    if (event.opened && event.failure?.kind === 'protocol') {
      // The server broke the channel's bounds: connecting again at once would only meet it again.
      this.o.log?.(`Push channel: closed the socket as a protocol failure (${event.failure.message}); backing off.`);
      this._lastFailure = event.failure;
      this.failures = (opened?.failures ?? this.failures) + 1;
      this.retries = opened?.retries ?? this.retries;
      return this.retryLater();
    }
    if (event.opened && opened && this.now() - opened.at < this.s.stableMs) {
      this.o.log?.(`Push channel: the socket closed (${event.code}) right after it opened; backing off.`);
      this.failures = opened.failures + 1;
      this.retries = opened.retries;
      return this.retryLater();
    }
    if (event.opened) {
      this.o.log?.(`Push channel: the socket closed (${event.code}); polling until it is back.`);
      this.retries = 0;
      return this.retryLater();
    }
    const failure = event.failure ?? { kind: 'network', message: 'the connection failed' };
    this._lastFailure = failure;
    if (failure.kind === 'auth') return this.onAuthRefusal(failure.status);
    this.failures++;
    this.retryLater();
  }

  /**
   * A 401/403 on the upgrade alone does not sign anyone out: a proxy or the channel may refuse
   * what the REST API still accepts. REST is asked first; while it answers the phase stays
   * `connecting` (polling), and an answer that comes after `stop()`, `wake()` or a new connect is
   * dropped.
   */
  private onAuthRefusal(status: number): void {
    const confirm = this.o.confirmUnauthorized;
    if (!confirm) return this.unauthorized(status);
    const check = {};
    this.attempt = check;
    this.o.log?.(`Push channel: the upgrade was refused (HTTP ${status}); asking the REST API whether it refuses the sign-in too.`);
    const decide = (refused: boolean): void => {
      if (this.attempt !== check) return;
      this.attempt = undefined;
      if (refused) return this.unauthorized(status);
      this.refusedLater(status);
    };
    confirm(status).then(decide, () => decide(false));
  }

  private unauthorized(status: number): void {
    this.o.log?.(`Push channel: the upgrade was refused (HTTP ${status}); not trying again until the next sign-in.`);
    this.set('unauthorized', undefined);
    this.o.onUnauthorized?.(status);
  }

  /**
   * The channel refuses what REST accepts (a proxy, or the channel itself): not a dropped connection,
   * so not the seconds of the reconnect schedule; the poll runs meanwhile.
   */
  private refusedLater(status: number): void {
    const base = Math.min(this.s.refusedMs * 2 ** this.refusals++, this.s.refusedMaxMs);
    const ms = this.spread(base);
    this.o.log?.(
      `Push channel: the REST API does not refuse the sign-in (the HTTP ${status} was the upgrade's alone): the channel is unavailable; polling, and trying it again in ${Math.round(ms / 60_000)} min.`,
    );
    this.later(ms);
  }

  private retryLater(): void {
    const pause = this.failures > 0 && this.failures % this.s.failuresBeforePause === 0;
    const base = pause ? this.s.pauseMs : this.s.delaysMs[Math.min(this.retries++, this.s.delaysMs.length - 1)];
    const ms = this.spread(base);
    if (this.failures > 0)
      this.o.log?.(`Push channel: connect failed ${this.failures} time(s) in a row; trying again in ${Math.round(ms / 1000)} s.`);
    this.later(ms);
  }

  /** A wait spread by the jitter. */
  private spread(base: number): number {
    return Math.round(base * (1 + this.s.jitter * (2 * this.random() - 1)));
  }

  /** The next connect in `ms`, polling meanwhile. */
  private later(ms: number): void {
    this.retryTimer = this.timers.set(() => {
      this.retryTimer = undefined;
      this.connect();
    }, ms);
    this.set('waiting', this.now() + ms);
  }

  private armSilence(fire: () => void): void {
    if (this.silenceTimer !== undefined) this.timers.clear(this.silenceTimer);
    this.silenceTimer = this.timers.set(() => {
      this.silenceTimer = undefined;
      fire();
    }, this.s.deadAfterMs);
  }

  private clearTimers(): void {
    if (this.retryTimer !== undefined) this.timers.clear(this.retryTimer);
    if (this.silenceTimer !== undefined) this.timers.clear(this.silenceTimer);
    this.retryTimer = undefined;
    this.silenceTimer = undefined;
  }

  private set(phase: PushPhase, retryAt: number | undefined): void {
    if (this._phase === phase && this._retryAt === retryAt) return;
    this._phase = phase;
    this._retryAt = retryAt;
    this.changed.fire();
  }
}

function hung(ms: number): PushFailure {
  return { kind: 'network', message: `the server did not answer the upgrade within ${Math.round(ms / 1000)} s` };
}
