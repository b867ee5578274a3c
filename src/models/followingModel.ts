/** Posts of the blogs the user follows, paged with `page`, newest or oldest first. */
import type { ContentSiteClient, FeedPost } from '../api';
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

  protected async fetchPage(page: number | undefined): Promise<Page<FeedPost, number>> {
    const number = this.options.pageSize();
    const current = page ?? 1;
    const result = await this.options.client().reader.following({ number, page: current, order: this._order });
    return { items: result.posts, next: result.posts.length >= number ? current + 1 : undefined };
  }

  protected keyOf(post: FeedPost): string {
    return post.global_ID ?? `${String(post.site_ID)}/${String(post.ID)}`;
  }
}
