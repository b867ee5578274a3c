import * as assert from 'node:assert/strict';
import { KeyedDebounce } from '../../../src/models/keyedDebounce';
import type { Timers } from '../../../src/models/timers';

/** Timers the test fires by hand, oldest first. */
function manual() {
  const waiting = new Map<number, () => void>();
  let n = 0;
  const timers: Timers = {
    set: (fn) => (waiting.set(++n, fn), n),
    clear: (h) => void waiting.delete(h as number),
  };
  return { timers, fireAll: () => [...waiting.entries()].forEach(([h, fn]) => (waiting.delete(h), fn())), count: () => waiting.size };
}

describe('KeyedDebounce', () => {
  it('runs once per key, the last ask only; keys do not wait for each other', () => {
    const t = manual();
    const d = new KeyedDebounce(300, t.timers);
    const ran: string[] = [];
    d.later('a', () => ran.push('a1'));
    d.later('a', () => ran.push('a2'));
    d.later('b', () => ran.push('b1'));
    assert.equal(t.count(), 2);
    t.fireAll();
    assert.deepEqual(ran, ['a2', 'b1']);
  });

  it('cancel drops one key; dispose drops them all', () => {
    const t = manual();
    const d = new KeyedDebounce(300, t.timers);
    const ran: string[] = [];
    d.later('a', () => ran.push('a'));
    d.later('b', () => ran.push('b'));
    d.cancel('a');
    t.fireAll();
    assert.deepEqual(ran, ['b']);
    d.later('c', () => ran.push('c'));
    d.dispose();
    t.fireAll();
    assert.deepEqual(ran, ['b']);
  });
});
