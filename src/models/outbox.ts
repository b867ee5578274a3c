/**
 * The outbox: publishes asked for while the service could not be reached wait here, in the order
 * they were asked for, across window reloads (the store is the workspace's Memento), and go out
 * when the service answers again: on a timer that backs off (15 s up to 5 min), or at once on
 * `wake()` (the window regained focus, another request just succeeded). No vscode here.
 *
 * Never twice: one drain at a time (a drain asked for while one runs joins it), each entry leaves
 * the queue only once its send settled, and the queue is written to the store before anyone is told
 * of a change. A reload mid-send can only send that one entry again, which the publish itself makes
 * safe (its token finds a create whose answer was lost; an update names the version it replaces).
 * The send is the caller's: it publishes the file's text as it is then, writes the answer back into
 * the file, and says how it went (`SendResult`).
 */
import { Emitter } from './emitter';
import { backoffMs, isUnreachable, refusalMessage } from './outboxReach';
import { realTimers, type Timers } from './timers';

export interface OutboxEntry {
  /** The post file, its absolute fsPath: one entry per file. */
  path: string;
  site: string;
  /** The service's base URL the publish was asked of. */
  service: string;
  /** When the publish was first asked for (ISO 8601). */
  queuedAt: string;
}

/** Where the queue is kept between reloads (a vscode.Memento in the extension, a variable in tests). */
export interface OutboxStore {
  get(): readonly OutboxEntry[];
  set(entries: readonly OutboxEntry[]): PromiseLike<void>;
}

/**
 * How one send went. `text`, when the caller gives it, is the file's text as the send left it (what
 * it read, with the answer written back): it tells whether the file changed while it was sent.
 */
export type SendResult =
  | { kind: 'sent'; text?: string }
  /** The service could not be reached: the entry and those after it wait for the next try. */
  | { kind: 'unreachable'; error?: unknown }
  /** The post changed on the site meanwhile: the caller put both versions in the file (Changed on Both); nothing was sent over it. */
  | { kind: 'conflict' }
  /** The publish was refused (the file has an error, the service said no): the writer is told `message`. */
  | { kind: 'refused'; message: string; text?: string }
  /** The file is gone: nothing to publish. */
  | { kind: 'missing' };

/** Publishes the entry's file as it is now; a throw is `unreachable` when isUnreachable says so, else `refused`. */
export type OutboxSend = (entry: OutboxEntry, signal: AbortSignal) => Promise<SendResult>;

/** An entry whose send settled (anything but unreachable). */
export interface OutboxSettled {
  entry: OutboxEntry;
  result: Exclude<SendResult, { kind: 'unreachable' }>;
  /** It was queued again while it was sent, and the file changed since: it stays to be sent again. */
  again: boolean;
}

export interface DrainReport {
  /** Each entry this drain settled, in the order they were sent. */
  settled: OutboxSettled[];
  /** Set when the drain stopped because the service could not be reached; that entry and the rest wait. */
  unreachable?: { entry: OutboxEntry; error?: unknown; retryInMs: number };
}

export interface OutboxOptions {
  timers?: Timers;
  /** The file's text now (undefined when it is gone): tells whether a file queued again while it was sent changed since. */
  read?(path: string): PromiseLike<string | undefined>;
}

const isEntry = (v: unknown): v is OutboxEntry =>
  typeof v === 'object' &&
  v !== null &&
  ['path', 'site', 'service', 'queuedAt'].every((k) => typeof (v as Record<string, unknown>)[k] === 'string');

export class Outbox {
  private list: readonly OutboxEntry[];
  /** The entry being sent, and whether it was queued again since its send started. */
  private flight: { entry: OutboxEntry; again: boolean } | undefined;
  private running: Promise<DrainReport> | undefined;
  private abort = new AbortController();
  private timer: unknown;
  /** Tries in a row that found the service out of reach: the next wait. */
  private failures = 0;
  /** The store's writes, one after another in the order the queue changed. */
  private writes: Promise<void> = Promise.resolve();
  private disposed = false;
  private readonly timers: Timers;
  private readonly changed = new Emitter<void>();
  private readonly settledEmitter = new Emitter<OutboxSettled>();
  private readonly failed = new Emitter<unknown>();

  /** The queue changed (and the store holds the change). */
  readonly onDidChange = this.changed.event;
  /** An entry's send settled: sent, conflict, refused or missing. */
  readonly onDidSettle = this.settledEmitter.event;
  /** A drain the timer started failed (the store could not be written): nobody else awaits it. */
  readonly onDidFail = this.failed.event;

