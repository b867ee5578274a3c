/**
 * The chosen site's posts or its pages (one type), every status the Posts view shows, newest first,
 * paged by `page_handle`. The view's model is the posts' list and holds the pages' (PostsModel): in
 * one list of both, a page came only after every newer post, so the Pages group said how many the
 * site has and showed none until Load more reached them. No vscode here.
 */
import type { ContentSiteClient, PostV11 } from '../api';
import { SitePostsModel, type SitePostsOptions } from './sitePostsModel';

/** The statuses the view shows, in the order of its groups. */
export const POST_GROUPS = ['draft', 'future', 'pending', 'publish', 'private'] as const;
export type PostGroup = (typeof POST_GROUPS)[number];

/** What the rows, their menus and Open as Markdown's file name read of a post. */
export const POST_FIELDS = 'ID,title,status,date,modified,author,URL,slug,type';

export class PostsList extends SitePostsModel {
  constructor(
    options: SitePostsOptions,
    readonly type: 'post' | 'page',
  ) {
    super(options);
  }

  protected override isShown(post: PostV11): boolean {
    // Of this type only: a first page kept from before pages were listed apart may hold some.
    return (post.type ?? 'post') === this.type && (POST_GROUPS as readonly string[]).includes(post.status ?? '');
  }

  protected postsRequest(client: ContentSiteClient, site: string, number: number, handle: string | undefined) {
    return client.posts.listRequest(site, { status: [...POST_GROUPS], type: this.type, number, page_handle: handle, fields: POST_FIELDS });
  }

  protected override async fetchItems(client: ContentSiteClient, keys: readonly string[]): Promise<PostV11[]> {
    const site = this.site;
    if (!site) return [];
    const got = await Promise.all(keys.map((k) => client.posts.get(site, Number(k), { fields: POST_FIELDS }).catch(() => undefined)));
    return got.filter((p): p is PostV11 => p !== undefined);
  }

  /** A post it should show or no longer show, or in another group (`post` looks where the view does). */
  protected outdatedBy(post: Pick<PostV11, 'ID' | 'status'>): boolean {
    const shown = this.post(post.ID);
    const belongs = (POST_GROUPS as readonly string[]).includes(post.status ?? '');
    return shown ? shown.status !== post.status : belongs;
  }
}
