/**
 * The timers a model schedules with, injectable so that a test fires them by hand and nothing
 * waits on the clock: `set` returns a handle that `clear` takes. No vscode here.
 */
export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** The platform's own timers (a pending one keeps the process alive). */
export const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};
