/**
 * The chosen site's posts, every status but the trash, newest first and paged by the service's
 * `page_handle`; the Posts view groups them by status. Publishing a draft and moving a post to the
 * trash are operations on the list core: shown at once, kept over any refresh, undone by a refusal,
 * and settled by asking the service when the answer was lost. What the row shows after a publish is
 * the status the service answered (a contributor's publish is pending), never the one asked for.
 */
import type { ContentSiteClient, ContentSiteError, PostV11 } from '../api';
import type { Effect, OperationOutcome } from './listCore';
import { postKey as key, SitePostsModel } from './sitePostsModel';

/** The statuses the view shows, in the order of its groups. */
export const POST_GROUPS = ['draft', 'future', 'pending', 'publish', 'private'] as const;
export type PostGroup = (typeof POST_GROUPS)[number];

/** What the rows, their menus and Open as Markdown's file name read of a post. */
export const POST_FIELDS = 'ID,title,status,date,modified,author,URL,slug';

export { postLink } from './postLink';

export type PostOutcome =
  | { kind: 'done'; post: PostV11 }
  | { kind: 'failed'; error: ContentSiteError }
  /** The answer was lost: `now` is the post as the service has it, when asked (undefined: gone from the list). */
  | { kind: 'unknown'; error: ContentSiteError; now?: PostV11 };

export class PostsModel extends SitePostsModel {
  /** The loaded posts of one status, in the list's order. */
  group(status: PostGroup): PostV11[] {
    return this.items.filter((p) => p.status === status);
  }

  protected override isShown(post: PostV11): boolean {
    return (POST_GROUPS as readonly string[]).includes(post.status ?? '');
  }

  protected postsRequest(client: ContentSiteClient, site: string, number: number, handle: string | undefined) {
    return client.posts.listRequest(site, { status: [...POST_GROUPS], number, page_handle: handle, fields: POST_FIELDS });
  }

  protected override async fetchItems(client: ContentSiteClient, keys: readonly string[]): Promise<PostV11[]> {
    const site = this.site;
    if (!site) return [];
    const got = await Promise.all(keys.map((k) => client.posts.get(site, Number(k), { fields: POST_FIELDS }).catch(() => undefined)));
    return got.filter((p): p is PostV11 => p !== undefined);
  }

  /** Publishes a draft (or a pending post): the row moves to what the service answered. */
  async publish(id: number): Promise<PostOutcome> {
    const site = this.site;
    if (!site) throw new Error('No site is chosen.');
    const asked: Effect<PostV11> = (p) => ({ ...p, status: 'publish' });
    const outcome = await this.list.perform(
      new Map([[key(id), asked]]),
      () => this.client().posts.update(site, id, { status: 'publish' }, {}),
      (answer) => new Map([[key(id), (p: PostV11) => ({ ...p, status: answer.status, date: answer.date, modified: answer.modified })]]),
    );
    return this.outcome(id, outcome);
  }

  /** To the site's trash: the row leaves at once; a refusal brings it back. */
  async trash(id: number): Promise<PostOutcome> {
    const site = this.site;
    if (!site) throw new Error('No site is chosen.');
    const gone: Effect<PostV11> = () => undefined;
    const outcome = await this.list.perform(new Map([[key(id), gone]]), () => this.client().posts.trash(site, id));
    return this.outcome(id, outcome);
  }

  /** A post it should show or no longer show, or in another group. */
  protected outdatedBy(post: Pick<PostV11, 'ID' | 'status'>): boolean {
    const shown = this.post(post.ID);
    const belongs = (POST_GROUPS as readonly string[]).includes(post.status ?? '');
    return shown ? shown.status !== post.status : belongs;
  }

  private outcome(id: number, o: OperationOutcome<PostV11, PostV11>): PostOutcome {
    if (o.kind === 'done') this.options.changes.post(this.site ?? '', o.result);
    if (o.kind === 'done') return { kind: 'done', post: o.result };
    if (o.kind === 'failed') return { kind: 'failed', error: o.error };
    return { kind: 'unknown', error: o.error, now: o.now?.get(key(id)) };
  }
}
