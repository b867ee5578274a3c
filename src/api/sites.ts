import { parseWith } from './decode';
import type { CallOptions, CommonParams, Prepared, Transport } from './request';
import { siteSchema, type Site } from './schemas/site';
import { site as checkSite } from './validate';

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
      parse: (body) => parseWith(siteSchema, body, { request: `GET /v1/sites/${s}`, site: s }),
    };
  }
}
