/**
 * The chosen site's pages for the Posts view's Pages group: a list of their own (`type=page`), newest
 * first, paged by `page_handle`, loaded with the posts' first page. In the one list of posts and pages
 * a page came only after every newer post, so the group said how many the site has and showed none
 * until Load more reached them. Which of a changed post's statuses matter is the posts model's
 * (`PostsModel.follow` looks in both lists). No vscode here.
 */
import type { ContentSiteClient, PostListStatus, PostV11 } from '../api';
import { SitePostsModel, type SitePostsOptions } from './sitePostsModel';

export class PagesList extends SitePostsModel {
  constructor(
    options: SitePostsOptions,
    /** The statuses shown (every one but the trash) and the fields a row reads: the posts model's. */
    private readonly shown: { statuses: readonly PostListStatus[]; fields: string },
  ) {
    super(options);
  }

  protected override isShown(page: PostV11): boolean {
    return page.type === 'page' && this.shown.statuses.includes(page.status as PostListStatus);
  }

  protected postsRequest(client: ContentSiteClient, site: string, number: number, handle: string | undefined) {
    const { statuses, fields } = this.shown;
    return client.posts.listRequest(site, { status: [...statuses], type: 'page', number, page_handle: handle, fields });
  }

  protected override async fetchItems(client: ContentSiteClient, keys: readonly string[]): Promise<PostV11[]> {
    const site = this.site;
    if (!site) return [];
    const got = await Promise.all(keys.map((k) => client.posts.get(site, Number(k), { fields: this.shown.fields }).catch(() => undefined)));
    return got.filter((p): p is PostV11 => p !== undefined);
  }

  /** The posts model tells (it holds both lists). */
  protected outdatedBy(): boolean {
    return false;
  }
}
