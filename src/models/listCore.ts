/**
 * The one list core behind every view: pages of what the service last sent, and the user's
 * operations kept over them as an overlay, so that no refresh, page, poll or lost answer can undo
 * or duplicate what the user did.
 *
 * Every fetch and every answer to an operation takes a number from one clock when it starts (a
 * fetch) or arrives (an answer). An operation's effect is shown over an item while the operation
 * is pending, and after it succeeded for as long as the item shown comes from a fetch that started
 * before the answer arrived (a fetch that started later already contains the change). A failed
 * operation is dropped: the view shows the service's latest state, never an older snapshot written
 * back. When the outcome is unknown (the connection broke, the answer was unreadable, the service
 * answered 5xx: see outcomeUnknown) the core asks the service for the affected items instead of guessing.
 *
 * What differs per list (the requests, the key, the order) is a ListSource. No vscode here.
 */
import { ContentSiteError, type ContentSiteClient, type Prepared } from '../api';
import { asError, outcomeUnknown } from './asError';
import type { BatchRefreshable, RefreshPart } from './batchRefresh';
import { Emitter } from './emitter';
import { IDLE, type LoadState } from './loadState';

export interface Page<T, C> {
  items: T[];
  /** Cursor for the next page, or undefined when this was the last. */
  next: C | undefined;
  /** Items the answer held that could not be read: left out of `items`, said on screen (ListCore.unreadable). */
  unreadable?: number;
}

export interface ListSource<T, C> {
  key(item: T): string;
  /** The request for one page (the first when `cursor` is undefined); undefined when there is nothing to load. */
  page(client: ContentSiteClient, cursor: C | undefined): Prepared<Page<T, C>> | undefined;
  /** The order items are shown in; without it, the service's order with pages appended. */
  compare?(a: T, b: T): number;
  /** Whether an item the service sent is shown (all are, without it); hidden items still count as sent. */
  shown?(item: T): boolean;
  /** The service's current copy of these items; an item it does not return is no longer in this list. */
  fetch?(client: ContentSiteClient, keys: readonly string[]): Promise<T[]>;
  /**
   * What the pages are of, when the request does not say it all (a filter applied here): a first
   * page of another scope, or of another request, starts the list over instead of merging into it.
   */
  scope?(): string;
}

/** How an operation shows on one item: the item as it should look, or undefined to hide it. */
export type Effect<T> = (item: T) => T | undefined;

/** How a fetch started with `beginFetch` may change the list besides replacing what it holds. */
export interface FetchOptions<T> {
  /**
   * Also add fresh items the list does not hold yet (a note the service announced) when this says
   * they belong in it: only if they sort within what is loaded, and no fetch that started later has
   * left them out or removed them.
   */
  add?: (item: T) => boolean;
}

/** An operation under way: settle it once with confirm, fail or verify. */
export interface PendingOperation<T> {
  /** The service applied it; `effects` (default: the ones shown) stay until a newer fetch has them. */
  confirm(effects?: ReadonlyMap<string, Effect<T>>): void;
  /** The service refused it: drop it and show what the service last sent. */
  fail(): void;
  /**
   * The outcome is unknown: ask the service for the affected items and show them as it has them.
   * Resolves to each key's item as now shown (undefined: no longer in the list), or rejects when
   * the service could not be asked either (the operation is dropped then too).
   */
  verify(keys?: readonly string[]): Promise<Map<string, T | undefined>>;
}

export type OperationOutcome<T, R> =
  | { kind: 'done'; result: R }
  | { kind: 'failed'; error: ContentSiteError }
  | { kind: 'unknown'; error: ContentSiteError; now: Map<string, T | undefined> | undefined };

interface Entry<T> {
  item: T;
  /** The clock when the fetch that brought it started. */
  seq: number;
}

interface Operation<T> {
  effects: ReadonlyMap<string, Effect<T>>;
  /** The clock when the service's answer arrived; undefined while pending. */
  answeredAt?: number;
}

