/**
 * The Reader: Freshly Pressed and the tags the user subscribes to, two list models loaded in one
 * batch. Tags are a bonus: when they fail, the featured posts still show, and the view's state is
 * the featured posts'. A tag opened in the view holds its latest posts, a list model of its own
 * (made when first opened, dropped when the tag is unfollowed), read again with the others.
 */
import type { ContentSiteClient } from '../api';
import { partsOf, refreshTogether, type BatchRefreshable, type RefreshPart } from './batchRefresh';
import { Disposable, disposeAll, type Disposal } from './disposable';
import { Emitter } from './emitter';
import { FeaturedModel, type FeaturedOptions } from './featuredModel';
import type { LoadState } from './loadState';
import { TagPostsModel } from './tagPostsModel';
import { TagsModel, type Tag } from './tagsModel';

export class ReaderModel extends Disposable implements BatchRefreshable {
  readonly featured: FeaturedModel;
  readonly tags: TagsModel;
  /** Each opened tag's posts, by the tag's key in `tags`, with what shares them (ReaderPosts). */
  private readonly byTag = new Map<string, { list: TagPostsModel; shared?: Disposal; sub: Disposal }>();
  private readonly tagsChanged = this.register(new Emitter<void>());
  private share: ((list: TagPostsModel) => Disposal) | undefined;

  constructor(private readonly options: FeaturedOptions) {
    super();
    this.featured = this.register(new FeaturedModel(options));
    this.tags = this.register(new TagsModel(options.client));
    this.register(this.tags.onDidChange(() => this.dropUnfollowed()));
    this.register({ dispose: () => this.dropTags([...this.byTag.keys()]) });
  }

  private get streams(): BatchRefreshable[] {
    return [this.featured, this.tags, ...[...this.byTag.values()].map((t) => t.list)];
  }

  get state(): LoadState {
    return this.featured.state;
  }
  onDidChange(listener: () => void): { dispose(): void } {
    const subs = [this.featured.onDidChange(listener), this.tags.onDidChange(listener), this.tagsChanged.event(listener)];
    return { dispose: () => disposeAll(subs) };
  }

  /** The posts of the tag of `key` (its key in `tags`), when its row was opened. */
  tagPosts(key: string): TagPostsModel | undefined {
    return this.byTag.get(key)?.list;
  }

  /** The tag's posts, made and loaded the first time its row opens (undefined for a tag no longer followed). */
  openTag(tag: Tag): TagPostsModel | undefined {
    const key = this.tags.keyOf(tag);
    const held = this.byTag.get(key);
    if (held) return held.list;
    if (!this.tags.items.some((t) => this.tags.keyOf(t) === key)) return undefined;
    const list = new TagPostsModel(tag, { client: this.options.client, pageSize: this.options.pageSize });
    this.byTag.set(key, { list, shared: this.share?.(list), sub: list.onDidChange(() => this.tagsChanged.fire()) });
    void list.refresh();
    return list;
  }

  /** Each tag's list, made now or later, is given to `share` (the Reader posts' actions act in it); undone when dropped. */
  shareTagPosts(share: (list: TagPostsModel) => Disposal): void {
    this.share = share;
    for (const held of this.byTag.values()) held.shared ??= share(held.list);
  }

  /** A tag no longer followed (unfollowed here, or gone from the service's list) takes its posts along. */
  private dropUnfollowed(): void {
    const followed = new Set(this.tags.items.map((t) => this.tags.keyOf(t)));
    const gone = [...this.byTag.keys()].filter((k) => !followed.has(k));
    if (gone.length > 0) this.dropTags(gone);
  }

  private dropTags(keys: readonly string[]): void {
    const parts: Disposal[] = [];
    for (const key of keys) {
      const held = this.byTag.get(key);
      if (!held) continue;
      this.byTag.delete(key);
      parts.push(held.sub, ...(held.shared ? [held.shared] : []), held.list);
    }
    disposeAll(parts);
    this.tagsChanged.fire();
  }

  /** Every first page (the opened tags' too); a stream refused before sending (a bad setting) shows why, the others still load. */
  refreshParts(client: ContentSiteClient): RefreshPart[] {
    return partsOf(client, this.streams);
  }
  /** Every stream again, in one batch request. */
  refresh(): Promise<void> {
    return refreshTogether(this.options.client(), [this]);
  }
  refused(err: unknown): void {
    for (const s of this.streams) s.refused(err);
  }
  /** The next page of Freshly Pressed and the tags (each by its own cursor); a tag's posts load more from their own row. */
  async loadMore(): Promise<void> {
    await Promise.all([this.featured.loadMore(), this.tags.loadMore()]);
  }
  /** Signed out: nothing shown (no tags, so no tag's posts kept). */
  clear(): void {
    this.featured.clear();
    this.tags.clear();
  }
}
