/**
 * The push channel's messages folded into the notifications list. A `push` fetches the note with
 * the list's fields (`GET notifications/$id` for one; pushes arriving together in one `ids=`
 * request): a note the list holds is replaced in place, a new one is added where it sorts (on top)
 * when it passes the view's filter; a `delete` removes the note at once. Only the asked notes are
 * taken from an answer, in both paths. Both go through the list
 * core's `beginFetch`, so no answer ever undoes a pending user operation or brings back a note a
 * newer fetch removed (listCore.ts).
 *
 * Pushes are gathered `gatherMs` before the first fetch; those arriving while a fetch is out are
 * fetched together as soon as it ends (a burst of 100 pushes is two requests). A fetch that fails
 * reads the first page again instead, whose failure the poll's recovery then retries; an answer the
 * client cannot read (the schema, or a note without a field it asked for: notifications.ts) is such
 * a failure, logged, so a row keeps the last state the service sent readably and a new note stays
 * absent. No vscode here.
 */
import type { ContentSiteClient, Notification, PushMessage } from '../api';
import { ContentSiteError } from '../api/errors';
import { asError } from './asError';
import type { FetchOptions } from './listCore';
import type { LoadState } from './loadState';
import { NOTE_FIELDS } from './noteFields';
import { realTimers, type Timers } from './timers';

/** What the live notes change: the notifications model. */
export interface LiveTarget {
  readonly state: LoadState;
  readonly list: {
    beginFetch(options?: FetchOptions<Notification>): (items: readonly Notification[], gone?: readonly string[]) => Notification[];
  };
  /** The note as the list shows it, if it does. */
  get(id: number): Notification | undefined;
  /** Whether a note belongs under the view's filter. */
  accepts(note: Notification): boolean;
  /** The service's current copies of these notes (one `ids=` request per 99). */
  fetchNotes(client: ContentSiteClient, ids: readonly number[]): Promise<Notification[]>;
  refresh(): Promise<void>;
}

export interface LiveNotesOptions {
  client: () => ContentSiteClient;
  model: LiveTarget;
  /** How long pushes are gathered before the first fetch (default 50 ms). */
  gatherMs?: number;
  timers?: Timers;
  log?: (line: string) => void;
  /** A line worth a warning (an answer that held notes nobody asked for); `log` when not given. */
  warn?: (line: string) => void;
}

export const GATHER_MS = 50;

export class LiveNotes {
  private readonly pending = new Set<number>();
  private timer: unknown;
  private fetching = false;
  private idleWaiters: Array<() => void> = [];
  private readonly timers: Timers;

  constructor(private readonly o: LiveNotesOptions) {
    this.timers = o.timers ?? realTimers;
  }

  /** A message from the push channel. Nothing happens before the list was first loaded (its first page will hold the note). */
  handle(message: PushMessage): void {
    if (this.o.model.state.kind === 'idle') return;
    const id = message.note_id;
    if (message.action === 'delete') {
      this.pending.delete(id);
      this.o.model.list.beginFetch()([], [String(id)]);
      return;
    }
    this.pending.add(id);
    if (this.timer === undefined && !this.fetching)
      this.timer = this.timers.set(() => {
        this.timer = undefined;
        void this.flush();
      }, this.o.gatherMs ?? GATHER_MS);
  }

  /** Resolves once every push handled so far has been fetched and shown (or given up on). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Signed out or the socket stopped: pushes not fetched yet are forgotten (a fetch under way still lands). */
  reset(): void {
    this.pending.clear();
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
    this.settleIdle();
  }

  dispose(): void {
    this.reset();
  }

  private async flush(): Promise<void> {
    while (this.pending.size > 0) {
      const ids = [...this.pending];
      this.pending.clear();
      this.fetching = true;
      const take = this.o.model.list.beginFetch({ add: (note) => this.o.model.accepts(note) });
      try {
        const fresh = await this.fetch(ids);
        const found = new Set(fresh.map((n) => n.id));
        // A new note it adds is told by the list core (onDidAdd), as one a poll or a re-read adds.
        take(fresh, ids.filter((id) => !found.has(id)).map(String));
      } catch (err) {
        take([]);
        this.o.log?.(`Could not load ${ids.length} pushed notification(s), reading the first page instead: ${asError(err).userMessage}`);
        void this.o.model.refresh();
      } finally {
        this.fetching = false;
      }
    }
    this.settleIdle();
  }

  private async fetch(ids: readonly number[]): Promise<Notification[]> {
    const client = this.o.client();
    if (ids.length > 1) return this.onlyAsked(ids, await this.o.model.fetchNotes(client, ids));
    try {
      return [await client.notifications.get(ids[0], { fields: NOTE_FIELDS })];
    } catch (err) {
      if (err instanceof ContentSiteError && err.status === 404) return [];
      throw err;
    }
  }

  /**
   * The notes of a batch answer whose ids were asked for, as the one-note path takes only the asked
   * note (`notifications.get`): a note nobody pushed is neither added nor put over the list's copy,
   * whatever the answer holds (a mixed-up cache or proxy). What is left out is told by id only.
   */
  private onlyAsked(ids: readonly number[], answer: readonly Notification[]): Notification[] {
    const asked = new Set(ids);
    const kept = answer.filter((n) => asked.has(n.id));
    if (kept.length < answer.length) {
      const others = [...new Set(answer.filter((n) => !asked.has(n.id)).map((n) => n.id))];
      const shown = others.length > 10 ? `${others.slice(0, 10).join(', ')}, …` : others.join(', ');
      (this.o.warn ?? this.o.log)?.(
        `The answer for ${ids.length} pushed notification(s) also held ${others.length} that were not asked for (${shown}); ignored them.`,
      );
    }
    return kept;
  }

  private isIdle(): boolean {
    return this.pending.size === 0 && this.timer === undefined && !this.fetching;
  }

  private settleIdle(): void {
    if (!this.isIdle()) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