export class ListCore<T, C> implements BatchRefreshable {
  private base = new Map<string, Entry<T>>();
  private ops: Operation<T>[] = [];
  private clock = 0;
  private readonly inflight = new Set<number>();
  private generation = 0;
  private _state: LoadState = IDLE;
  private cursor: C | undefined;
  private loadingMore = false;
  private _loadMoreError: ContentSiteError | undefined;
  private _loadedAt: number | undefined;
  private _fromCache = false;
  /** Items left out unread (Page.unreadable): of the first page held, and of the pages loaded past it. */
  private firstLost = 0;
  private moreLost = 0;
  private shown: { list: T[]; byKey: Map<string, T> } | undefined;
  /** The clock when the fetch of the first page now held started. */
  private firstPageSeq = 0;
  /** What the first page now held was asked for (its request and scope); undefined when nothing the service sent is held. */
  private held: string | undefined;
  /** Whether pages past the first are held (loadMore added some since the first page last replaced them). */
  private extended = false;
  /** Moves on when the held pages are dropped (cleared, or a first page started the list over): a page asked before is not appended. */
  private epoch = 0;
  /** Keys a fetch found gone, with that fetch's clock: an older answer does not bring them back. */
  private removedAt = new Map<string, number>();
  private readonly changed = new Emitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly added = new Emitter<readonly T[]>();
  /**
   * Items new to a list already loaded from the service, as shown, once they show: those a fetch
   * with `add` brought (a pushed note), and those a first page read again brought within what was
   * loaded (a poll or a reconnect found them). Never the items of a first load, of another request
   * or scope, of a page loaded further down, or ones the list held already.
   */
  readonly onDidAdd = this.added.event;

  constructor(
    private readonly source: ListSource<T, C>,
    private readonly client: () => ContentSiteClient,
  ) {}

  get state(): LoadState {
    return this._state;
  }
  /** What the user sees: the service's items with the pending and recent operations applied. */
  get items(): readonly T[] {
    return this.view().list;
  }
  /** O(1). */
  get(key: string): T | undefined {
    return this.view().byKey.get(key);
  }
  /** The items exactly as the service last sent them, in the shown order (for comparing with a poll). */
  serviceItems(): T[] {
    const list = [...this.base.values()].map((e) => e.item);
    return this.source.compare ? list.sort((a, b) => this.source.compare!(a, b)) : list;
  }
  /** What the service last sent, in no order (cheaper than serviceItems for a scan of every item). */
  sent(): Iterable<T> {
    return this.itemsSent();
  }
  get hasMore(): boolean {
    return this.cursor !== undefined && this._state.kind !== 'error';
  }
  /** The cursor of the next page to load; undefined once the last page is loaded. */
  get next(): C | undefined {
    return this.cursor;
  }
  get loadMoreError(): ContentSiteError | undefined {
    return this._loadMoreError;
  }
  /** When the shown items were last loaded (ms since the epoch), if ever. */
  get loadedAt(): number | undefined {
    return this._loadedAt;
  }
  /** How many items the pages held now came with that could not be read (left out; the log names each). */
  get unreadable(): number {
    return this.firstLost + this.moreLost;
  }
  /** Whether what is shown came from the last session's cache and no answer has replaced it yet. */
  get fromCache(): boolean {
    return this._fromCache;
  }
  /** Whether a refresh failed while earlier items are still shown (out of date, not empty). */
  get stale(): boolean {
    return this._state.kind === 'error' && this.base.size > 0;
  }

  refreshParts(client: ContentSiteClient): RefreshPart[] {
    const request = this.source.page(client, undefined);
    if (!request) return [];
    const gen = ++this.generation;
    const seq = this.startFetch();
    const scope = JSON.stringify([request.spec, this.source.scope?.()]);
    this._state = { kind: 'loading' };
    this.fire();
    return [{ request, deliver: (answer) => this.takeFirstPage(answer as Promise<Page<T, C>>, gen, seq, scope) }];
  }

  /**
   * Shows a first page kept from the last session, loaded at `loadedAt`, until the first answer
   * replaces it (only when nothing is shown yet). Its items count as older than any fetch.
   */
  seed(items: readonly T[], loadedAt: number): void {
    if (this._state.kind !== 'idle') return;
    this.base = new Map(items.map((item) => [this.source.key(item), { item, seq: 0 }]));
    this.held = undefined;
    this.extended = false;
    this._loadedAt = loadedAt;
    this._fromCache = true;
    this._state = { kind: 'loaded' };
    this.fire();
  }

  /** Loads the first page again; what is shown stays until the answer arrives (and after a failure). */
  async refresh(): Promise<void> {
    const client = this.client();
    let parts: RefreshPart[];
    try {
      parts = this.refreshParts(client);
    } catch (err) {
      this.refused(err);
      return;
    }
    await Promise.all(parts.map((p) => p.deliver(client.run(p.request))));
  }

  /** The refresh was refused before anything was sent (a bad setting): shown as the list's error. */
  refused(err: unknown): void {
    this.generation++;
    this.epoch++;
    this._state = { kind: 'error', error: asError(err) };
    this.fire();
  }

