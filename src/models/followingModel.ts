/** Posts of the blogs the user follows, paged with `page`, newest or oldest first. */
import { mapPrepared, type ContentSiteClient, type FeedPost } from '../api';
import { ListModel } from './listModel';

export type FeedOrder = 'DESC' | 'ASC';

export class FollowingModel extends ListModel<FeedPost, number> {
  /** It shows only the followed sites' posts: an unfollowed site's posts leave it (readerSiteActions.ts asks this, not the class). */
  readonly followedOnly = true;
  private _order: FeedOrder = 'DESC';

  constructor(private readonly options: { client: () => ContentSiteClient; pageSize: () => number }) {
    super(options.client);
  }

  get order(): FeedOrder {
    return this._order;
  }

  toggleOrder(): Promise<void> {
    this._order = this._order === 'DESC' ? 'ASC' : 'DESC';
    return this.refresh();
  }

  /** Public: the Reader's actions find a post in every list by its key there. */
  keyOf(post: FeedPost): string {
    return post.global_ID ?? `${String(post.site_ID)}/${String(post.ID)}`;
  }

  protected pageRequest(client: ContentSiteClient, page = 1) {
    const number = this.options.pageSize();
    return mapPrepared(client.reader.followingRequest({ number, page, order: this._order }), (r) => ({
      items: r.posts,
      // A post left out unread still filled the page: the page after it may hold more.
      next: r.posts.length + r.unreadable >= number ? page + 1 : undefined,
    }));
  }
}
