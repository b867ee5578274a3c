/**
 * The chosen site's posts and pages, every status but the trash, newest first and paged by the
 * service's `page_handle`; the Posts view groups the posts by status, and shows the pages apart, from
 * a list of their own (`pagesList`, loaded in the same batch: however old, they show at once). How many
 * the site has in each group is the service's count (post-counts), read with the first page and
 * again after each publish or trash, not the loaded page's. Publishing a draft and moving a post to the
 * trash are operations on the list core: shown at once, kept over any refresh, undone by a refusal,
 * and settled by asking the service when the answer was lost. What the row shows after a publish is
 * the status the service answered (a contributor's publish is pending), never the one asked for.
 */
import type { ContentSiteClient, ContentSiteError, PostCounts, PostV11 } from '../api';
import type { RefreshPart } from './batchRefresh';
import { Emitter } from './emitter';
import type { Effect, OperationOutcome } from './listCore';
import type { LoadState } from './loadState';
import { POST_GROUPS, PostsList, type PostGroup } from './postsList';
import { postKey as key, type SitePostsOptions } from './sitePostsModel';

export { POST_FIELDS, POST_GROUPS, type PostGroup } from './postsList';

/** What the site counts: its posts and its pages. */
export type CountedType = 'post' | 'page';

export { postLink } from './postLink';

export type PostOutcome =
  | { kind: 'done'; post: PostV11 }
  | { kind: 'failed'; error: ContentSiteError }
  /** The answer was lost: `now` is the post as the service has it, when asked (undefined: gone from the list). */
  | { kind: 'unknown'; error: ContentSiteError; now?: PostV11 };

export class PostsModel extends PostsList {
  /** The site's pages, listed apart from the posts. */
  readonly pagesList: PostsList;
  private readonly counted = new Map<CountedType, PostCounts>();
  private readonly countsChanged = new Emitter<void>();
  /** The site's counts were read. */
  readonly onDidChangeCounts = this.countsChanged.event;

  constructor(options: SitePostsOptions) {
    super(options, 'post');
    this.pagesList = new PostsList(options, 'page');
  }

  /** The posts' state; a failure of the pages' first page alone is the view's too (Retry, and the recovery, read both again). */
  override get state(): LoadState {
    const s = super.state;
    return s.kind !== 'error' && this.pagesList.state.kind === 'error' ? this.pagesList.state : s;
  }

  /** O(1): a post, or a page. */
  override post(id: number): PostV11 | undefined {
    return super.post(id) ?? this.pagesList.post(id);
  }

  /** The loaded posts of one status, in the list's order. */
  group(status: PostGroup): PostV11[] {
    return this.items.filter((p) => p.status === status);
  }

  /** The loaded pages, every status but the trash, in the list's order. */
  pages(): readonly PostV11[] {
    return this.pagesList.items;
  }

  /** How many posts in `status` the site has (all authors'), or pages in every status shown; undefined until read. */
  count(type: 'post', status: PostGroup): number | undefined;
  count(type: 'page'): number | undefined;
  count(type: CountedType, status?: PostGroup): number | undefined {
    const all = this.counted.get(type)?.all;
    if (!all) return undefined;
    if (status) return Number(all[status] ?? 0);
    return POST_GROUPS.reduce((n, s) => n + Number(all[s] ?? 0), 0);
  }

  /** The first page of posts and of pages, and the site's counts of both, in the same batch. */
  override refreshParts(client: ContentSiteClient): RefreshPart[] {
    const parts = this.list.refreshParts(client);
    return parts.length ? [...parts, ...this.pagesList.refreshParts(client), ...this.countParts(client)] : parts;
  }

  override clear(): void {
    this.counted.clear();
    this.pagesList.clear();
    super.clear();
  }

  override dispose(): void {
    this.countsChanged.dispose();
    this.pagesList.dispose();
    super.dispose();
  }

  private countParts(client: ContentSiteClient): RefreshPart[] {
    const site = this.site;
    if (!site) return [];
    return (['post', 'page'] as const).map((type) => ({
      request: client.sites.postCountsRequest(site, type),
      deliver: (answer) =>
        (answer as Promise<PostCounts>).then(
          (counts) => {
            if (site !== this.site) return;
            this.counted.set(type, counts);
            this.countsChanged.fire();
          },
          // Without counts the groups say what is loaded: the list itself is not failed for them.
          () => undefined,
        ),
    }));
  }

  /** The counts again, after a change this model made (a publish moves a post between groups). */
  private async recount(): Promise<void> {
    const client = this.client();
    await Promise.all(this.countParts(client).map((p) => p.deliver(client.run(p.request))));
  }

  /** The list core that holds a post or a page (the posts' when it holds neither). */
  private listOf(id: number) {
    return this.pagesList.post(id) ? this.pagesList.list : this.list;
  }

  /** Publishes a draft (or a pending post): the row moves to what the service answered. */
  async publish(id: number): Promise<PostOutcome> {
    const site = this.site;
    if (!site) throw new Error('No site is chosen.');
    const asked: Effect<PostV11> = (p) => ({ ...p, status: 'publish' });
    const outcome = await this.listOf(id).perform(
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
    const outcome = await this.listOf(id).perform(new Map([[key(id), gone]]), () => this.client().posts.trash(site, id));
    return this.outcome(id, outcome);
  }

  private outcome(id: number, o: OperationOutcome<PostV11, PostV11>): PostOutcome {
    if (o.kind !== 'failed') void this.recount();
    if (o.kind === 'done') this.options.changes.post(this.site ?? '', o.result);
    if (o.kind === 'done') return { kind: 'done', post: o.result };
    if (o.kind === 'failed') return { kind: 'failed', error: o.error };
    return { kind: 'unknown', error: o.error, now: o.now?.get(key(id)) };
  }
}
