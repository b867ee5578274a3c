/**
 * Notifications that refresh themselves, cheaply: while the window is focused, every interval it
 * asks only for the first page's ids, unread counts and hashes, and loads full notes only when
 * something changed. Backs off on errors (min(30 s × (failures+1), 180 s)), never runs two polls
 * at once, and pauses while the window is in the background.
 */
import type { ContentSiteClient } from '../api';
import type { NotificationsModel } from './notificationsModel';

export const POLL_FIELDS = 'id,unread,note_hash';

export interface PollerOptions {
  client: () => ContentSiteClient;
  model: NotificationsModel;
  /** Milliseconds between polls; 0 turns polling off. */
  intervalMs: () => number;
  /** Signed in and the window focused. */
  active: () => boolean;
  log?: (message: string) => void;
  timers?: { set: (fn: () => void, ms: number) => unknown; clear: (handle: unknown) => void };
}

export type PollResult = 'unchanged' | 'changed' | 'skipped' | 'failed';

export class NotePoller {
  private failures = 0;
  private inflight = false;
  private timer: unknown;
  private stopped = true;
  private readonly timers;

  constructor(private readonly o: PollerOptions) {
    this.timers = o.timers ?? { set: (fn: () => void, ms: number) => setTimeout(fn, ms), clear: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>) };
  }

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
  }

  /** The window came back to the foreground: look now, then carry on. */
  nudge(): void {
    if (this.stopped) return;
    void this.pollOnce();
  }

  /** How long until the next poll: the interval, or the backoff after failures. */
  delayMs(): number {
    if (this.failures > 0) return Math.min(30_000 * (this.failures + 1), 180_000);
    return this.o.intervalMs();
  }

  async pollOnce(): Promise<PollResult> {
    const model = this.o.model;
    if (this.inflight || !this.o.active() || model.state.kind !== 'loaded') return 'skipped';
    this.inflight = true;
    try {
      const page = await this.o.client().notifications.list({ ...model.pollQuery(), fields: POLL_FIELDS });
      this.failures = 0;
      if (signature(page.notes) === model.signature(page.notes.length)) {
        // Same notes, same unread counts: a differing hash is our own mark-read, already shown.
        model.adoptHashes(page.notes);
        return 'unchanged';
      }
      this.o.log?.('Notifications changed on the service: loading them.');
      await model.refresh();
      return 'changed';
    } catch (err) {
      this.failures++;
      this.o.log?.(`Notification poll failed (${this.failures} in a row): ${err instanceof Error ? err.message : String(err)}`);
      return 'failed';
    } finally {
      this.inflight = false;
      this.schedule();
    }
  }

  private schedule(): void {
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
    const ms = this.delayMs();
    if (this.stopped || ms <= 0) return;
    this.timer = this.timers.set(() => void this.pollOnce(), ms);
  }
}

/** What a user would see change: which notes, in which order, with how many unread updates. */
export function signature(notes: ReadonlyArray<{ id: number; unread: number }>): string {
  return notes.map((n) => `${n.id}:${n.unread}`).join(',');
}
