/**
 * The push policy's schedule with a clock and timers the test moves by hand, and sockets whose
 * events the test sends: every wait is read off the timers, nothing waits on the real clock.
 */
import * as assert from 'node:assert/strict';
import type { PushEvent, PushFailure, PushMessage } from '../../../src/api';
import { PushPolicy, type PushPolicyOptions } from '../../../src/models/pushPolicy';

/** A clock and its timers; `advance` runs what falls due, in order. */
function fakeTime() {
  let now = 1_000_000;
  let nextId = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    timers: {
      set: (fn: () => void, ms: number) => (timers.set(++nextId, { at: now + ms, fn }), nextId),
      clear: (h: unknown) => void timers.delete(h as number),
    },
    /** The delays of the timers now pending, soonest first. */
    pending: () => [...timers.values()].map((t) => t.at - now).sort((a, b) => a - b),
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = end;
    },
  };
}

interface FakeSocket {
  emit(event: PushEvent): void;
  closed: 'no' | 'close' | 'terminate';
}

function setup(extra: Partial<PushPolicyOptions> = {}) {
  const time = fakeTime();
  const sockets: FakeSocket[] = [];
  const calls = { connected: 0, unauthorized: [] as number[], messages: [] as PushMessage[], changes: 0 };
  const policy = new PushPolicy({
    connect: (listener) => {
      const s: FakeSocket = { emit: listener, closed: 'no' };
      sockets.push(s);
      return { close: () => void (s.closed = 'close'), terminate: () => void (s.closed = 'terminate') };
    },
    onConnected: () => calls.connected++,
    onUnauthorized: (status) => calls.unauthorized.push(status),
    onMessage: (m) => calls.messages.push(m),
    timers: time.timers,
    now: time.now,
    random: () => 0.5,
    ...extra,
  });
  policy.onDidChange(() => calls.changes++);
  const last = () => sockets.at(-1)!;
  const open = () => last().emit({ type: 'open' });
  const fail = (failure: PushFailure = { kind: 'refused', status: 503 }) =>
    last().emit({ type: 'close', code: 1006, reason: '', opened: false, failure });
  const drop = (code = 1006) => last().emit({ type: 'close', code, reason: '', opened: true });
  /** The wait until the next connect, as the policy scheduled it; then lets it pass. */
  const waitOut = () => {
    assert.equal(policy.phase, 'waiting');
    const ms = policy.retryAt! - time.now();
    const before = sockets.length;
    time.advance(ms);
    assert.equal(sockets.length, before + 1, 'connected again when the wait was over');
    return ms;
  };
  return { time, sockets, calls, policy, last, open, fail, drop, waitOut };
}

