/**
 * A site's categories and tags (GET /v1.1/sites/$site/categories and /tags; site-data.md): listed a
 * page at a time, up to 1,000 a page, by name or by how many posts use them.
 */
import { schemas } from './schemasLoad';
import { parseSkipping } from './decode';
import type { CallOptions, CommonParams, Prepared, Transport } from './request';
import type { SiteTerm } from './schemas/term';
import { intInRange, oneOf, positiveInt, site as checkSite } from './validate';

export const TERM_KINDS = ['categories', 'tags'] as const;
export type TermKind = (typeof TERM_KINDS)[number];
/** The most terms one page holds. */
export const TERMS_MAX_NUMBER = 1000;

export interface TermListParams extends Pick<CommonParams, 'fields'> {
  /** 1 to 1,000; the service's default is 100. */
  number?: number;
  page?: number;
  search?: string;
  order_by?: 'name' | 'count';
  order?: 'ASC' | 'DESC';
}

export interface TermPage {
  found: number;
  terms: SiteTerm[];
  /** Terms the answer held that could not be read: left out of `terms` (the log names each). */
  unreadable: number;
}

export class TermsApi {
  constructor(private readonly t: Transport) {}

  async list(site: string | number, kind: TermKind, params: TermListParams = {}, opts: CallOptions = {}): Promise<TermPage> {
    return this.t.run(this.listRequest(site, kind, params), opts.signal);
  }

  listRequest(site: string | number, kind: TermKind, params: TermListParams = {}): Prepared<TermPage> {
    const s = checkSite(site);
    oneOf('kind', kind, TERM_KINDS);
    const { fields, ...query } = params;
    intInRange('number', query.number, 1, TERMS_MAX_NUMBER);
    positiveInt('page', query.page);
    oneOf('order_by', query.order_by, ['name', 'count'] as const);
    oneOf('order', query.order, ['ASC', 'DESC'] as const);
    const path = `/sites/${encodeURIComponent(s)}/${kind}`;
    return {
      spec: { method: 'GET', version: '1.1', path, query, common: { fields }, messageContext: { site: s } },
      parse: (body) => {
        const context = { request: `GET /v1.1${path}`, site: s };
        if (kind === 'categories') {
          const { value: list, skipped } = parseSkipping(schemas().categoryListSchema, body, context);
          return { found: list.found, terms: list.categories, unreadable: skipped.length };
        }
        const { value: list, skipped } = parseSkipping(schemas().tagListSchema, body, context);
        return { found: list.found, terms: list.tags, unreadable: skipped.length };
      },
    };
  }
}
