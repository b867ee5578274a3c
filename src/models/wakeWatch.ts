/**
 * Notices that the machine slept: a timer that fires every `everyMs` finds the clock moved on much
 * further than that (timers do not run while asleep), so the socket from before is surely dead and
 * the push policy should connect again at once (`wake()`) instead of waiting 31 s to find out.
 * No vscode here.
 */
import type { Timers } from './timers';

export interface WakeWatchOptions {
  /** How often the clock is looked at (default 10 s). */
  everyMs?: number;
  /** How much later than due a tick may come before it counts as a sleep (default 20 s). */
  slackMs?: number;
  timers?: Timers;
  now?: () => number;
}

export function watchForWake(onWake: () => void, o: WakeWatchOptions = {}): { dispose(): void } {
  const everyMs = o.everyMs ?? 10_000;
  const slackMs = o.slackMs ?? 20_000;
  const now = o.now ?? Date.now;
  const timers: Timers = o.timers ?? {
    set: (fn, ms) => setTimeout(fn, ms).unref(),
    clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  };
  let last = now();
  let handle: unknown;
  const tick = (): void => {
    const at = now();
    const late = at - last - everyMs;
    last = at;
    handle = timers.set(tick, everyMs);
    if (late > slackMs) onWake();
  };
  handle = timers.set(tick, everyMs);
  return { dispose: () => timers.clear(handle) };
}