describe('PushPolicy', () => {
  it('connects once on start; an open socket is live and the first page is read again', () => {
    const t = setup();
    t.policy.start();
    t.policy.start();
    assert.equal(t.sockets.length, 1);
    assert.equal(t.policy.mode, 'polling');
    assert.equal(t.policy.phase, 'connecting');
    t.open();
    assert.equal(t.policy.mode, 'live');
    assert.equal(t.policy.retryAt, undefined);
    assert.equal(t.calls.connected, 1);
    t.last().emit({ type: 'message', message: { action: 'push', note_id: 5 } });
    assert.deepEqual(t.calls.messages, [{ action: 'push', note_id: 5 }]);
  });

  it('reconnects after 1, 2, 5, 15, 30 s, resting 120 s at every third failed connect; from 1 s again once connected', () => {
    const t = setup();
    t.policy.start();
    t.open();
    t.time.advance(10_000);
    t.drop();
    assert.equal(t.policy.mode, 'polling');
    const waits: number[] = [t.waitOut()];
    for (let i = 0; i < 8; i++) {
      t.fail();
      waits.push(t.waitOut());
    }
    assert.deepEqual(waits, [1000, 2000, 5000, 120_000, 15_000, 30_000, 120_000, 30_000, 30_000]);
    t.open();
    assert.equal(t.calls.connected, 2, 'the first page is read again after every connect');
    t.time.advance(10_000);
    t.drop();
    assert.equal(t.waitOut(), 1000, 'the sequence starts again once connected');
    t.fail();
    assert.equal(t.waitOut(), 2000);
  });

  it('after 3 failed connects it polls and tries the socket again after 120 s', () => {
    const t = setup();
    t.policy.start();
    t.fail({ kind: 'network', message: 'ECONNREFUSED' });
    t.waitOut();
    t.fail({ kind: 'network', message: 'ECONNREFUSED' });
    t.waitOut();
    t.fail({ kind: 'network', message: 'ECONNREFUSED' });
    assert.equal(t.policy.mode, 'polling');
    assert.equal(t.policy.retryAt, t.time.now() + 120_000);
    assert.deepEqual(t.policy.lastFailure, { kind: 'network', message: 'ECONNREFUSED' });
    t.time.advance(119_999);
    assert.equal(t.sockets.length, 3, 'nothing before the 120 s are over');
    t.time.advance(1);
    assert.equal(t.sockets.length, 4);
  });

  it('a socket that closes within 10 s of opening does not reset the back-off (no reconnect every second)', () => {
    const t = setup();
    t.policy.start();
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      t.open();
      t.time.advance(500);
      t.drop(1000);
      waits.push(t.waitOut());
    }
    assert.deepEqual(waits, [1000, 2000, 120_000, 5000], 'as if each connect had failed');
    t.open();
    t.time.advance(10_000);
    t.drop();
    assert.equal(t.waitOut(), 1000, 'a socket that stayed open resets it');
  });

  it('a socket closed for breaking the protocol (a message over the bound) backs off as a failed connect, however long it was open', () => {
    const t = setup();
    t.policy.start();
    const failure: PushFailure = { kind: 'protocol', message: 'the server sent a message of 102400 bytes or more' };
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      t.open();
      t.time.advance(20_000); // past stableMs (and not yet silent): a plain drop here would reset the back-off
      t.last().emit({ type: 'close', code: 1006, reason: '', opened: true, failure });
      assert.equal(t.policy.mode, 'polling');
      assert.deepEqual(t.policy.lastFailure, failure);
      waits.push(t.waitOut());
    }
    assert.deepEqual(waits, [1000, 2000, 120_000, 5000], 'as if each connect had failed');
    assert.deepEqual(t.calls.unauthorized, [], 'not a sign-out');
    t.open();
    assert.equal(t.policy.lastFailure, undefined);
    t.time.advance(10_000);
    t.drop();
    assert.equal(t.waitOut(), 1000, 'a socket that stayed open without breaking anything resets it');
  });

  it('spreads each wait by up to ±20% (jitter)', () => {
    for (const [random, expected] of [
      [0, 800],
      [0.999999, 1200],
      [0.25, 900],
    ] as const) {
      const t = setup({ random: () => random });
      t.policy.start();
      t.fail();
      assert.equal(t.waitOut(), expected);
    }
  });

  it('an open socket silent for 31 s is dead: cut, polling, and connected again after 1 s; pings and messages keep it alive', () => {
    const t = setup();
    t.policy.start();
    t.open();
    t.time.advance(30_000);
    t.last().emit({ type: 'alive' });
    t.time.advance(30_000);
    t.last().emit({ type: 'message', message: { action: 'delete', note_id: 1 } });
    t.time.advance(30_999);
    assert.equal(t.policy.mode, 'live', 'heard from it within every 31 s');
    t.time.advance(1);
    assert.equal(t.last().closed, 'terminate', 'a dead socket is cut, not closed politely');
    assert.equal(t.policy.mode, 'polling');
    assert.equal(t.waitOut(), 1000);
    t.sockets[0].emit({ type: 'message', message: { action: 'push', note_id: 9 } });
    assert.deepEqual(t.calls.messages, [{ action: 'delete', note_id: 1 }], 'the dead socket is not listened to any more');
  });

  it('a handshake that gets no answer for 31 s is a failed connect', () => {
    const t = setup();
    t.policy.start();
    t.time.advance(31_000);
    assert.equal(t.sockets[0].closed, 'terminate');
    assert.equal(t.policy.lastFailure?.kind, 'network');
    assert.equal(t.waitOut(), 1000);
  });

  it('a 401 on the upgrade is told once and never retried, until the next start', () => {
    const t = setup();
    t.policy.start();
    t.fail({ kind: 'auth', status: 401 });
    assert.deepEqual(t.calls.unauthorized, [401]);
    assert.equal(t.policy.phase, 'unauthorized');
    assert.equal(t.policy.mode, 'polling');
    assert.equal(t.policy.retryAt, undefined);
    assert.deepEqual(t.time.pending(), [], 'no timer left');
    t.time.advance(3_600_000);
    t.policy.wake();
    assert.equal(t.sockets.length, 1, 'no reconnect: not on a timer, not on wake');
    t.policy.start(); // signed in again
    assert.equal(t.sockets.length, 2);
    t.open();
    assert.equal(t.policy.mode, 'live');
    assert.deepEqual(t.calls.unauthorized, [401]);
  });

  it('a 403 is an auth refusal too (with its status), not a failure to retry', () => {
    const t = setup();
    t.policy.start();
    t.fail({ kind: 'auth', status: 403 });
    assert.deepEqual(t.calls.unauthorized, [403]);
    assert.deepEqual(t.time.pending(), []);
  });

  describe('a 401/403 on the upgrade, checked with the REST API first (confirmUnauthorized)', () => {
    /** A check whose answer the test gives, and the statuses it was asked about. */
    function checks() {
      const asked: number[] = [];
      const answers: Array<(refused: boolean) => void> = [];
      return {
        asked,
        answer: (refused: boolean) => answers.shift()!(refused),
        confirmUnauthorized: (status: number) => {
          asked.push(status);
          return new Promise<boolean>((resolve) => answers.push(resolve));
        },
      };
    }
    const settle = () => new Promise((resolve) => setImmediate(resolve));

    it('REST refuses the sign-in too: told once, never retried', async () => {
      const c = checks();
      const t = setup({ confirmUnauthorized: c.confirmUnauthorized });
      t.policy.start();
      t.fail({ kind: 'auth', status: 401 });
      assert.deepEqual(c.asked, [401]);
      assert.deepEqual(t.calls.unauthorized, [], 'not before REST has answered');
      assert.equal(t.policy.mode, 'polling');
      c.answer(true);
      await settle();
      assert.deepEqual(t.calls.unauthorized, [401]);
      assert.equal(t.policy.phase, 'unauthorized');
      assert.deepEqual(t.time.pending(), []);
    });

    it('REST accepts the sign-in (or cannot say): a refusal, not a drop: polled, the channel tried again after 5 min, doubling to 30; never a sign-out', async () => {
      const c = checks();
      const t = setup({ confirmUnauthorized: c.confirmUnauthorized });
      t.policy.start();
      const waits: number[] = [];
      for (const status of [401, 403, 401, 401, 401]) {
        t.fail({ kind: 'auth', status });
        c.answer(false);
        await settle();
        assert.deepEqual(t.policy.lastFailure, { kind: 'auth', status });
        assert.equal(t.policy.mode, 'polling');
        waits.push(t.waitOut());
      }
      assert.deepEqual(waits, [300_000, 600_000, 1_200_000, 1_800_000, 1_800_000]);
      assert.deepEqual(c.asked, [401, 403, 401, 401, 401], 'asked at each refusal');
      assert.deepEqual(t.calls.unauthorized, []);
      t.fail(); // a connect that fails otherwise is backed off as before: refusals are not failed connects
      assert.equal(t.waitOut(), 1000);
      t.open();
      assert.equal(t.policy.mode, 'live');
      t.time.advance(10_000);
      t.drop();
      t.waitOut();
      t.fail({ kind: 'auth', status: 401 });
      c.answer(false);
      await settle();
      assert.equal(t.waitOut(), 300_000, 'from 5 min again once a socket opened');

      const failing = setup({ confirmUnauthorized: () => Promise.reject(new Error('offline')) });
      failing.policy.start();
      failing.fail({ kind: 'auth', status: 401 });
      await settle();
      assert.equal(failing.waitOut(), 300_000, 'a check that fails is no confirmation');
      assert.deepEqual(failing.calls.unauthorized, []);
    });

    it('an answer that comes after stop, wake or a new start is dropped', async () => {
      const c = checks();
      const t = setup({ confirmUnauthorized: c.confirmUnauthorized });
      t.policy.start();
      t.fail({ kind: 'auth', status: 401 });
      t.policy.stop(); // signed out meanwhile
      t.policy.start(); // and in again: this socket opens
      t.open();
      c.answer(true); // the first check's answer, late
      await settle();
      assert.deepEqual(t.calls.unauthorized, []);
      assert.equal(t.policy.mode, 'live');

      t.time.advance(10_000);
      t.drop();
      t.waitOut();
      t.fail({ kind: 'auth', status: 403 });
      t.policy.wake(); // back online: a new socket at once
      assert.equal(t.policy.phase, 'connecting');
      c.answer(false);
      await settle();
      assert.equal(t.policy.phase, 'connecting', 'no back-off scheduled over the new connect');
      assert.deepEqual(t.time.pending(), [31_000], "only the new connect's own timeout");
    });
  });

  it('wake connects at once, from a wait (even the 120 s rest) or over an open socket, and forgets the back-off', () => {
    const t = setup();
    t.policy.start();
    for (let i = 0; i < 2; i++) {
      t.fail();
      t.waitOut();
    }
    t.fail();
    assert.equal(t.policy.retryAt! - t.time.now(), 120_000);
    t.policy.wake();
    assert.equal(t.sockets.length, 4, 'at once');
    assert.equal(t.policy.retryAt, undefined);
    assert.deepEqual(t.time.pending(), [31_000], 'only the handshake timeout is left');
    t.fail();
    assert.equal(t.waitOut(), 1000, 'the back-off starts over');
    t.open();
    t.policy.wake();
    assert.equal(t.sockets.at(-2)!.closed, 'terminate', 'the socket from before the sleep is cut');
    assert.equal(t.sockets.length, 6);
    assert.equal(t.policy.phase, 'connecting');
  });

  it('stop closes the socket and every timer; the old socket is not listened to', () => {
    const t = setup();
    t.policy.start();
    t.open();
    t.policy.stop();
    assert.equal(t.sockets[0].closed, 'close');
    assert.equal(t.policy.phase, 'stopped');
    assert.deepEqual(t.time.pending(), []);
    t.sockets[0].emit({ type: 'close', code: 1000, reason: '', opened: true });
    assert.equal(t.policy.phase, 'stopped');
    t.policy.wake();
    assert.equal(t.sockets.length, 1, 'wake does not connect a stopped policy');

    const w = setup();
    w.policy.start();
    w.fail();
    w.policy.stop();
    assert.deepEqual(w.time.pending(), [], 'a pending reconnect is cleared too');
  });

  it('tells the view when the mode or the next try changes', () => {
    const t = setup();
    t.policy.start(); // connecting
    t.open(); // live
    t.last().emit({ type: 'alive' });
    t.drop(); // waiting, retryAt
    assert.equal(t.calls.changes, 3);
  });
});
