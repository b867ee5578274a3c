/**
 * Freshly Pressed: the featured posts, newest pick first, paged with `before` = the oldest pick
 * shown (inclusive: the list core drops the repeated post).
 */
import { mapPrepared, type ContentSiteClient, type FeaturedPost } from '../api';
import { ListModel } from './listModel';
import { pickedOnIso } from './pickedOn';

export { pickedOnIso };

export interface FeaturedOptions {
  client: () => ContentSiteClient;
  pageSize: () => number;
  /** The size the service crops each post's image to. */
  thumb?: { width: number; height: number };
}

export class FeaturedModel extends ListModel<FeaturedPost, string> {
  constructor(private readonly options: FeaturedOptions) {
    super(options.client);
  }

  /** Public: the Reader's actions find a post in every list by its key there. */
  keyOf(post: FeaturedPost): string {
    return `${String(post.site_ID)}/${String(post.ID)}`;
  }

  protected pageRequest(client: ContentSiteClient, before: string | undefined) {
    const number = this.options.pageSize();
    const { thumb } = this.options;
    const request = client.reader.freshlyPressedRequest({ number, before, thumb_width: thumb?.width, thumb_height: thumb?.height });
    return mapPrepared(request, (r) => ({
      items: r.posts,
      // A post left out unread still filled the page; a page of none read has no date to go on from.
      next: r.posts.length > 0 && r.posts.length + r.unreadable >= number ? pickedOnIso(r.posts[r.posts.length - 1]) : undefined,
    }));
  }
}
