/**
 * A list loaded page by page with one loading/error state, de-duplicated by key. The following and
 * trash models share it; each supplies how to fetch a page.
 */
import type { ContentSiteClient, ContentSiteError, Prepared } from '../api';
import type { BatchRefreshable, RefreshPart } from './batchRefresh';
import { Emitter } from './emitter';
import { IDLE, type LoadState } from './loadState';
import { asError } from './notificationsModel';

export interface Page<T, C> {
  items: T[];
  /** Cursor for the next page, or undefined when this was the last. */
  next: C | undefined;
}

export abstract class PagedList<T, C> implements BatchRefreshable {
  private itemsByKey = new Map<string, T>();
  private _state: LoadState = IDLE;
  private cursor: C | undefined;
  private _loadMoreError: ContentSiteError | undefined;
  private generation = 0;
  private readonly changed = new Emitter<void>();
  readonly onDidChange = this.changed.event;

  protected abstract fetchPage(cursor: C | undefined): Promise<Page<T, C>>;
  /** The first page as a prepared request (for a batch refresh); undefined when there is nothing to load. */
  protected abstract firstPageRequest(client: ContentSiteClient): Prepared<Page<T, C>> | undefined;
  protected abstract keyOf(item: T): string;

  get state(): LoadState {
    return this._state;
  }
  get items(): T[] {
    return [...this.itemsByKey.values()];
  }
  get hasMore(): boolean {
    return this.cursor !== undefined;
  }
  get loadMoreError(): ContentSiteError | undefined {
    return this._loadMoreError;
  }

  refreshParts(client: ContentSiteClient): RefreshPart[] {
    const request = this.firstPageRequest(client);
    return request ? [{ request, deliver: (first) => this.refresh(first as Promise<Page<T, C>>) }] : [];
  }

  /** Loads the first page again, or takes it from a batch (`first`). */
  async refresh(first?: Promise<Page<T, C>>): Promise<void> {
    const gen = ++this.generation;
    this._state = { kind: 'loading' };
    this.changed.fire();
    try {
      const page = await (first ?? this.fetchPage(undefined));
      if (gen !== this.generation) return;
      this.itemsByKey = new Map(page.items.map((i) => [this.keyOf(i), i]));
      this.cursor = page.next;
      this._loadMoreError = undefined;
      this._state = { kind: 'loaded' };
    } catch (err) {
      if (gen !== this.generation) return;
      this.itemsByKey.clear();
      this.cursor = undefined;
      this._state = { kind: 'error', error: asError(err) };
    }
    this.changed.fire();
  }

  async loadMore(): Promise<void> {
    if (this.cursor === undefined || this._state.kind !== 'loaded') return;
    const gen = this.generation;
    try {
      const page = await this.fetchPage(this.cursor);
      if (gen !== this.generation) return;
      let added = 0;
      for (const item of page.items) {
        const key = this.keyOf(item);
        if (!this.itemsByKey.has(key)) {
          this.itemsByKey.set(key, item);
          added++;
        }
      }
      this.cursor = added > 0 ? page.next : undefined;
      this._loadMoreError = undefined;
    } catch (err) {
      if (gen !== this.generation) return;
      this._loadMoreError = asError(err);
    }
    this.changed.fire();
  }

  protected remove(keys: readonly string[]): void {
    for (const k of keys) this.itemsByKey.delete(k);
    this.changed.fire();
  }

  /** Forget everything (signed out, site changed). */
  clear(): void {
    this.generation++;
    this.itemsByKey.clear();
    this.cursor = undefined;
    this._state = IDLE;
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }
}
