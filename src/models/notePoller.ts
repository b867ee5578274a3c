/**
 * Notifications that refresh themselves, cheaply: while the window is focused, every interval it
 * asks only for the ids and hashes of the newest notes (WATCHED_NEWEST, as the service's own web
 * client does), and when the window comes back to the foreground, of the whole first page (where
 * notes read elsewhere meanwhile show). It compares them with what the service last sent (not with what is shown, which includes the user's pending operations). A new
 * or vanished note reloads the first page; a changed one (read, approved or replied to here or
 * elsewhere) is fetched again on its own. A refresh that failed anywhere is retried by the poll,
 * so the views recover by themselves when the service answers again.
 *
 * The schedule never stops while started: skipped and failed polls schedule the next one, failures
 * back off (min(30 s × (failures+1), 180 s), never sooner than a 429's Retry-After), and polls pause
 * while the window is in the background.
 *
 * While the push channel is open (`setLive(true)`) no note poll is sent, neither on the interval nor
 * on focus: the channel tells every change. The ticks go on, only to recover views whose refresh
 * failed; when the channel is down again, polling resumes one interval later.
 */
import type { ContentSiteClient, ContentSiteError, Notification, NotificationsParams } from '../api';
import type { LoadState } from './loadState';
import { schemas } from '../api/schemasLoad';
import { asError } from './asError';
import { realTimers, type Timers } from './timers';

/**
 * What a poll asks, as the service's own web client does: a note's hash changes when its text or its
 * read state does (so a new note, a read elsewhere and an edit all show). The service sends
 * `note_hash` with every note of a list, whatever `fields` says; a note without it counts as changed
 * (loaded again), and a page of several notes none of which has one fails the poll, which backs off
 * (pollChanges).
 */
export const POLL_FIELDS = 'id,note_hash';

/**
 * How many of the newest notes a poll on the interval watches (the service's web client watches
 * 10): new notes arrive there. A poll when the window comes back to the foreground (nudge) watches
 * the whole first page, since that is when notes further down may have been read elsewhere.
 */
export const WATCHED_NEWEST = 10;

/** What a poll watches: the newest notes (on the interval) or the whole first page (on focus). */
export type PollScope = 'newest' | 'firstPage';

/** What the poller watches: the notifications model. */
export interface PollTarget {
  readonly state: LoadState;
  pollQuery(): NotificationsParams;
  /** The notes of a polled page the list keeps, when it picks them itself (several types). */
  pollFilter?(): ((note: { type?: string }) => boolean) | undefined;
  serviceNotes(): Notification[];
  /** The ids of the notes the list left out of its first page, unreadable (a poll would find them new). */
  readonly leftOut?: readonly string[];
  /** The service's current copies of these notes. */
  fetchNotes(client: ContentSiteClient, ids: readonly number[]): Promise<Notification[]>;
  /** Starts a fetch of some notes; the callback merges the fresh copies (and ends the fetch). */
  readonly list: { beginFetch(): (items: readonly Notification[], gone?: readonly string[]) => void };
  refresh(): Promise<void>;
}

export interface PollerOptions {
  client: () => ContentSiteClient;
  model: PollTarget;
  /** Milliseconds between polls; 0 turns polling off. */
  intervalMs: () => number;
  /** Signed in and the window focused. */
  active: () => boolean;
  /** Views whose last refresh failed for a passing reason refresh again (one batch); resolves when they have answered. */
  recover?: () => Promise<void>;
  /** The error of a view whose last refresh failed for a passing reason (network, 5xx, 429), if any. */
  failedView?: () => ContentSiteError | undefined;
  log?: (message: string) => void;
  timers?: Timers;
  now?: () => number;
}

export type PollResult = 'unchanged' | 'changed' | 'recovered' | 'skipped' | 'failed';

const BACKOFF_STEP_MS = 30_000;
const BACKOFF_MAX_MS = 180_000;