  async loadMore(): Promise<void> {
    if (this.cursor === undefined || this._state.kind !== 'loaded' || this.loadingMore) return;
    const client = this.client();
    // Not the generation: a first page re-read meanwhile merges into the held pages (see firstPage), so this page still follows them.
    const epoch = this.epoch;
    let seq: number | undefined;
    this.loadingMore = true;
    try {
      const request = this.source.page(client, this.cursor);
      if (!request) return;
      seq = this.startFetch();
      const page = await client.run(request);
      if (epoch !== this.epoch) return;
      let added = 0;
      for (const item of page.items) {
        const key = this.source.key(item);
        if (!this.base.has(key)) {
          this.base.set(key, { item, seq });
          added++;
        }
      }
      // A page that added nothing ends the list unless its cursor moved on (a page filtered here may be empty).
      this.cursor = added > 0 || (page.next !== undefined && page.next !== this.cursor) ? page.next : undefined;
      this.extended = true;
      this.moreLost += page.unreadable ?? 0;
      this._loadMoreError = undefined;
    } catch (err) {
      if (epoch !== this.epoch) return;
      this._loadMoreError = asError(err);
    } finally {
      this.loadingMore = false;
      if (seq !== undefined) this.endFetch(seq);
    }
    this.fire();
  }

  /**
   * Fresh copies of some items, fetched by the caller (a poll that saw them change, a pushed note):
   * each replaces what is shown unless something newer arrived meanwhile; `gone` keys left the
   * list. With `add`, items the list does not hold are added too (see FetchOptions). The callback
   * answers the items it added.
   */
  beginFetch(options: FetchOptions<T> = {}): (items: readonly T[], gone?: readonly string[]) => T[] {
    const seq = this.startFetch();
    const gen = this.generation;
    return (items, gone = []) => {
      this.endFetch(seq);
      return gen === this.generation ? this.merge(items, gone, seq, options.add) : [];
    };
  }

  /** Shows an operation's effects at once; the caller settles it with what the service answered. */
  begin(effects: ReadonlyMap<string, Effect<T>>): PendingOperation<T> {
    const op: Operation<T> = { effects };
    const gen = this.generation;
    this.ops.push(op);
    this.fire();
    let settled = false;
    const settle = () => {
      if (settled) throw new Error('An operation is settled once.');
      settled = true;
    };
    return {
      confirm: (confirmed = effects) => {
        settle();
        op.effects = confirmed;
        op.answeredAt = ++this.clock;
        this.prune();
        this.fire();
      },
      fail: () => {
        settle();
        this.drop(op);
      },
      verify: async (keys = [...effects.keys()]) => {
        settle();
        const fetch = this.source.fetch;
        const seq = this.startFetch();
        try {
          if (!fetch) throw new Error('This list cannot ask the service for single items.');
          const fresh = await fetch.call(this.source, this.client(), keys);
          const found = new Set(fresh.map((i) => this.source.key(i)));
          if (gen === this.generation)
            this.merge(
              fresh,
              keys.filter((k) => !found.has(k)),
              seq,
            );
          return new Map(keys.map((k) => [k, fresh.find((i) => this.source.key(i) === k)]));
        } finally {
          this.endFetch(seq);
          this.drop(op);
        }
      },
    };
  }

  /**
   * begin + send + settle: done when the service answered, failed when it refused, unknown (after
   * asking the service what it now holds) when the answer was lost.
   */
  perform<R>(
    effects: ReadonlyMap<string, Effect<T>>,
    send: () => Promise<R>,
    confirmed: (result: R) => ReadonlyMap<string, Effect<T>> | undefined = () => effects,
  ): Promise<OperationOutcome<T, R>> {
    return this.settle(this.begin(effects), send, confirmed);
  }

  /**
   * Sends a begun operation and settles it by the answer: confirmed when the service answered (with
   * `confirmed`'s effects; undefined when the answer does not confirm it, which asks the service),
   * dropped when it refused, and the service asked when the outcome is unknown.
   */
  async settle<R>(
    op: PendingOperation<T>,
    send: () => Promise<R>,
    confirmed: (result: R) => ReadonlyMap<string, Effect<T>> | undefined = () => undefined,
  ): Promise<OperationOutcome<T, R>> {
    let result: R;
    try {
      result = await send();
    } catch (err) {
      const error = asError(err);
      if (!outcomeUnknown(error) || !this.source.fetch) {
        op.fail();
        return { kind: 'failed', error };
      }
      const now = await op.verify().catch(() => undefined);
      return { kind: 'unknown', error, now };
    }
    const effects = confirmed(result);
    if (effects) op.confirm(effects);
    else if (this.source.fetch) {
      const now = await op.verify().catch(() => undefined);
      return { kind: 'unknown', error: unconfirmedBy(result), now };
    } else op.confirm();
    return { kind: 'done', result };
  }

