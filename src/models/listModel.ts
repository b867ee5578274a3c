/**
 * The base of every list model: a list core fed by the subclass's requests, and what a view reads
 * of it. A subclass says how to ask for a page and how to key an item; it adds its own operations.
 */
import type { ContentSiteClient, ContentSiteError, Prepared } from '../api';
import { refreshTogether, type BatchRefreshable, type RefreshPart } from './batchRefresh';
import { ListCore, type Page } from './listCore';
import type { LoadState } from './loadState';

export abstract class ListModel<T, C> implements BatchRefreshable {
  readonly list: ListCore<T, C>;
  readonly onDidChange: ListCore<T, C>['onDidChange'];

  constructor(protected readonly client: () => ContentSiteClient) {
    this.list = new ListCore<T, C>(
      {
        key: (item) => this.keyOf(item),
        page: (c, cursor) => this.pageRequest(c, cursor),
        compare: this.compare ? (a, b) => this.compare!(a, b) : undefined,
        shown: this.isShown ? (item) => this.isShown!(item) : undefined,
        fetch: this.fetchItems ? (c, keys) => this.fetchItems!(c, keys) : undefined,
        scope: this.scope ? () => this.scope!() : undefined,
      },
      client,
    );
    this.onDidChange = this.list.onDidChange;
  }

  protected abstract keyOf(item: T): string;
  /** The request for one page (the first when `cursor` is undefined); undefined when there is nothing to load. */
  protected abstract pageRequest(client: ContentSiteClient, cursor: C | undefined): Prepared<Page<T, C>> | undefined;
  protected compare?(a: T, b: T): number;
  /** Whether an item the service sent is shown (all are, without it). */
  protected isShown?(item: T): boolean;
  protected fetchItems?(client: ContentSiteClient, keys: readonly string[]): Promise<T[]>;
  /** What the pages are of, when the request does not say it all (see ListSource.scope). */
  protected scope?(): string;

  get state(): LoadState {
    return this.list.state;
  }
  get items(): readonly T[] {
    return this.list.items;
  }
  get hasMore(): boolean {
    return this.list.hasMore;
  }
  get loadMoreError(): ContentSiteError | undefined {
    return this.list.loadMoreError;
  }
  /** When the shown items were last loaded (ms since the epoch), if ever. */
  get loadedAt(): number | undefined {
    return this.list.loadedAt;
  }
  /** How many items the service sent that could not be read (left out of `items`; the log names each). */
  get unreadable(): number {
    return this.list.unreadable;
  }
  /** Whether what is shown came from the last session's cache and no answer has replaced it yet. */
  get fromCache(): boolean {
    return this.list.fromCache;
  }

  refreshParts(client: ContentSiteClient): RefreshPart[] {
    return this.list.refreshParts(client);
  }
  /** Loads the first page (and whatever else refreshParts asks for, in the same batch) again. */
  refresh(): Promise<void> {
    return refreshTogether(this.client(), [this]);
  }
  refused(err: unknown): void {
    this.list.refused(err);
  }
  loadMore(): Promise<void> {
    return this.list.loadMore();
  }
  clear(): void {
    this.list.clear();
  }
  dispose(): void {
    this.list.dispose();
  }
}
