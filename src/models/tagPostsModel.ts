/**
 * A subscribed tag's latest posts (read/tags/$tag/posts), newest first, paged with `page` as the
 * service pages them. Made when the tag's row is first opened, dropped when the tag is unfollowed;
 * its posts are Reader posts like Freshly Pressed's, so the Reader's actions act in it too.
 */
import { mapPrepared, type ContentSiteClient, type FeedPost } from '../api';
import { ListModel } from './listModel';
import { tagSlugOf, type Tag } from './tagsModel';

export interface TagPostsOptions {
  client: () => ContentSiteClient;
  pageSize: () => number;
}

export class TagPostsModel extends ListModel<FeedPost, number> {
  /** The slug the path names the tag by. */
  readonly slug: string;

  constructor(
    readonly tag: Tag,
    private readonly options: TagPostsOptions,
  ) {
    super(options.client);
    // A tag the service names only by its name is asked for by the slug of that name (an empty one is refused, said on the row).
    this.slug = tag.slug ?? tagSlugOf(tag.display_name ?? tag.title ?? '');
  }

  /** Public: the Reader's actions find a post in every list by its key there. */
  keyOf(post: FeedPost): string {
    return `${String(post.site_ID)}/${String(post.ID)}`;
  }

  protected pageRequest(client: ContentSiteClient, page = 1) {
    const number = this.options.pageSize();
    return mapPrepared(client.reader.tagPostsRequest(this.slug, { number, page }), (r) => ({
      items: r.posts,
      next: r.posts.length >= number ? page + 1 : undefined,
    }));
  }
}
