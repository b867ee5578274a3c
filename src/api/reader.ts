import { parseSkipping, parseWith, type WithUnreadable } from './decode';
import type { CallOptions, CommonParams, Prepared, Transport } from './request';
import { schemas } from './schemasLoad';
import type { FollowedSites, Following, FreshlyPressed, SubscribedTags } from './schemas/reader';
import { intInRange, isoDate, LIMITS, positiveInt } from './validate';
import { feedPagingQuery, type FeedPaging } from './feedPaging';
import type { ReaderActions } from './readerActions';
import { tagPostsRequest, type TagPostsParams } from './tagPosts';
import { followedSitesRequest, type FollowedSitesParams } from './followedSites';
import { site as checkSite } from './validate';

export { ORDERS } from './feedPaging';

export interface FollowingParams extends FeedPaging, Pick<CommonParams, 'http_envelope' | 'pretty' | 'meta'> {}

export interface FreshlyPressedParams extends Pick<CommonParams, 'http_envelope' | 'pretty'> {
  number?: number;
  after?: string;
  before?: string;
  content_width?: number;
  thumb_width?: number;
  thumb_height?: number;
}

export class ReaderApi {
  private acts: ReaderActions | undefined;

  constructor(private readonly t: Transport) {}

  /**
   * Following (by address, a site's state), the followed sites, seen marks, tags and blocks
   * (readerActions.ts): loaded with the first use, as they are used only now and then.
   */
  async actions(): Promise<ReaderActions> {
    const { ReaderActions } = await import('./readerActions');
    return (this.acts ??= new ReaderActions(this.t));
  }

  /** GET /v1.1/read/tags/$tag/posts as a prepared request (a tag's row pages it); the whole call is `actions().tagPosts`. */
  tagPostsRequest(tag: string, params: TagPostsParams = {}): Prepared<Following> {
    return tagPostsRequest(tag, params);
  }

  /** GET /v1.1/read/following/mine as a prepared request (a list's pages); the call itself is `actions().followedSites`. */
  followedSitesRequest(params: FollowedSitesParams = {}): Prepared<FollowedSites> {
    return followedSitesRequest(params);
  }

  /** GET /v1.1/read/sites/$site/posts: one site's posts as the Reader shows them, newest first by default. */
  async sitePosts(site: string | number, params: FeedPaging = {}, opts: CallOptions = {}): Promise<WithUnreadable<Following>> {
    return this.t.run(this.sitePostsRequest(site, params), opts.signal);
  }

  sitePostsRequest(site: string | number, params: FeedPaging = {}): Prepared<WithUnreadable<Following>> {
    const s = checkSite(site);
    const query = feedPagingQuery(params);
    const path = `/read/sites/${encodeURIComponent(s)}/posts`;
    return {
      spec: { method: 'GET', version: '1.1', path, query, messageContext: { site: s } },
      parse: (body) => withUnreadable(parseSkipping(schemas().followingSchema, body, { request: `GET /v1.1${path}`, site: s })),
    };
  }

  /** GET /v1/read/following/: posts from the blogs the user follows. */
  async following(params: FollowingParams = {}, opts: CallOptions = {}): Promise<WithUnreadable<Following>> {
    return this.t.run(this.followingRequest(params), opts.signal);
  }

  followingRequest(params: FollowingParams = {}): Prepared<WithUnreadable<Following>> {
    const { number, page, order, after, before, ...common } = params;
    const query = feedPagingQuery({ number, page, order, after, before });
    return {
      spec: { method: 'GET', version: '1', path: '/read/following/', query, common },
      parse: (body) => withUnreadable(parseSkipping(schemas().followingSchema, body, { request: 'GET /v1/read/following/' })),
    };
  }

  /** GET /v1/freshly-pressed/: featured posts, each with its editorial object. */
  async freshlyPressed(params: FreshlyPressedParams = {}, opts: CallOptions = {}): Promise<WithUnreadable<FreshlyPressed>> {
    return this.t.run(this.freshlyPressedRequest(params), opts.signal);
  }

  freshlyPressedRequest(params: FreshlyPressedParams = {}): Prepared<WithUnreadable<FreshlyPressed>> {
    const { number, after, before, content_width, thumb_width, thumb_height, ...common } = params;
    intInRange('number', number, 1, LIMITS.feedNumber);
    isoDate('after', after);
    isoDate('before', before);
    positiveInt('content_width', content_width);
    positiveInt('thumb_width', thumb_width);
    positiveInt('thumb_height', thumb_height);
    return {
      spec: {
        method: 'GET',
        version: '1',
        path: '/freshly-pressed/',
        query: { number, after, before, content_width, thumb_width, thumb_height },
        common,
      },
      parse: (body) => withUnreadable(parseSkipping(schemas().freshlyPressedSchema, body, { request: 'GET /v1/freshly-pressed/' })),
    };
  }

  /** GET /v1/read/tags: the tags the user is subscribed to. */
  async tags(
    common: Pick<CommonParams, 'http_envelope' | 'pretty' | 'meta' | 'context'> = {},
    opts: CallOptions = {},
  ): Promise<SubscribedTags> {
    return this.t.run(this.tagsRequest(common), opts.signal);
  }

  tagsRequest(common: Pick<CommonParams, 'http_envelope' | 'pretty' | 'meta' | 'context'> = {}): Prepared<SubscribedTags> {
    return {
      spec: { method: 'GET', version: '1', path: '/read/tags', common },
      parse: (body) => parseWith(schemas().tagsSchema, body, { request: 'GET /v1/read/tags' }),
    };
  }
}

/** A page with the count of its posts left out: a full page still has a next one (see the models' `next`). */
function withUnreadable<T>({ value, skipped }: { value: T; skipped: readonly unknown[] }): WithUnreadable<T> {
  return { ...value, unreadable: skipped.length };
}
