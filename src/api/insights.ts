import { parseWith } from './decode';
import type { CallOptions, CommonParams, Transport } from './request';
import { schemas } from './schemasLoad';
import type { InsightList, InsightReport } from './schemas/insights';
import { nonEmpty, oneOf, unixTime } from './validate';

export const INSIGHT_UNITS = ['daily', 'weekly', 'monthly', 'cumulative'] as const;
export type InsightUnit = (typeof INSIGHT_UNITS)[number];

export interface InsightParams extends CommonParams {
  unit?: InsightUnit;
  /** UNIX seconds. */
  after?: number;
  before?: number;
}

export class InsightsApi {
  constructor(private readonly t: Transport) {}

  /** GET /v1/insights: the reports the user may read. */
  async list(common: CommonParams = {}, opts: CallOptions = {}): Promise<InsightList> {
    const body = await this.t.send({ method: 'GET', version: '1', path: '/insights', common, signal: opts.signal });
    return parseWith(schemas().insightListSchema, body, { request: 'GET /v1/insights' });
  }

  /** GET /v1/insights/$slug; a slash inside the slug is encoded. */
  async get(slug: string, params: InsightParams = {}, opts: CallOptions = {}): Promise<InsightReport> {
    nonEmpty('slug', slug);
    const { unit, after, before, ...common } = params;
    oneOf('unit', unit, INSIGHT_UNITS);
    unixTime('after', after);
    unixTime('before', before);
    const path = `/insights/${encodeURIComponent(slug)}`;
    const body = await this.t.send({ method: 'GET', version: '1', path, query: { unit, after, before }, common, signal: opts.signal });
    return parseWith(schemas().insightReportSchema, body, { request: `GET /v1${path}` });
  }
}
