/** Timers a test fires by hand (models take `Timers`): an undo window ends, or a read "soon after" happens, when the test says. */
import type { Timers } from '../../src/models/timers';

export function manualTimers(): { timers: Timers; endAll(): void; count(): number } {
  const waiting = new Map<number, () => void>();
  let next = 0;
  return {
    timers: {
      set: (fn: () => void) => {
        waiting.set(++next, fn);
        return next;
      },
      clear: (h: unknown) => void waiting.delete(h as number),
    },
    /** Runs every timer waiting now, once each (those they set wait for the next call). */
    endAll: () => {
      const due = [...waiting.values()];
      waiting.clear();
      due.forEach((fn) => fn());
    },
    count: () => waiting.size,
  };
}
