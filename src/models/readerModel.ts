/**
 * The Reader: featured posts (freshly pressed, paged with `before` = the oldest pick shown,
 * inclusive, de-duplicated) and the tags the user subscribes to. Both load in one batch.
 */
import { mapPrepared, type ContentSiteClient, type ContentSiteError, type FeaturedPost, type SubscribedTags } from '../api';
import type { BatchRefreshable, RefreshPart } from './batchRefresh';
import { Emitter } from './emitter';
import { IDLE, type LoadState } from './loadState';
import { asError } from './notificationsModel';

export type Tag = SubscribedTags['tags'][number];

/** editorial.picked_on is "YYYY-MM-DD HH:MM:SS" (UTC); the API's `before` wants ISO 8601. */
export function pickedOnIso(post: FeaturedPost): string | undefined {
  const raw = post.editorial?.picked_on;
  if (!raw) return undefined;
  const t = Date.parse(/^\d{4}-\d{2}-\d{2} \d/.test(raw) ? `${raw.replace(' ', 'T')}Z` : raw);
  return Number.isNaN(t) ? undefined : new Date(t).toISOString();
}

export class ReaderModel implements BatchRefreshable {
  private _featured: FeaturedPost[] = [];
  private _tags: Tag[] = [];
  private _state: LoadState = IDLE;
  private _hasMore = false;
  private _loadMoreError: ContentSiteError | undefined;
  private generation = 0;
  private readonly changed = new Emitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly options: { client: () => ContentSiteClient; pageSize: () => number; thumb?: { width: number; height: number } }) {}

  get featured(): FeaturedPost[] {
    return this._featured;
  }
  get tags(): Tag[] {
    return this._tags;
  }
  get state(): LoadState {
    return this._state;
  }
  get hasMore(): boolean {
    return this._hasMore;
  }
  get loadMoreError(): ContentSiteError | undefined {
    return this._loadMoreError;
  }

  refreshParts(client: ContentSiteClient): RefreshPart[] {
    const number = this.options.pageSize();
    const gen = ++this.generation;
    this._state = { kind: 'loading' };
    this.changed.fire();
    let featured: FeaturedPost[] | undefined;
    let tags: Tag[] | undefined;
    let failure: unknown;
    let pending = 2;
    const settle = () => {
      if (--pending > 0 || gen !== this.generation) return;
      if (failure !== undefined && featured === undefined) {
        this._featured = [];
        this._state = { kind: 'error', error: asError(failure) };
      } else {
        this._featured = featured ?? [];
        this._hasMore = (featured?.length ?? 0) >= number;
        this._state = { kind: 'loaded' };
      }
      this._tags = tags ?? [];
      this._loadMoreError = undefined;
      this.changed.fire();
    };
    return [
      {
        request: mapPrepared(client.reader.freshlyPressedRequest({ number, thumb_width: this.options.thumb?.width, thumb_height: this.options.thumb?.height }), (r) => r.posts),
        deliver: (p) => (p as Promise<FeaturedPost[]>).then((v) => (featured = v), (e: unknown) => (failure = e)).then(settle),
      },
      {
        request: mapPrepared(client.reader.tagsRequest(), (r) => r.tags),
        // Tags are a bonus: when they fail, the featured posts still show.
        deliver: (p) => (p as Promise<Tag[]>).then((v) => (tags = v), () => undefined).then(settle),
      },
    ];
  }

  async refresh(): Promise<void> {
    const client = this.options.client();
    const parts = this.refreshParts(client);
    const outcomes = await client.together(parts.map((p) => p.request)).catch((e: unknown) => parts.map(() => ({ ok: false as const, error: asError(e) })));
    await Promise.all(parts.map((part, i) => part.deliver(outcomes[i].ok ? Promise.resolve(outcomes[i].value) : Promise.reject(outcomes[i].error))));
  }

  async loadMore(): Promise<void> {
    const oldest = this._featured.at(-1);
    const before = oldest && pickedOnIso(oldest);
    if (!before || this._state.kind !== 'loaded') return;
    const gen = this.generation;
    try {
      const page = await this.options.client().reader.freshlyPressed({ number: this.options.pageSize(), before, thumb_width: this.options.thumb?.width, thumb_height: this.options.thumb?.height });
      if (gen !== this.generation) return;
      const known = new Set(this._featured.map((p) => `${String(p.site_ID)}/${String(p.ID)}`));
      const fresh = page.posts.filter((p) => !known.has(`${String(p.site_ID)}/${String(p.ID)}`));
      this._featured = [...this._featured, ...fresh];
      this._hasMore = fresh.length > 0 && page.posts.length >= this.options.pageSize();
      this._loadMoreError = undefined;
    } catch (err) {
      if (gen !== this.generation) return;
      this._loadMoreError = asError(err);
    }
    this.changed.fire();
  }

  clear(): void {
    this.generation++;
    this._featured = [];
    this._tags = [];
    this._hasMore = false;
    this._state = IDLE;
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }
}
