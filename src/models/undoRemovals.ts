/**
 * Removals that wait out an undo window (spam and trash on notes): each is started with its notes
 * already hidden by its caller, is sent when the window ends (or at `sendNow`, `flush`, `dispose`)
 * unless it was undone first, and is one or the other, once. The window is read at each removal.
 * No vscode here.
 */
import { Emitter } from './emitter';
import type { Timers } from './timers';

/** What Undo did: brought the notes back, or nothing because they were already back or already sent. */
export type UndoResult = 'undone' | 'already undone' | 'already sent';

export interface PendingRemoval<R> {
  /** The catalog entry: spam or trash. */
  readonly action: string;
  readonly ids: readonly number[];
  /** Brings the notes back where they were and sends nothing, while the window lasts. */
  undo(): UndoResult;
  /** Ends the window now and sends (the user closed the message: "let it go"); nothing when it already ended. */
  sendNow(): void;
  /** Settles when the requests were answered (or at once with nothing acted, when undone). */
  readonly done: Promise<R>;
}

/** What a removal does at the end of its window: bring its notes back, or send it; then `done` gives `report`. */
export interface RemovalWork<R> {
  report: R;
  undo(): void;
  send(): Promise<unknown>;
}

export class UndoRemovals<R> {
  private readonly removals: PendingRemoval<R>[] = [];
  private readonly changed = new Emitter<void>();
  /** A removal started or ended its window. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly timers: Timers,
    /** How long a removal waits for an undo, in ms (read at each removal). */
    private readonly windowMs: () => number,
  ) {}

  /** The removals still in their window, newest last. */
  get pending(): readonly PendingRemoval<R>[] {
    return this.removals;
  }

  /** Starts the window of a removal of `ids` (already hidden by the caller). */
  start(action: string, ids: readonly number[], work: RemovalWork<R>): PendingRemoval<R> {
    let state: 'waiting' | 'sent' | 'undone' = 'waiting';
    let resolve!: (r: R) => void;
    const done = new Promise<R>((r) => (resolve = r));
    const end = () => {
      this.timers.clear(timer);
      const i = this.removals.indexOf(removal);
      if (i >= 0) this.removals.splice(i, 1);
      this.changed.fire();
    };
    const removal: PendingRemoval<R> = {
      action,
      ids,
      done,
      undo: () => {
        if (state !== 'waiting') return state === 'undone' ? 'already undone' : 'already sent';
        state = 'undone';
        end();
        work.undo();
        resolve(work.report);
        return 'undone';
      },
      sendNow: () => {
        if (state !== 'waiting') return;
        state = 'sent';
        end();
        void work.send().then(() => resolve(work.report));
      },
    };
    const timer = this.timers.set(removal.sendNow, this.windowMs());
    this.removals.push(removal);
    this.changed.fire();
    return removal;
  }

  /** Undoes the newest removal still in its window (or the one of `id`); undefined when there is none. */
  undo(id?: number): UndoResult | undefined {
    const removal = id === undefined ? this.removals.at(-1) : this.removals.find((r) => r.ids.includes(id));
    return removal?.undo();
  }

  /** Sends every removal still in its window now, and resolves when they were answered. */
  async flush(): Promise<void> {
    const waiting = [...this.removals];
    for (const r of waiting) r.sendNow();
    await Promise.all(waiting.map((r) => r.done));
  }

  /** Sends what still waits (nothing is lost when the window closes). */
  dispose(): void {
    for (const r of [...this.removals]) r.sendNow();
    this.changed.dispose();
  }
}
