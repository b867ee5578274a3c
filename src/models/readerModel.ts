/**
 * The Reader: featured posts (Freshly Pressed, paged with `before` = the oldest pick shown,
 * inclusive, de-duplicated) and the tags the user subscribes to: two streams on the list core,
 * loaded in one batch. Tags are a bonus: when they fail, the featured posts still show.
 */
import { mapPrepared, type ContentSiteClient, type FeaturedPost, type SubscribedTags } from '../api';
import type { BatchRefreshable, RefreshPart } from './batchRefresh';
import { ListCore } from './listCore';

export type Tag = SubscribedTags['tags'][number];

/** editorial.picked_on is "YYYY-MM-DD HH:MM:SS" (UTC); the API's `before` wants ISO 8601. */
export function pickedOnIso(post: FeaturedPost): string | undefined {
  const raw = post.editorial?.picked_on;
  if (!raw) return undefined;
  const t = Date.parse(/^\d{4}-\d{2}-\d{2} \d/.test(raw) ? `${raw.replace(' ', 'T')}Z` : raw);
  return Number.isNaN(t) ? undefined : new Date(t).toISOString();
}

export class ReaderModel implements BatchRefreshable {
  readonly featured: ListCore<FeaturedPost, string>;
  readonly tags: ListCore<Tag, never>;

  constructor(options: { client: () => ContentSiteClient; pageSize: () => number; thumb?: { width: number; height: number } }) {
    this.featured = new ListCore<FeaturedPost, string>(
      {
        key: (p) => `${String(p.site_ID)}/${String(p.ID)}`,
        page: (client, before) => {
          const number = options.pageSize();
          const request = client.reader.freshlyPressedRequest({
            number,
            before,
            thumb_width: options.thumb?.width,
            thumb_height: options.thumb?.height,
          });
          return mapPrepared(request, (r) => ({
            items: r.posts,
            next: r.posts.length >= number ? pickedOnIso(r.posts[r.posts.length - 1]) : undefined,
          }));
        },
      },
      options.client,
    );
    this.tags = new ListCore<Tag, never>(
      {
        key: (t) => String(t.ID ?? t.slug ?? t.display_name),
        page: (client) => mapPrepared(client.reader.tagsRequest(), (r) => ({ items: r.tags, next: undefined })),
      },
      options.client,
    );
  }

  /** The featured posts' state drives the view's. */
  get state() {
    return this.featured.state;
  }
  get loadMoreError() {
    return this.featured.loadMoreError;
  }
  onDidChange(listener: () => void): { dispose(): void } {
    const a = this.featured.onDidChange(listener);
    const b = this.tags.onDidChange(listener);
    return { dispose: () => (a.dispose(), b.dispose()) };
  }

  refreshParts(client: ContentSiteClient): RefreshPart[] {
    return [...this.featured.refreshParts(client), ...this.tags.refreshParts(client)];
  }
  async refresh(): Promise<void> {
    await Promise.all([this.featured.refresh(), this.tags.refresh()]);
  }
  refused(err: unknown): void {
    this.featured.refused(err);
  }
  loadMore(): Promise<void> {
    return this.featured.loadMore();
  }
  clear(): void {
    this.featured.clear();
    this.tags.clear();
  }
  dispose(): void {
    this.featured.dispose();
    this.tags.dispose();
  }
}