export class NotePoller {
  private failures = 0;
  private notBefore = 0;
  private inflight = false;
  private timer: unknown;
  private stopped = true;
  private live = false;
  /** Notes a poll found without their hash, told to the log once each. */
  private readonly hashless = new Set<number>();
  private readonly timers: Timers;
  private readonly now: () => number;

  constructor(private readonly o: PollerOptions) {
    this.timers = o.timers ?? realTimers;
    this.now = o.now ?? Date.now;
  }

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    this.clearTimer();
  }

  /** The push channel is open (true: stand down, see above) or down (false: poll as before). */
  setLive(live: boolean): void {
    if (this.live === live) return;
    this.live = live;
    if (!this.inflight) this.schedule();
  }

  /** The window came back to the foreground: look over the whole first page now (unless backing off), then carry on. */
  nudge(): Promise<PollResult> {
    if (this.stopped || this.now() < this.notBefore) return Promise.resolve('skipped');
    return this.pollOnce('firstPage');
  }

  /** How long until the next poll: the interval, or the backoff after failures (and Retry-After). */
  delayMs(): number {
    const interval = this.o.intervalMs();
    if (interval <= 0) return 0;
    const wait = Math.max(0, this.notBefore - this.now());
    if (this.failures > 0) return Math.max(wait, Math.min(BACKOFF_STEP_MS * (this.failures + 1), BACKOFF_MAX_MS));
    return Math.max(wait, interval);
  }

  async pollOnce(scope: PollScope = 'newest'): Promise<PollResult> {
    if (this.inflight) return 'skipped';
    this.inflight = true;
    try {
      return await this.look(scope);
    } catch (err) {
      this.failures++;
      const e = asError(err);
      if (e.retryAfter !== undefined) this.notBefore = this.now() + e.retryAfter * 1000;
      this.o.log?.(`Notification poll failed (${this.failures} in a row): ${e.message}`);
      return 'failed';
    } finally {
      this.inflight = false;
      this.schedule();
    }
  }

  private async look(scope: PollScope): Promise<PollResult> {
    const model = this.o.model;
    if (!this.o.active()) return 'skipped';
    let recovered = false;
    if (this.o.failedView?.() && this.o.recover) {
      await this.o.recover();
      const still = this.o.failedView();
      if (still) throw still;
      this.failures = 0;
      recovered = true;
    }
    if (this.live || model.state.kind !== 'loaded') return recovered ? 'recovered' : 'skipped';
    const client = this.o.client();
    const keep = model.pollFilter?.();
    const fields = POLL_FIELDS;
    const query = model.pollQuery();
    const number = scope === 'newest' ? Math.min(query.number ?? WATCHED_NEWEST, WATCHED_NEWEST) : query.number;
    const page = await client.notifications.list({ ...query, number, fields: keep ? `${fields},type` : fields });
    if (keep) page.notes = page.notes.filter(keep);
    // Compared in the schemas' part (noteChecks.ts), loaded with the answer: undefined when notes came or went.
    const changed = schemas().pollChanges(page.notes, model.serviceNotes(), model.leftOut ?? [], this.hashless, this.o.log);
    this.failures = 0;
    if (!changed) {
      this.o.log?.('New or removed notifications on the service: loading the first page.');
      await model.refresh();
      return 'changed';
    }
    if (changed.length === 0) return recovered ? 'recovered' : 'unchanged';
    this.o.log?.(`${changed.length} notification(s) changed on the service: loading them.`);
    const take = model.list.beginFetch();
    let fresh: Notification[] = [];
    try {
      fresh = await model.fetchNotes(client, changed);
    } finally {
      const found = new Set(fresh.map((n) => n.id));
      take(fresh, changed.filter((id) => !found.has(id)).map(String));
    }
    return 'changed';
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    this.clearTimer();
    const ms = this.delayMs();
    if (this.stopped || ms <= 0) return;
    this.timer = this.timers.set(() => void this.pollOnce('newest'), ms);
  }
}
