/**
 * One waiting run per key (a document, say): asking again for the same key replaces the waiting
 * run, which runs `ms` after the last ask; `cancel` drops one, `dispose` all. No vscode here.
 */
import { realTimers, type Timers } from './timers';

export class KeyedDebounce {
  private readonly waiting = new Map<string, unknown>();

  constructor(
    private readonly ms: number,
    private readonly timers: Timers = realTimers,
  ) {}

  later(key: string, run: () => void): void {
    this.cancel(key);
    this.waiting.set(
      key,
      this.timers.set(() => {
        this.waiting.delete(key);
        run();
      }, this.ms),
    );
  }

  cancel(key: string): void {
    if (!this.waiting.has(key)) return;
    this.timers.clear(this.waiting.get(key));
    this.waiting.delete(key);
  }

  dispose(): void {
    for (const h of this.waiting.values()) this.timers.clear(h);
    this.waiting.clear();
  }
}
