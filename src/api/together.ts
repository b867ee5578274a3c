/**
 * Several prepared GETs in one round trip: one `GET /v1/batch/` carrying each request's url (a
 * v1.1 one with its version in front), each answer parsed by its own request. A failed
 * sub-request fails only its own entry; a url the batch could not route falls back to being sent
 * on its own.
 *
 * A batch that failed as a whole: when the service could not be reached or is not answering (the
 * network, a timeout, 429, a 5xx other than 501), every request gets that same failure and none is
 * sent again on its own — each would only meet the same outage, with its own retries (one Retry
 * click was 3 requests and 9 tries). The sign-in failing, or the call cancelled, is thrown as it
 * is. Only a batch refused for a reason of its own — a 4xx, 501, an answer that could not be read
 * as a batch — falls back to sending the requests on their own.
 */
import { badResponse } from './decode';
import { ContentSiteError } from './errors';
import { splitBatch } from './batch';
import { schemas } from './schemasLoad';
import type { Prepared, Transport } from './request';

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ContentSiteError };

const BATCH_VERSION = '1' as const;

export async function together(
  t: Transport,
  requests: ReadonlyArray<Prepared<unknown>>,
  signal?: AbortSignal,
): Promise<Outcome<unknown>[]> {
  const alone = (p: Prepared<unknown>): Promise<Outcome<unknown>> =>
    t.run(p, signal).then(
      (value) => ({ ok: true as const, value }),
      (err: unknown) => ({
        ok: false as const,
        error: err instanceof ContentSiteError ? err : badResponse({ request: p.spec.path }, String(err)),
      }),
    );
  if (requests.length === 0) return [];
  if (requests.length === 1) return [await alone(requests[0])];
  const urls = requests.map((p) => t.batchUrl(p.spec, BATCH_VERSION));
  let entries;
  try {
    const body = await t.send({ method: 'GET', version: BATCH_VERSION, path: '/batch/', query: { urls }, signal });
    entries = splitBatch(urls, body, { request: 'GET /v1/batch/' });
  } catch (err) {
    if (err instanceof ContentSiteError && (err.kind === 'auth' || err.kind === 'cancelled')) throw err;
    if (err instanceof ContentSiteError && unreachable(err)) return requests.map(() => ({ ok: false as const, error: err }));
    return Promise.all(requests.map(alone));
  }
  return Promise.all(
    requests.map(async (p, i): Promise<Outcome<unknown>> => {
      const entry = entries.get(urls[i])!;
      if (!entry.ok) {
        if (entry.error.status === 404 && (entry.error.code === 'rest_no_route' || entry.error.code === undefined)) return alone(p);
        return { ok: false, error: withContext(entry.error, p) };
      }
      try {
        return { ok: true, value: t.parse(p, entry.body) };
      } catch (err) {
        return { ok: false, error: err instanceof ContentSiteError ? err : badResponse({ request: p.spec.path }, String(err)) };
      }
    }),
  );
}

/** The service could not be reached or is not answering: the same for any request sent now. */
function unreachable(err: ContentSiteError): boolean {
  if (err.kind === 'network' || err.kind === 'timeout' || err.kind === 'rate_limited') return true;
  return err.kind === 'api' && err.status !== undefined && err.status >= 500 && err.status !== 501;
}

/** A sub-request's error, worded for its own site when the request named one. */
function withContext(error: ContentSiteError, p: Prepared<unknown>): ContentSiteError {
  if (!p.spec.messageContext?.site) return error;
  return error.reworded(sentence(error, p.spec.messageContext.site));
}

const sentence = (e: ContentSiteError, site: string): string => schemas().sentenceFor(e.code, e.serviceMessage, e.status, { site });
