/**
 * The outbox (issue 34): publishes that wait out an outage survive a reload, go out in order when
 * the service answers again, never twice, and leave the queue however the site answered.
 */
import * as assert from 'node:assert/strict';
import { ContentSiteError } from '../../../src/api/errors';
import { Outbox, type OutboxEntry, type OutboxSend, type OutboxStore, type SendResult } from '../../../src/models/outbox';
import { isUnreachable, waitingSentence } from '../../../src/models/outboxReach';
import type { Timers } from '../../../src/models/timers';
import { PublishError } from '../../../src/writing/publishBase';

/** The workspace's Memento as a variable: what a reload finds is what was last written. */
function memory(initial: readonly unknown[] = []): OutboxStore & { kept: readonly OutboxEntry[]; writes: number } {
  const s = {
    kept: initial as readonly OutboxEntry[],
    writes: 0,
    get: () => s.kept,
    set: async (entries: readonly OutboxEntry[]) => {
      s.writes++;
      s.kept = entries.map((e) => ({ ...e }));
    },
  };
  return s;
}

/** Timers the test fires by hand; each remembers its wait. */
function manual() {
  const waiting = new Map<number, { fn: () => void; ms: number }>();
  let n = 0;
  const timers: Timers = {
    set: (fn, ms) => (waiting.set(++n, { fn, ms }), n),
    clear: (h) => void waiting.delete(h as number),
  };
  return {
    timers,
    waits: () => [...waiting.values()].map((w) => w.ms),
    fire: () => [...waiting.entries()].forEach(([h, w]) => (waiting.delete(h), w.fn())),
  };
}

const entry = (name: string): OutboxEntry => ({
  path: `/ws/posts/${name}.md`,
  site: '2001',
  service: 'http://127.0.0.1:4000/rest',
  queuedAt: '2026-11-28T11:00:00.000Z',
});
const names = (entries: readonly OutboxEntry[]) => entries.map((e) => e.path.replace(/^.*\/|\.md$/g, ''));
const down = () => new ContentSiteError({ kind: 'network', userMessage: 'The service could not be reached.' });

/** A send that answers from `answers` by file name (sent when none), logging each file it was given. */
function sender(answers: Record<string, () => SendResult | Promise<SendResult>> = {}) {
  const log: string[] = [];
  const send: OutboxSend = async (e) => {
    const name = names([e])[0];
    log.push(name);
    return (answers[name] ?? (() => ({ kind: 'sent' }) as SendResult))();
  };
  return { send, log };
}

/** A promise the test settles by hand. */
function held<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const turns = async (n = 10) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

