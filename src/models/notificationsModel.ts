/**
 * Notifications as the view shows them: newest first, paged with `before` (inclusive, so pages are
 * de-duplicated by id), filtered by the service's presets, with optimistic mark read / unread that
 * rolls back when the service refuses. No vscode here: tested in plain Node.
 */
import { ContentSiteError, type ContentSiteClient, type Notification, type NotificationsPage, type NotificationsParams } from '../api';
import type { BatchRefreshable, RefreshPart } from './batchRefresh';
import { signature } from './notePoller';
import { Emitter } from './emitter';
import { IDLE, type LoadState } from './loadState';

export type NoteFilter = { kind: 'all' } | { kind: 'unread' } | { kind: 'type'; type: string };

/** The service's own presets, in its order. */
export const FILTER_PRESETS: readonly { id: string; filter: NoteFilter }[] = [
  { id: 'all', filter: { kind: 'all' } },
  { id: 'unread', filter: { kind: 'unread' } },
  { id: 'comment', filter: { kind: 'type', type: 'comment' } },
  { id: 'follow', filter: { kind: 'type', type: 'follow' } },
  { id: 'like', filter: { kind: 'type', type: 'like' } },
];

export const NOTE_FIELDS = 'id,type,unread,noticon,body,subject,timestamp,meta,status,note_hash,date';

export interface NotificationsModelOptions {
  client: () => ContentSiteClient;
  pageSize: () => number;
}

