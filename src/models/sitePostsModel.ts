/**
 * The base of the lists of the chosen site's posts (the Posts view's and the Trash's): the list
 * core keyed by post ID, paged with the service's `page_handle`, nothing to load while no site is chosen,
 * and told of a post's change made elsewhere (`follow`). A subclass says which posts it lists
 * (`postsRequest`) and which of a changed post's statuses leave it out of date (`outdatedBy`).
 * No vscode here.
 */
import { mapPrepared, type ContentSiteClient, type PostsPage, type PostV11, type Prepared } from '../api';
import type { ChosenSite } from './chosenSite';
import type { Page } from './listCore';
import { ListModel } from './listModel';
import type { SiteChanges } from './siteChanges';

export interface SitePostsOptions {
  client: () => ContentSiteClient;
  pageSize: () => number;
  site: ChosenSite;
  changes: SiteChanges;
}

/** A post's change made elsewhere (SiteChanges). */
export interface PostChange {
  site: string;
  post: Pick<PostV11, 'ID' | 'status'>;
}

/** The list core's key of a post. */
export const postKey = (id: number) => String(id);

export abstract class SitePostsModel extends ListModel<PostV11, string> {
  constructor(protected readonly options: SitePostsOptions) {
    super(options.client);
  }

  get site(): string | undefined {
    return this.options.site.site;
  }

  /** O(1). */
  post(id: number): PostV11 | undefined {
    return this.list.get(postKey(id));
  }

  /** Whether a post's change made elsewhere leaves this list out of date. */
  follow(change: PostChange): boolean {
    return change.site === this.site && this.outdatedBy(change.post);
  }

  /** Whether this post, changed on this list's site, leaves the list out of date. */
  protected abstract outdatedBy(post: PostChange['post']): boolean;

  /** The request for one page of the site's posts (the first when `handle` is undefined), `number` long. */
  protected abstract postsRequest(client: ContentSiteClient, site: string, number: number, handle: string | undefined): Prepared<PostsPage>;

  protected keyOf(post: PostV11): string {
    return postKey(post.ID);
  }

  protected pageRequest(client: ContentSiteClient, handle: string | undefined): Prepared<Page<PostV11, string>> | undefined {
    const site = this.site;
    if (!site) return undefined;
    return mapPrepared(this.postsRequest(client, site, this.options.pageSize(), handle), (p) => ({ items: p.posts, next: p.nextPage }));
  }
}
