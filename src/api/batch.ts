import { errorFromErrorsObject, isObject } from './decode';
import type { ContentSiteError } from './errors';
import { invalidInput } from './errors';
import type { CallOptions, CommonParams, Transport } from './request';
import { badResponse } from './decode';

export type BatchEntry = { ok: true; body: unknown } | { ok: false; error: ContentSiteError };

export type BatchCommon = Omit<CommonParams, 'context'>;

export class BatchApi {
  constructor(private readonly t: Transport) {}

  /**
   * GET /v1/batch/: several GETs in one round trip. Each url maps, exactly as given, to its body
   * or to the error its sub-request failed with (the batch itself answers 200 either way).
   */
  async run(urls: readonly string[], common: BatchCommon = {}, opts: CallOptions = {}): Promise<Map<string, BatchEntry>> {
    if (urls.length === 0) throw invalidInput('A batch needs at least one url.');
    for (const url of urls) if (!url.startsWith('/')) throw invalidInput(`Batch urls are paths starting with "/" (got "${url}").`);
    const body = await this.t.send({ method: 'GET', version: '1', path: '/batch/', query: { urls }, common, signal: opts.signal });
    return splitBatch(urls, body, { request: 'GET /v1/batch/' });
  }
}

/** Pure: the batch answer → one entry per requested url. */
export function splitBatch(urls: readonly string[], body: unknown, ctx: { request: string }): Map<string, BatchEntry> {
  if (!isObject(body)) throw badResponse(ctx, 'the batch answer was not an object');
  const out = new Map<string, BatchEntry>();
  for (const url of urls) {
    if (!(url in body)) {
      out.set(url, { ok: false, error: badResponse({ request: `GET ${url}` }, 'the batch answer left this url out') });
      continue;
    }
    const value = body[url];
    const error = errorFromErrorsObject(value, { request: `GET ${url}` });
    out.set(url, error ? { ok: false, error } : { ok: true, body: value });
  }
  return out;
}
