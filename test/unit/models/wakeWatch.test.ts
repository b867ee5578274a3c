/** Sleep is noticed by a tick that comes far later than due (timers do not run while the machine sleeps). */
import * as assert from 'node:assert/strict';
import { watchForWake } from '../../../src/models/wakeWatch';

describe('watchForWake', () => {
  function setup() {
    let now = 0;
    let pending: { fn: () => void; ms: number } | undefined;
    let wakes = 0;
    const watch = watchForWake(() => wakes++, {
      now: () => now,
      timers: { set: (fn, ms) => (pending = { fn, ms }), clear: () => (pending = undefined) },
    });
    /** The clock moves `ms` and the pending tick runs (late, when `ms` is more than it asked). */
    const tickAfter = (ms: number) => {
      now += ms;
      pending!.fn();
    };
    return { watch, tickAfter, wakes: () => wakes, pending: () => pending };
  }

  it('ticks on time (or a little late, a busy host) are not a wake', () => {
    const t = setup();
    for (const ms of [10_000, 10_000, 25_000, 10_000]) t.tickAfter(ms);
    assert.equal(t.wakes(), 0);
  });

  it('a tick 30 s late or more is a wake, told once; the next ones are on time again', () => {
    const t = setup();
    t.tickAfter(10_000);
    t.tickAfter(3_600_000);
    assert.equal(t.wakes(), 1);
    t.tickAfter(10_000);
    assert.equal(t.wakes(), 1);
  });

  it('dispose stops the ticks', () => {
    const t = setup();
    t.watch.dispose();
    assert.equal(t.pending(), undefined);
  });
});