  constructor(
    private readonly store: OutboxStore,
    private readonly send: OutboxSend,
    private readonly options: OutboxOptions = {},
  ) {
    this.timers = options.timers ?? realTimers;
    // What another version wrote, or a hand-edited store: malformed entries are left out.
    const kept = store.get();
    this.list = Array.isArray(kept) ? kept.filter(isEntry).map((e) => ({ ...e })) : [];
  }

  get entries(): readonly OutboxEntry[] {
    return this.list;
  }

  get size(): number {
    return this.list.length;
  }

  /**
   * Queues a publish of `entry.path`. A file already queued keeps its place and its entry. A file
   * queued again while it is being sent is sent once more after that send only if the file changed
   * since the send started (see `OutboxOptions.read`). A next try is scheduled if none is.
   */
  async add(entry: OutboxEntry): Promise<void> {
    if (this.disposed) return;
    if (this.flight?.entry.path === entry.path) this.flight.again = true;
    if (!this.list.some((e) => e.path === entry.path)) {
      const { path, site, service, queuedAt } = entry;
      this.list = [...this.list, { path, site, service, queuedAt }];
      await this.commit();
    }
    if (!this.running && this.timer === undefined) this.schedule(backoffMs(this.failures));
  }

  /** Takes the file's entry out of the queue (a send under way finishes). */
  async remove(path: string): Promise<void> {
    if (!this.list.some((e) => e.path === path)) return;
    this.list = this.list.filter((e) => e.path !== path);
    await this.commit();
  }

  /** Tries now: the window regained focus, or another request just reached the service. */
  wake(): Promise<DrainReport> {
    return this.drain();
  }

  /** Sends the queue in order until it is empty or the service cannot be reached; joins a drain under way. */
  drain(): Promise<DrainReport> {
    if (this.running) return this.running;
    if (this.disposed || !this.list.length) return Promise.resolve({ settled: [] });
    this.clearTimer();
    this.running = this.run();
    return this.running;
  }

  dispose(): void {
    this.disposed = true;
    this.abort.abort();
    this.clearTimer();
    this.changed.dispose();
    this.settledEmitter.dispose();
    this.failed.dispose();
  }

  private async run(): Promise<DrainReport> {
    const report: DrainReport = { settled: [] };
    const { signal } = this.abort;
    try {
      for (let entry = this.list[0]; entry && !this.disposed; entry = this.list[0]) {
        const flight = { entry, again: false };
        this.flight = flight;
        let result: SendResult;
        try {
          // Always after a turn, so that `running` is set before this drain can end.
          result = await Promise.resolve().then(() => this.send(entry, signal));
        } catch (err) {
          result = isUnreachable(err) ? { kind: 'unreachable', error: err } : { kind: 'refused', message: refusalMessage(err) };
        } finally {
          this.flight = undefined;
        }
        // Disposed (the window closes) mid-send: the entry stays for the next window, whose send is safe again.
        if (this.disposed) break;
        if (result.kind === 'unreachable') {
          this.failures++;
          const retryInMs = backoffMs(this.failures);
          this.schedule(retryInMs);
          report.unreachable = { entry, error: result.error, retryInMs };
          break;
        }
        this.failures = 0;
        const again = flight.again && this.list.includes(entry) && (await this.changedSince(entry.path, result));
        if (!again && this.list.includes(entry)) {
          this.list = this.list.filter((e) => e !== entry);
          await this.commit();
        }
        const settled: OutboxSettled = { entry, result, again };
        report.settled.push(settled);
        this.settledEmitter.fire(settled);
      }
    } finally {
      this.running = undefined;
    }
    return report;
  }

  /**
   * Whether the file changed after its send started. Only a sent or refused file is sent again (a
   * conflict's file holds both versions for the writer; a missing one is gone); without `read` or
   * the send's `text` nothing tells, and it is sent again: a publish of an unchanged file is safe.
   */
  private async changedSince(path: string, result: SendResult): Promise<boolean> {
    if (result.kind !== 'sent' && result.kind !== 'refused') return false;
    if (result.text === undefined || !this.options.read) return true;
    try {
      return (await this.options.read(path)) !== result.text;
    } catch {
      return true;
    }
  }

  /** Writes the queue as it is now, after the writes before it, and then tells of the change. */
  private async commit(): Promise<void> {
    const snapshot = this.list;
    const write = this.writes.then(() => this.store.set(snapshot));
    this.writes = write.then(
      () => undefined,
      () => undefined,
    );
    await write;
    this.changed.fire();
  }

  private schedule(ms: number): void {
    this.clearTimer();
    if (this.disposed) return;
    this.timer = this.timers.set(() => {
      this.timer = undefined;
      this.drain().catch((err: unknown) => this.failed.fire(err));
    }, ms);
  }

  private clearTimer(): void {
    if (this.timer === undefined) return;
    this.timers.clear(this.timer);
    this.timer = undefined;
  }
}
