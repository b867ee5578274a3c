/**
 * Posts of the blogs the user follows, paged with `page`, newest or oldest first, and how many of the
 * followed sites' posts are unseen (followingUnseen.ts: its first page rides in the refresh batch).
 */
import { mapPrepared, type ContentSiteClient, type FeedPost } from '../api';
import type { RefreshPart } from './batchRefresh';
import { FollowingUnseen } from './followingUnseen';
import { ListModel } from './listModel';
import type { SiteChanges } from './siteChanges';
import type { Timers } from './timers';

export type FeedOrder = 'DESC' | 'ASC';

export class FollowingModel extends ListModel<FeedPost, number> {
  /** It shows only the followed sites' posts: an unfollowed site's posts leave it (readerSiteActions.ts asks this, not the class). */
  readonly followedOnly = true;
  private _order: FeedOrder = 'DESC';
  /** The unseen posts of every followed site, as the service counts them (not the posts loaded here). */
  readonly unseen: FollowingUnseen;

  constructor(
    private readonly options: { client: () => ContentSiteClient; pageSize: () => number; changes?: SiteChanges; timers?: Timers },
  ) {
    super(options.client);
    this.unseen = new FollowingUnseen(options.client, options.changes, options.timers);
  }

  override refreshParts(client: ContentSiteClient): RefreshPart[] {
    const parts = super.refreshParts(client);
    return parts.length ? [...parts, this.unseen.refreshPart()] : parts;
  }

  override clear(): void {
    this.unseen.clear();
    super.clear();
  }

  override dispose(): void {
    this.unseen.dispose();
    super.dispose();
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
