/**
 * The Reader: Freshly Pressed and the tags the user subscribes to, two list models loaded in one
 * batch. Tags are a bonus: when they fail, the featured posts still show, and the view's state is
 * the featured posts'.
 */
import type { ContentSiteClient } from '../api';
import { partsOf, refreshTogether, type BatchRefreshable, type RefreshPart } from './batchRefresh';
import { Disposable, disposeAll } from './disposable';
import { FeaturedModel, type FeaturedOptions } from './featuredModel';
import type { LoadState } from './loadState';
import { TagsModel } from './tagsModel';

export class ReaderModel extends Disposable implements BatchRefreshable {
  readonly featured: FeaturedModel;
  readonly tags: TagsModel;
  private readonly streams: readonly [FeaturedModel, TagsModel];

  constructor(private readonly options: FeaturedOptions) {
    super();
    this.featured = this.register(new FeaturedModel(options));
    this.tags = this.register(new TagsModel(options.client));
    this.streams = [this.featured, this.tags];
  }

  get state(): LoadState {
    return this.featured.state;
  }
  onDidChange(listener: () => void): { dispose(): void } {
    const subs = this.streams.map((s) => s.onDidChange(listener));
    return { dispose: () => disposeAll(subs) };
  }

  /** Both first pages; a stream refused before sending (a bad setting) shows why, the other still loads. */
  refreshParts(client: ContentSiteClient): RefreshPart[] {
    return partsOf(client, this.streams);
  }
  /** Both streams again, in one batch request. */
  refresh(): Promise<void> {
    return refreshTogether(this.options.client(), [this]);
  }
  refused(err: unknown): void {
    for (const s of this.streams) s.refused(err);
  }
  /** The next page of every stream that has one (each by its own cursor). */
  async loadMore(): Promise<void> {
    await Promise.all(this.streams.map((s) => s.loadMore()));
  }
  clear(): void {
    for (const s of this.streams) s.clear();
  }
}
