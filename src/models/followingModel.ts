/** Posts of the blogs the user follows, paged with `page`, newest or oldest first. */
import { mapPrepared, type ContentSiteClient, type FeedPost, type Prepared } from '../api';
import { PagedList, type Page } from './pagedList';

export type FeedOrder = 'DESC' | 'ASC';

export class FollowingModel extends PagedList<FeedPost, number> {
  private _order: FeedOrder = 'DESC';

  constructor(private readonly options: { client: () => ContentSiteClient; pageSize: () => number }) {
    super();
  }

  get order(): FeedOrder {
    return this._order;
  }

  toggleOrder(): Promise<void> {
    this._order = this._order === 'DESC' ? 'ASC' : 'DESC';
    return this.refresh();
  }

  protected fetchPage(page: number | undefined): Promise<Page<FeedPost, number>> {
    const client = this.options.client();
    return client.run(this.pageRequest(client, page ?? 1));
  }

  protected firstPageRequest(client: ContentSiteClient): Prepared<Page<FeedPost, number>> {
    return this.pageRequest(client, 1);
  }

  private pageRequest(client: ContentSiteClient, page: number): Prepared<Page<FeedPost, number>> {
    const number = this.options.pageSize();
    return mapPrepared(client.reader.followingRequest({ number, page, order: this._order }), (r) => ({ items: r.posts, next: r.posts.length >= number ? page + 1 : undefined }));
  }

  protected keyOf(post: FeedPost): string {
    return post.global_ID ?? `${String(post.site_ID)}/${String(post.ID)}`;
  }
}