  /** Forget everything (signed out, another site); answers still on their way are ignored. */
  clear(): void {
    this.generation++;
    this.epoch++;
    this.base = new Map();
    this.ops = [];
    this.cursor = undefined;
    this._loadMoreError = undefined;
    this._loadedAt = undefined;
    this._fromCache = false;
    this.firstLost = 0;
    this.moreLost = 0;
    this._state = IDLE;
    this.firstPageSeq = 0;
    this.removedAt = new Map();
    this.held = undefined;
    this.extended = false;
    this.fire();
  }

  dispose(): void {
    this.changed.dispose();
    this.added.dispose();
  }

  private async takeFirstPage(answer: Promise<Page<T, C>>, gen: number, seq: number, scope: string): Promise<void> {
    let added: string[] = [];
    try {
      const page = await answer;
      if (gen !== this.generation) return;
      // New: not held, and where what was loaded would have shown it (not the top of a page further down).
      const within = this.withinLoaded(this.itemsSent(), this.cursor);
      if (this.held === scope)
        added = page.items.filter((i) => within(i) && !this.base.has(this.source.key(i))).map((i) => this.source.key(i));
      const { base, cursor } = this.firstPage(page, seq, scope);
      this.base = base;
      this.cursor = cursor;
      this.firstLost = page.unreadable ?? 0;
      // The pages loaded past it stay only when the first page merged into them (see firstPage).
      if (!this.extended) this.moreLost = 0;
      this.held = scope;
      this.firstPageSeq = seq;
      this._loadMoreError = undefined;
      this._loadedAt = Date.now();
      this._fromCache = false;
      this._state = { kind: 'loaded' };
    } catch (err) {
      if (gen !== this.generation) return;
      // What was shown stays, marked out of date by the error state.
      this._state = { kind: 'error', error: asError(err) };
    } finally {
      this.endFetch(seq);
    }
    this.prune();
    this.fire();
    this.tell(added);
  }

  /** Tells the items of these keys that show (see onDidAdd). */
  private tell(keys: readonly string[]): void {
    const shown: T[] = [];
    for (const key of keys) {
      const item = this.get(key);
      if (item !== undefined) shown.push(item);
    }
    if (shown.length > 0) this.added.fire(shown);
  }

  /**
   * A first page as the new base, with what fetches that started after it brought (an item they
   * changed, added or removed meanwhile is newer than the page's copy of it), merged into the pages
   * loaded past it: a page of the same request re-read (a poll, a reconnect, Refresh) replaces what
   * it covers (new items added, changed ones replaced, those it no longer holds removed), and the
   * items past its end stay, with the cursor that follows them, so what the user loaded stays loaded.
   * The list starts over at the first page when the page is of another request or scope, when it is
   * the whole list, or when it does not reach the items held (a gap may lie between them).
   */
  private firstPage(page: Page<T, C>, seq: number, scope: string): { base: Map<string, Entry<T>>; cursor: C | undefined } {
    const next = new Map(page.items.map((item) => [this.source.key(item), { item, seq }]));
    const within = this.withinLoaded(page.items, page.next);
    for (const [key, entry] of this.base) if (entry.seq > seq && within(entry.item)) next.set(key, entry);
    let cursor = page.next;
    // A page being loaded past the held ones counts as held: it follows the cursor kept here.
    const merging = this.held === scope && (this.extended || this.loadingMore) && page.next !== undefined;
    const past = merging ? this.pastPage(next, within) : undefined;
    this.extended = !!past;
    if (past) {
      for (const [key, entry] of this.base) if (!next.has(key) && past(entry.item, key)) next.set(key, entry);
      cursor = this.cursor;
    } else this.epoch++;
    for (const [key, at] of this.removedAt) {
      if (at > seq) next.delete(key);
      else this.removedAt.delete(key);
    }
    return { base: next, cursor };
  }