describe('Outbox', () => {
  it('across a reload: a new outbox over the same store holds the queue and sends it in order, once', async () => {
    const store = memory();
    const t = manual();
    const first = new Outbox(store, sender().send, { timers: t.timers });
    await first.add(entry('a'));
    await first.add(entry('b'));
    await first.add(entry('c'));
    await first.add({ ...entry('a'), queuedAt: '2026-11-28T11:30:00.000Z' });
    first.dispose();

    const { send, log } = sender();
    const second = new Outbox(store, send, { timers: t.timers });
    assert.deepEqual(names(second.entries), ['a', 'b', 'c'], 'one entry per file, in the order first asked');
    assert.equal(second.entries[0].queuedAt, '2026-11-28T11:00:00.000Z', 'queuing again updates nothing');
    const report = await second.drain();
    assert.deepEqual(log, ['a', 'b', 'c']);
    assert.deepEqual(
      report.settled.map((s) => s.result.kind),
      ['sent', 'sent', 'sent'],
    );
    assert.equal(second.size, 0);
    assert.deepEqual(store.kept, [], 'the store is empty: a third window sends nothing');
  });

  it('a reload mid-send finds the entry being sent still queued; each change is in the store before it is told', async () => {
    const store = memory();
    const gate = held<SendResult>();
    const outbox = new Outbox(store, () => gate.promise, { timers: manual().timers });
    const seen: string[][] = [];
    outbox.onDidChange(() => seen.push(names(store.kept)));
    await outbox.add(entry('a'));
    await outbox.add(entry('b'));
    const drained = outbox.drain();
    await turns();
    assert.deepEqual(names(new Outbox(store, sender().send).entries), ['a', 'b'], 'a window reloaded now sends a again, safely');
    gate.resolve({ kind: 'sent' });
    await drained;
    assert.deepEqual(seen, [['a'], ['a', 'b'], ['b'], []]);
  });

  it('stops at the first unreachable, keeps it and the rest in order, and sends them when woken', async () => {
    let reachable = false;
    const { send, log } = sender({ b: () => (reachable ? { kind: 'sent' } : Promise.reject(down())) });
    const outbox = new Outbox(memory(), send, { timers: manual().timers });
    for (const n of ['a', 'b', 'c']) await outbox.add(entry(n));
    const report = await outbox.drain();
    assert.deepEqual(log, ['a', 'b']);
    assert.deepEqual(names(outbox.entries), ['b', 'c']);
    assert.equal(report.unreachable?.entry.path, entry('b').path);
    assert.equal(report.unreachable?.retryInMs, 15_000);
    reachable = true;
    await outbox.wake();
    assert.deepEqual(log, ['a', 'b', 'b', 'c']);
    assert.equal(outbox.size, 0);
  });

  it('never twice: a drain or a wake asked while one runs joins it, and an entry added meanwhile goes out once', async () => {
    const gate = held<SendResult>();
    const { send, log } = sender({ a: () => gate.promise });
    const outbox = new Outbox(memory(), send, { timers: manual().timers });
    await outbox.add(entry('a'));
    await outbox.add(entry('b'));
    const first = outbox.drain();
    await turns();
    const second = outbox.drain();
    const third = outbox.wake();
    await outbox.add(entry('c'));
    await outbox.add(entry('b'));
    assert.deepEqual(log, ['a'], 'nothing else goes out while a is under way');
    gate.resolve({ kind: 'sent' });
    await Promise.all([first, second, third]);
    await outbox.drain();
    assert.deepEqual(log, ['a', 'b', 'c']);
    assert.equal(outbox.size, 0);
  });

  describe('a file queued again while it is being sent', () => {
    /** The file's text as the send left it, and as the writer may change it meanwhile. */
    function scene() {
      const files = new Map([[entry('a').path, 'v1']]);
      const gate = held<void>();
      const log: string[] = [];
      const send: OutboxSend = async (e) => {
        const text = files.get(e.path)!;
        log.push(text);
        await gate.promise;
        return { kind: 'sent', text };
      };
      const outbox = new Outbox(memory(), send, { timers: manual().timers, read: async (p) => files.get(p) });
      return { files, gate, log, outbox };
    }

    it('is not sent again when the file did not change after its send started', async () => {
      const { gate, log, outbox } = scene();
      await outbox.add(entry('a'));
      const drained = outbox.drain();
      await turns();
      await outbox.add(entry('a'));
      gate.resolve();
      const report = await drained;
      assert.deepEqual(log, ['v1']);
      assert.equal(outbox.size, 0);
      assert.equal(report.settled[0].again, false);
    });

    it('is sent again, with its new text, when the file changed after its send started', async () => {
      const { files, gate, log, outbox } = scene();
      await outbox.add(entry('a'));
      const drained = outbox.drain();
      await turns();
      files.set(entry('a').path, 'v2');
      await outbox.add(entry('a'));
      gate.resolve();
      const report = await drained;
      assert.deepEqual(log, ['v1', 'v2']);
      assert.equal(outbox.size, 0);
      assert.deepEqual(
        report.settled.map((s) => s.again),
        [true, false],
      );
    });
  });

  it('conflict, refused and missing each leave the queue and are told, in the event and in the drain’s report', async () => {
    const { send } = sender({
      a: () => ({ kind: 'conflict' }),
      b: () => ({ kind: 'refused', message: 'Line 3: the date is not a date.' }),
      c: () => ({ kind: 'missing' }),
      d: () => Promise.reject(new PublishError('The post has no title, no text and no excerpt: write at least one of them.')),
      e: () =>
        Promise.reject(new ContentSiteError({ kind: 'api', status: 403, code: 'unauthorized', userMessage: 'You may not edit posts.' })),
    });
    const store = memory();
    const outbox = new Outbox(store, send, { timers: manual().timers });
    const told: string[] = [];
    outbox.onDidSettle((s) =>
      told.push(`${names([s.entry])[0]} ${s.result.kind}${s.result.kind === 'refused' ? `: ${s.result.message}` : ''}`),
    );
    for (const n of ['a', 'b', 'c', 'd', 'e']) await outbox.add(entry(n));
    const report = await outbox.drain();
    const expected = [
      'a conflict',
      'b refused: Line 3: the date is not a date.',
      'c missing',
      'd refused: The post has no title, no text and no excerpt: write at least one of them.',
      'e refused: You may not edit posts.',
    ];
    assert.deepEqual(told, expected);
    assert.deepEqual(
      report.settled.map((s) => `${names([s.entry])[0]} ${s.result.kind}`),
      expected.map((l) => l.replace(/:.*/, '')),
    );
    assert.equal(report.unreachable, undefined);
    assert.deepEqual(store.kept, []);
  });

  it('backs off 15 s, 30 s, 1 min, 2 min, then 5 min; the timer tries again; a success starts over at 15 s', async () => {
    const t = manual();
    let reachable = false;
    const { send, log } = sender({ a: () => (reachable ? { kind: 'sent' } : { kind: 'unreachable' }) });
    const outbox = new Outbox(memory(), send, { timers: t.timers });
    await outbox.add(entry('a'));
    assert.deepEqual(t.waits(), [15_000], 'queuing schedules the first try');
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      t.fire();
      await turns();
      waits.push(...t.waits());
    }
    assert.deepEqual(waits, [15_000, 30_000, 60_000, 120_000, 300_000, 300_000]);
    assert.equal(log.length, 6, 'each timer tried once');
    reachable = true;
    t.fire();
    await turns();
    assert.equal(outbox.size, 0);
    assert.deepEqual(t.waits(), [], 'nothing left to try');
    reachable = false;
    await outbox.add(entry('a'));
    await outbox.drain();
    assert.deepEqual(t.waits(), [15_000]);
  });

  it('a drain or a wake clears the pending try; dispose stops the timer and leaves the queue in the store', async () => {
    const t = manual();
    const store = memory();
    const outbox = new Outbox(store, async () => ({ kind: 'unreachable' }), { timers: t.timers });
    await outbox.add(entry('a'));
    await outbox.wake();
    assert.deepEqual(t.waits(), [15_000]);
    outbox.dispose();
    assert.deepEqual(t.waits(), []);
    assert.deepEqual(names(store.kept), ['a']);
  });

  it('a malformed store (another version, a hand edit) is read as the entries it holds whole', () => {
    const outbox = new Outbox(memory([entry('a'), { path: 3 }, null, 'x', { ...entry('b'), site: undefined }]), sender().send);
    assert.deepEqual(names(outbox.entries), ['a']);
    outbox.dispose();
  });

  describe('isUnreachable', () => {
    const err = (init: Partial<ConstructorParameters<typeof ContentSiteError>[0]>) =>
      new ContentSiteError({ kind: 'api', userMessage: 'x', ...init });
    it('is true for network, timeout and a 502, 503 or 504; false for every refusal', () => {
      assert.equal(isUnreachable(err({ kind: 'network' })), true);
      assert.equal(isUnreachable(err({ kind: 'timeout' })), true);
      for (const status of [502, 503, 504]) assert.equal(isUnreachable(err({ status })), true, String(status));
      for (const status of [400, 403, 404, 409, 500]) assert.equal(isUnreachable(err({ status })), false, String(status));
      assert.equal(isUnreachable(err({ kind: 'auth', status: 401 })), false);
      assert.equal(isUnreachable(err({ kind: 'rate_limited', status: 429, retryAfter: 120 })), false);
      for (const kind of ['bad_response', 'invalid_input', 'cancelled'] as const) assert.equal(isUnreachable(err({ kind })), false, kind);
      assert.equal(isUnreachable(new Error('ECONNREFUSED')), false);
      assert.equal(isUnreachable(undefined), false);
    });

    it('knows a ContentSiteError by its class, not by its fields, and one wrapped as the cause of a PublishError', () => {
      const lookalike = Object.assign(new Error('not the client’s'), { name: 'ContentSiteError', kind: 'timeout' });
      assert.equal(isUnreachable(lookalike), false, 'a look-alike');
      const wrapped = (cause: unknown) =>
        new PublishError('It is not known whether “Night walk” was published: …, and the site could not be asked.', [], undefined, cause);
      assert.equal(isUnreachable(wrapped(err({ kind: 'network' }))), true);
      assert.equal(isUnreachable(wrapped(err({ status: 503 }))), true);
      assert.equal(isUnreachable(wrapped(err({ status: 500 }))), false);
      assert.equal(isUnreachable(wrapped(undefined)), false);
    });
  });

  it('waitingSentence counts what waits', () => {
    assert.equal(waitingSentence(1), '1 waiting to publish');
    assert.equal(waitingSentence(3), '3 waiting to publish');
  });
});