export class NotificationsModel implements BatchRefreshable {
  private notesById = new Map<number, Notification>();
  private _state: LoadState = IDLE;
  private _filter: NoteFilter = { kind: 'all' };
  private _hasMore = false;
  private _loadMoreError: ContentSiteError | undefined;
  private generation = 0;
  private inflight: AbortController | undefined;
  readonly seenTypes = new Set<string>();
  private readonly changed = new Emitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly options: NotificationsModelOptions) {}

  get state(): LoadState {
    return this._state;
  }
  get filter(): NoteFilter {
    return this._filter;
  }
  get hasMore(): boolean {
    return this._hasMore;
  }
  get loadMoreError(): ContentSiteError | undefined {
    return this._loadMoreError;
  }
  /** Newest first. */
  get notes(): Notification[] {
    return [...this.notesById.values()].sort((a, b) => b.timestamp - a.timestamp || b.id - a.id);
  }
  get unreadCount(): number {
    let n = 0;
    for (const note of this.notesById.values()) if (note.unread > 0) n++;
    return n;
  }
  get(id: number): Notification | undefined {
    return this.notesById.get(id);
  }

  setFilter(filter: NoteFilter): Promise<void> {
    this._filter = filter;
    return this.refresh();
  }

  refreshParts(client: ContentSiteClient): RefreshPart[] {
    return [{ request: client.notifications.listRequest(this.query()), deliver: (first) => this.refresh(first as Promise<NotificationsPage>) }];
  }

  /** Loads the first page again, or takes it from a batch (`first`); the old notes stay until the new ones arrive. */
  async refresh(first?: Promise<NotificationsPage>): Promise<void> {
    const gen = ++this.generation;
    this.inflight?.abort();
    const ctl = (this.inflight = new AbortController());
    this._state = { kind: 'loading' };
    this.changed.fire();
    try {
      const page = await (first ?? this.options.client().notifications.list(this.query(), { signal: ctl.signal }));
      if (gen !== this.generation) return;
      this.notesById = new Map(page.notes.map((n) => [n.id, n]));
      this.noteTypes(page.notes);
      this._hasMore = page.notes.length >= this.options.pageSize();
      this._loadMoreError = undefined;
      this._state = { kind: 'loaded' };
    } catch (err) {
      if (gen !== this.generation) return;
      this.notesById.clear();
      this._hasMore = false;
      this._state = { kind: 'error', error: asError(err) };
    } finally {
      if (gen === this.generation) this.changed.fire();
    }
  }

  /** The next page: notes updated on or before the oldest shown (inclusive, de-duplicated). */
  async loadMore(): Promise<void> {
    const oldest = this.notes.at(-1);
    if (!oldest || this._state.kind === 'loading') return;
    const gen = this.generation;
    try {
      const page = await this.options.client().notifications.list({ ...this.query(), before: oldest.timestamp });
      if (gen !== this.generation) return;
      const fresh = page.notes.filter((n) => !this.notesById.has(n.id));
      for (const n of fresh) this.notesById.set(n.id, n);
      this.noteTypes(fresh);
      this._hasMore = fresh.length > 0 && page.notes.length >= this.options.pageSize();
      this._loadMoreError = undefined;
    } catch (err) {
      if (gen !== this.generation) return;
      this._loadMoreError = asError(err);
    }
    this.changed.fire();
  }

  /**
   * One POST for all the notes; the tree changes at once and rolls back if the service refuses.
   * Each note's count is decremented by the updates the user was shown, so updates that arrived
   * since come back in `updated` and stay unread; a note that gave no count gets the web client's
   * "all of them".
   */
  markRead(ids: readonly number[]): Promise<void> {
    const counts: Record<number, number> = {};
    for (const id of ids) {
      const note = this.notesById.get(id);
      if (note && note.unread > 0) counts[id] = decrementFor(note);
    }
    return this.applyCounts(counts, () => 0);
  }

  /** Marks notes unread again (`counts` of -1). */
  markUnread(ids: readonly number[]): Promise<void> {
    const counts: Record<number, number> = {};
    for (const id of ids) {
      const note = this.notesById.get(id);
      if (note && note.unread === 0) counts[id] = -1;
    }
    return this.applyCounts(counts, () => 1);
  }

  /**
   * Every unread note the service has, not only those loaded: asks for their ids (99 a page), then
   * marks them in one POST. Returns how many were marked.
   */
  async markAllRead(): Promise<number> {
    const client = this.options.client();
    const counts: Record<number, number> = {};
    let before: number | undefined;
    for (let pages = 0; pages < 20; pages++) {
      const page = await client.notifications.list({ unread: true, number: 99, fields: 'id,unread,timestamp', before });
      let added = 0;
      for (const n of page.notes) {
        if (n.unread > 0 && counts[n.id] === undefined) {
          counts[n.id] = decrementFor(n);
          added++;
        }
      }
      if (page.notes.length < 99 || added === 0) break;
      before = page.notes.at(-1)?.timestamp;
    }
    for (const note of this.notesById.values()) if (note.unread > 0 && counts[note.id] === undefined) counts[note.id] = decrementFor(note);
    await this.applyCounts(counts, () => 0);
    return Object.keys(counts).length;
  }

  private async applyCounts(counts: Record<number, number>, next: (id: number) => number): Promise<void> {
    const ids = Object.keys(counts).map(Number);
    if (ids.length === 0) return;
    const before = new Map<number, number>();
    for (const id of ids) {
      const note = this.notesById.get(id);
      if (!note) continue;
      before.set(id, note.unread);
      this.notesById.set(id, { ...note, unread: next(id) });
    }
    this.changed.fire();
    try {
      const result = await this.options.client().notifications.markRead(counts);
      for (const id of result.updated) {
        const note = this.notesById.get(Number(id));
        if (note && note.unread === 0) this.notesById.set(note.id, { ...note, unread: 1 });
      }
      if (result.updated.length > 0) this.changed.fire();
    } catch (err) {
      for (const [id, unread] of before) {
        const note = this.notesById.get(id);
        if (note) this.notesById.set(id, { ...note, unread });
      }
      this.changed.fire();
      throw asError(err);
    }
  }

  /** The first page's query with the current filter, for the poller (which picks its own fields). */
  pollQuery(): NotificationsParams {
    return this.query();
  }

  /** Signature of the first `count` notes as shown (see notePoller.signature). */
  signature(count: number): string {
    return signature(this.notes.slice(0, count));
  }

  /** Takes the service's current hashes for notes that are otherwise unchanged. */
  adoptHashes(notes: ReadonlyArray<{ id: number; note_hash?: string | number }>): void {
    for (const n of notes) {
      const mine = this.notesById.get(n.id);
      if (mine && n.note_hash !== undefined && mine.note_hash !== n.note_hash) this.notesById.set(n.id, { ...mine, note_hash: n.note_hash });
    }
  }

  private query(): NotificationsParams {
    const q: NotificationsParams = { number: this.options.pageSize(), fields: NOTE_FIELDS };
    if (this._filter.kind === 'unread') q.unread = true;
    if (this._filter.kind === 'type') q.type = this._filter.type;
    return q;
  }

  private noteTypes(notes: readonly Notification[]): void {
    for (const n of notes) if (n.type) this.seenTypes.add(n.type);
  }

  /** Forget everything (signed out). */
  clear(): void {
    this.generation++;
    this.inflight?.abort();
    this.notesById.clear();
    this._hasMore = false;
    this._loadMoreError = undefined;
    this._state = IDLE;
    this.changed.fire();
  }

  dispose(): void {
    this.inflight?.abort();
    this.changed.dispose();
  }
}

export function asError(err: unknown): ContentSiteError {
  if (err instanceof ContentSiteError) return err;
  return new ContentSiteError({ kind: 'network', userMessage: `Something went wrong: ${err instanceof Error ? err.message : String(err)}` });
}

/** What the service's own web client sends to zero a count it does not know. */
export const MARK_ALL_UPDATES = 9999;

function decrementFor(note: Notification): number {
  return note.unreadIsCount ? note.unread : MARK_ALL_UPDATES;
}
