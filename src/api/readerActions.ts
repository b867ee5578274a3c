/**
 * What a reader does besides reading (reader.md): follow and unfollow by address, list the followed
 * sites, mark posts seen and unseen (the `/wpcom/v2` namespace), follow and unfollow tags, read a
 * tag's posts, block and unblock sites, whether the user follows a site. An answer that says the
 * change was not made (`subscribed` not the state asked for, `status` or `success` not true) is a
 * refusal: a ContentSiteError of kind `api` whose sentence says what was not done.
 *
 * Loaded with its first use as a chunk of its own (`api.reader.actions()`): it is handed the
 * client's transport.
 */
import { schemas } from './schemasLoad';
import { parseWith } from './decode';
import { ContentSiteError, invalidInput } from './errors';
import type { FormValue } from './encode';
import { followAddress } from './followAddress';
import { followedSitesRequest, type FollowedSitesParams } from './followedSites';
import type { CallOptions, Prepared, Transport } from './request';
import type { Likers } from './schemas/comment';
import type { FollowedSites, Following, FollowingStatus, Subscribe, TagFollow } from './schemas/reader';
import { SEEN_MAX_IDS } from './readerLimits';
import { tagPostsRequest, tagSlug, type TagPostsParams } from './tagPosts';
import { intInRange, positiveInt, site as checkSite } from './validate';

export { FOLLOWED_SITES_MAX_NUMBER, type FollowedSitesParams } from './followedSites';
export { followAddress } from './followAddress';
export { SEEN_MAX_IDS, type TagPostsParams };

export interface ReaderActOptions extends CallOptions {
  /** Where the action came from, for the service's stats (`source`); the apps send e.g. `reader`. */
  source?: string;
}

function ids(name: string, values: readonly number[]): number[] {
  if (!Array.isArray(values) || values.length === 0) throw invalidInput(`Choose at least one post: ${name} is empty.`);
  intInRange(`the number of ${name}`, values.length, 1, SEEN_MAX_IDS);
  for (const id of values) positiveInt(name, id);
  return [...values];
}

const refusal = (userMessage: string, request: string): ContentSiteError => new ContentSiteError({ kind: 'api', userMessage, request });

export class ReaderActions {
  constructor(private readonly t: Transport) {}

  /** GET /v1.1/sites/$site/follows/mine: whether the user follows the site. */
  async followStatus(site: string | number, opts: CallOptions = {}): Promise<FollowingStatus> {
    return this.t.run(this.followStatusRequest(site), opts.signal);
  }

  followStatusRequest(site: string | number): Prepared<FollowingStatus> {
    const s = checkSite(site);
    const path = `/sites/${encodeURIComponent(s)}/follows/mine`;
    return {
      spec: { method: 'GET', version: '1.1', path, messageContext: { site: s } },
      parse: (body) => parseWith(schemas().followingStatusSchema, body, { request: `GET /v1.1${path}`, site: s }),
    };
  }

  /**
   * GET /v1.1/sites/$site/posts/$ID/likes/: how many like the post (`found`) and whether the user
   * does (`i_like`), what settles a like whose answer was lost.
   */
  async postLikes(site: string | number, postId: number, opts: CallOptions = {}): Promise<Likers> {
    return this.t.run(this.postLikesRequest(site, postId), opts.signal);
  }

  postLikesRequest(site: string | number, postId: number): Prepared<Likers> {
    const s = checkSite(site);
    positiveInt('post ID', postId);
    const path = `/sites/${encodeURIComponent(s)}/posts/${postId}/likes/`;
    return {
      spec: { method: 'GET', version: '1.1', path, messageContext: { site: s } },
      parse: (body) => parseWith(schemas().likersSchema, body, { request: `GET /v1.1${path}`, site: s }),
    };
  }

  /** POST /v1.1/read/following/mine/new: follows the site or feed at `url` (its address, or its feed's). */
  async followUrl(url: string, options: ReaderActOptions = {}): Promise<Subscribe> {
    return this.subscribe(url, true, options);
  }

  /** POST /v1.1/read/following/mine/delete: stops following the site or feed at `url`. */
  async unfollowUrl(url: string, options: ReaderActOptions = {}): Promise<Subscribe> {
    return this.subscribe(url, false, options);
  }

  private async subscribe(url: string, on: boolean, options: ReaderActOptions): Promise<Subscribe> {
    const address = followAddress(url);
    const path = `/read/following/mine/${on ? 'new' : 'delete'}`;
    const request = `POST /v1.1${path}`;
    const form: Record<string, FormValue> = { url: address, source: options.source };
    const body = await this.t.send({ method: 'POST', version: '1.1', path, form, signal: options.signal });
    const answer = parseWith(schemas().subscribeSchema, body, { request });
    if (answer.subscribed !== on)
      throw refusal(
        on
          ? `The service did not follow ${address}: it found no site or feed to follow there.`
          : `The service did not stop following ${address}: it still says you follow it.`,
        request,
      );
    return answer;
  }

  /** GET /v1.1/read/following/mine: the followed sites, a page at a time (`meta: 'site,feed'` adds each one's details). */
  async followedSites(params: FollowedSitesParams = {}, opts: CallOptions = {}): Promise<FollowedSites> {
    return this.t.run(this.followedSitesRequest(params), opts.signal);
  }

