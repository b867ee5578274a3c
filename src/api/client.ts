import { AccountApi } from './account';
import { BatchApi, type BatchCommon, type BatchEntry } from './batch';
import { CommentsApi } from './comments';
import { InsightsApi } from './insights';
import { MediaApi } from './media';
import { NotificationsApi } from './notifications';
import { PostsApi } from './posts';
import { PushApi } from './pushChannel';
import { ReaderApi } from './reader';
import { Transport, type CallOptions, type ClientOptions, type Prepared } from './request';
import { together, type Outcome } from './together';
import type { Me, TokenInfo } from './schemas/users';
import { SitesApi } from './sites';
import { TermsApi } from './terms';
import { UsersApi } from './users';

/** The typed client of the service: one method per endpoint, grouped by resource. */
export class ContentSiteClient {
  readonly users: UsersApi;
  readonly insights: InsightsApi;
  readonly reader: ReaderApi;
  readonly sites: SitesApi;
  readonly notifications: NotificationsApi;
  readonly posts: PostsApi;
  readonly comments: CommentsApi;
  /** A site's categories and tags. */
  readonly terms: TermsApi;
  /** A site's media library: upload and list. */
  readonly media: MediaApi;
  /** The push channel: `push.open(listener)` opens its WebSocket. */
  readonly push: PushApi;
  private readonly account: AccountApi;
  private readonly batchApi: BatchApi;
  private readonly transport: Transport;

  constructor(options: ClientOptions = {}) {
    this.transport = new Transport(options);
    this.users = new UsersApi(this.transport);
    this.insights = new InsightsApi(this.transport);
    this.reader = new ReaderApi(this.transport);
    this.sites = new SitesApi(this.transport);
    this.notifications = new NotificationsApi(this.transport);
    this.posts = new PostsApi(this.transport);
    this.comments = new CommentsApi(this.transport);
    this.terms = new TermsApi(this.transport);
    this.media = new MediaApi(this.transport);
    this.push = new PushApi(this.transport);
    this.account = new AccountApi(this.transport);
    this.batchApi = new BatchApi(this.transport);
  }

  get baseUrl(): string {
    return this.transport.baseUrl;
  }

  /** GET /v1/batch/: several GETs in one round trip, each url → body or typed error. */
  batch(urls: readonly string[], common?: BatchCommon, opts?: CallOptions): Promise<Map<string, BatchEntry>> {
    return this.batchApi.run(urls, common, opts);
  }

  /** One prepared GET on its own. */
  run<T>(request: Prepared<T>, opts: CallOptions = {}): Promise<T> {
    return this.transport.run(request, opts.signal);
  }

  /** Prepared GETs (`notifications.listRequest(...)` and the like) in one batch round trip, with fallback. */
  together(requests: ReadonlyArray<Prepared<unknown>>, opts: CallOptions = {}): Promise<Outcome<unknown>[]> {
    return together(this.transport, requests, opts.signal);
  }

  me(opts?: CallOptions): Promise<Me> {
    return this.account.me(opts);
  }

  tokenInfo(clientId: string, token: string, opts?: CallOptions): Promise<TokenInfo> {
    return this.account.tokenInfo(clientId, token, opts);
  }

  /** Closes the keep-alive pool. */
  close(): Promise<void> {
    return this.transport.close();
  }
}