  /**
   * Which held items lie past the end of a re-read first page (`within` it: see withinLoaded): in
   * the shown order, those that sort past it; in the service's order (no compare), those after the
   * last held item the page holds again. Undefined when the page does not reach what is held.
   */
  private pastPage(page: ReadonlyMap<string, Entry<T>>, within: (item: T) => boolean): ((item: T, key: string) => boolean) | undefined {
    const keys = [...this.base.keys()];
    if (this.source.compare) return keys.some((k) => within(this.base.get(k)!.item)) ? (item) => !within(item) : undefined;
    let last = -1;
    keys.forEach((k, i) => page.has(k) && (last = i));
    const after = new Set(keys.slice(last + 1));
    return last < 0 ? undefined : (_item, key) => after.has(key);
  }

  /**
   * Only items still listed are replaced: a fresh copy never brings back what a newer fetch left
   * out. With `add`, an item not listed is added when it belongs (see FetchOptions).
   */
  private merge(items: readonly T[], gone: readonly string[], seq: number, add?: (item: T) => boolean): T[] {
    const added: T[] = [];
    let within: ((item: T) => boolean) | undefined;
    for (const item of items) {
      const key = this.source.key(item);
      const mine = this.base.get(key);
      if (mine) {
        if (mine.seq < seq) this.base.set(key, { item, seq });
        continue;
      }
      if (!add || this._state.kind === 'idle' || seq < this.firstPageSeq || (this.removedAt.get(key) ?? 0) > seq) continue;
      within ??= this.withinLoaded(this.itemsSent(), this.cursor);
      if (!within(item) || !add(item)) continue;
      this.base.set(key, { item, seq });
      added.push(item);
    }
    for (const key of gone) {
      const mine = this.base.get(key);
      if (mine && mine.seq > seq) continue;
      this.base.delete(key);
      this.removedAt.set(key, Math.max(seq, this.removedAt.get(key) ?? 0));
    }
    this.prune();
    this.fire();
    this.tell(added.map((item) => this.source.key(item)));
    return added;
  }

  /**
   * Whether an item sorts among `loaded` (in the shown order) rather than past its end, where pages
   * not loaded yet hold it: always when nothing more is to load, never for a list without an order.
   */
  private withinLoaded(loaded: Iterable<T>, next: C | undefined): (item: T) => boolean {
    if (next === undefined) return () => true;
    const compare = this.source.compare;
    if (!compare) return () => false;
    let last: T | undefined;
    for (const item of loaded) if (last === undefined || compare(item, last) > 0) last = item;
    return (item) => last !== undefined && compare(item, last) <= 0;
  }

  private *itemsSent(): Iterable<T> {
    for (const entry of this.base.values()) yield entry.item;
  }

  private startFetch(): number {
    const seq = ++this.clock;
    this.inflight.add(seq);
    return seq;
  }

  private endFetch(seq: number): void {
    this.inflight.delete(seq);
  }

  private drop(op: Operation<T>): void {
    const i = this.ops.indexOf(op);
    if (i < 0) return;
    this.ops.splice(i, 1);
    this.fire();
  }

  /** Forgets answered operations once every item they touch comes from a later fetch. */
  private prune(): void {
    let oldestInflight = Infinity;
    for (const s of this.inflight) oldestInflight = Math.min(oldestInflight, s);
    this.ops = this.ops.filter((op) => {
      const at = op.answeredAt;
      if (at === undefined || oldestInflight < at) return true;
      for (const key of op.effects.keys()) {
        const entry = this.base.get(key);
        if (entry && entry.seq < at) return true;
      }
      return false;
    });
  }

  private view(): { list: T[]; byKey: Map<string, T> } {
    if (this.shown) return this.shown;
    const list: T[] = [];
    const byKey = new Map<string, T>();
    for (const [key, entry] of this.base) {
      let item: T | undefined = entry.item;
      for (const op of this.ops) {
        const effect = op.effects.get(key);
        if (!effect || (op.answeredAt !== undefined && entry.seq > op.answeredAt)) continue;
        item = effect(item);
        if (item === undefined) break;
      }
      if (item === undefined || (this.source.shown && !this.source.shown(item))) continue;
      list.push(item);
      byKey.set(key, item);
    }
    if (this.source.compare) list.sort((a, b) => this.source.compare!(a, b));
    this.shown = { list, byKey };
    return this.shown;
  }

  private fire(): void {
    this.shown = undefined;
    this.changed.fire();
  }
}

/** An answer that does not say the operation was applied: the service is asked (see settle). */
function unconfirmedBy(result: unknown): ContentSiteError {
  return new ContentSiteError({
    kind: 'bad_response',
    userMessage: 'The service answered, but its answer does not show the change.',
    cause: result,
  });
}