  followedSitesRequest(params: FollowedSitesParams = {}): Prepared<FollowedSites> {
    return followedSitesRequest(params);
  }

  /** POST /wpcom/v2/seen-posts/seen/new: the feed's items (each post's `feed_ID` and `feed_item_ID`) are seen. */
  async markSeen(feedId: number, feedItemIds: readonly number[], options: ReaderActOptions = {}): Promise<void> {
    return this.seen('/seen-posts/seen/new', 'feed_id', feedId, 'feed_item_ids', feedItemIds, options, 'seen');
  }

  /** POST /wpcom/v2/seen-posts/seen/delete: the feed's items are unseen again. */
  async markUnseen(feedId: number, feedItemIds: readonly number[], options: ReaderActOptions = {}): Promise<void> {
    return this.seen('/seen-posts/seen/delete', 'feed_id', feedId, 'feed_item_ids', feedItemIds, options, 'unseen');
  }

  /** POST /wpcom/v2/seen-posts/seen/blog/new: a site's posts, by ID, are seen. */
  async markPostsSeen(blogId: number, postIds: readonly number[], options: ReaderActOptions = {}): Promise<void> {
    return this.seen('/seen-posts/seen/blog/new', 'blog_id', blogId, 'post_ids', postIds, options, 'seen');
  }

  /** POST /wpcom/v2/seen-posts/seen/blog/delete: a site's posts are unseen again. */
  async markPostsUnseen(blogId: number, postIds: readonly number[], options: ReaderActOptions = {}): Promise<void> {
    return this.seen('/seen-posts/seen/blog/delete', 'blog_id', blogId, 'post_ids', postIds, options, 'unseen');
  }

  private async seen(
    path: string,
    ownerKey: 'feed_id' | 'blog_id',
    owner: number,
    listKey: 'feed_item_ids' | 'post_ids',
    list: readonly number[],
    options: ReaderActOptions,
    what: 'seen' | 'unseen',
  ): Promise<void> {
    positiveInt(ownerKey === 'feed_id' ? 'feed ID' : 'site ID', owner);
    const form: Record<string, FormValue> = { [ownerKey]: owner, [listKey]: ids(listKey, list), source: options.source };
    const request = `POST /wpcom/v2${path}`;
    const body = await this.t.send({ method: 'POST', version: 'wpcom/v2', path, form, signal: options.signal });
    if (parseWith(schemas().doneSchema, body, { request }).status !== true)
      throw refusal(`The service did not mark ${list.length === 1 ? 'the post' : `the ${list.length} posts`} as ${what}.`, request);
  }

  /** POST /v1.1/read/tags/$tag/mine/new: follows the tag; the answer lists the user's tags. */
  async followTag(tag: string, options: CallOptions = {}): Promise<TagFollow> {
    return this.tagFollow(tag, true, options);
  }

  /** POST /v1.1/read/tags/$tag/mine/delete: stops following the tag. */
  async unfollowTag(tag: string, options: CallOptions = {}): Promise<TagFollow> {
    return this.tagFollow(tag, false, options);
  }

  private async tagFollow(tag: string, on: boolean, options: CallOptions): Promise<TagFollow> {
    const slug = tagSlug(tag);
    const path = `/read/tags/${encodeURIComponent(slug)}/mine/${on ? 'new' : 'delete'}`;
    const request = `POST /v1.1${path}`;
    const body = await this.t.send({ method: 'POST', version: '1.1', path, signal: options.signal });
    const answer = parseWith(schemas().tagFollowSchema, body, { request });
    if (answer.subscribed !== on)
      throw refusal(
        on ? `The service did not follow the tag "${slug}".` : `The service did not stop following the tag "${slug}".`,
        request,
      );
    return answer;
  }

  /** GET /v1.1/read/tags/$tag/posts: the tag's posts, newest first by default. */
  async tagPosts(tag: string, params: TagPostsParams = {}, opts: CallOptions = {}): Promise<Following> {
    return this.t.run(tagPostsRequest(tag, params), opts.signal);
  }

  /** POST /v1.1/me/block/sites/$site/new: the site's posts leave every Reader stream. */
  async blockSite(site: string | number, options: CallOptions = {}): Promise<void> {
    return this.block(site, true, options);
  }

  /** POST /v1.1/me/block/sites/$site/delete: the site's posts come back. */
  async unblockSite(site: string | number, options: CallOptions = {}): Promise<void> {
    return this.block(site, false, options);
  }

  private async block(site: string | number, on: boolean, options: CallOptions): Promise<void> {
    const s = checkSite(site);
    const path = `/me/block/sites/${encodeURIComponent(s)}/${on ? 'new' : 'delete'}`;
    const request = `POST /v1.1${path}`;
    const body = await this.t.send({ method: 'POST', version: '1.1', path, messageContext: { site: s }, signal: options.signal });
    if (parseWith(schemas().doneSchema, body, { request, site: s }).success !== true)
      throw refusal(on ? `The service did not block ${s}.` : `The service did not unblock ${s}.`, request);
  }
}
