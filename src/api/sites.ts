import { act, type ActOptions } from './act';
import { parseWith } from './decode';
import type { CallOptions, CommonParams, Prepared, Transport } from './request';
import { schemas } from './schemasLoad';
import type { Follow } from './schemas/comment';
import type { Site } from './schemas/site';
import type { PostCounts } from './schemas/term';
import { oneOf, site as checkSite } from './validate';

export class SitesApi {
  constructor(private readonly t: Transport) {}

  /** GET /v1/sites/$site, by ID or domain. */
  async get(site: string | number, common: Pick<CommonParams, 'http_envelope' | 'pretty'> = {}, opts: CallOptions = {}): Promise<Site> {
    return this.t.run(this.getRequest(site, common), opts.signal);
  }

  getRequest(site: string | number, common: Pick<CommonParams, 'http_envelope' | 'pretty'> = {}): Prepared<Site> {
    const s = checkSite(site);
    return {
      spec: { method: 'GET', version: '1', path: `/sites/${encodeURIComponent(s)}`, common, messageContext: { site: s } },
      parse: (body) => parseWith(schemas().siteSchema, body, { request: `GET /v1/sites/${s}`, site: s }),
    };
  }

  /** GET /v1.1/sites/$site/post-counts/$type: the site's posts (or pages) in each status, all and the user's own. */
  async postCounts(site: string | number, type: 'post' | 'page', opts: CallOptions = {}): Promise<PostCounts> {
    return this.t.run(this.postCountsRequest(site, type), opts.signal);
  }

  postCountsRequest(site: string | number, type: 'post' | 'page'): Prepared<PostCounts> {
    const s = checkSite(site);
    oneOf('type', type, ['post', 'page'] as const);
    const path = `/sites/${encodeURIComponent(s)}/post-counts/${type}`;
    return {
      spec: { method: 'GET', version: '1.1', path, messageContext: { site: s } },
      parse: (body) => parseWith(schemas().postCountsSchema, body, { request: `GET /v1.1${path}`, site: s }).counts,
    };
  }

  /** POST /v1.1/sites/$site/follows/new. */
  async follow(site: string | number, options: ActOptions = {}): Promise<Follow> {
    return this.setFollowing(site, true, options);
  }

  /** POST /v1.1/sites/$site/follows/mine/delete. */
  async unfollow(site: string | number, options: ActOptions = {}): Promise<Follow> {
    return this.setFollowing(site, false, options);
  }

  private async setFollowing(site: string | number, on: boolean, options: ActOptions): Promise<Follow> {
    const s = checkSite(site);
    const path = `/sites/${encodeURIComponent(s)}/follows/${on ? 'new' : 'mine/delete'}`;
    return parseWith(schemas().followSchema, await act(this.t, s, path, undefined, options), { request: `POST /v1.1${path}`, site: s });
  }
}
