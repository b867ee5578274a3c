/**
 * GET /v1.1/read/following/mine as a prepared request: the main client's (a list's pages, in the
 * batch) and the Reader actions' (a chunk of its own) are this one.
 */
import { parseWith } from './decode';
import { schemas } from './schemasLoad';
import type { CommonParams, Prepared } from './request';
import type { FollowedSites } from './schemas/reader';
import { intInRange, positiveInt } from './validate';

/** The most subscriptions one page of read/following/mine holds. */
export const FOLLOWED_SITES_MAX_NUMBER = 200;

export interface FollowedSitesParams extends Pick<CommonParams, 'meta'> {
  /** 1 to 200. */
  number?: number;
  page?: number;
}

export function followedSitesRequest(params: FollowedSitesParams): Prepared<FollowedSites> {
  const { number, page, meta } = params;
  intInRange('number', number, 1, FOLLOWED_SITES_MAX_NUMBER);
  positiveInt('page', page);
  return {
    spec: { method: 'GET', version: '1.1', path: '/read/following/mine', query: { number, page }, common: { meta } },
    parse: (body) => parseWith(schemas().followedSitesSchema, body, { request: 'GET /v1.1/read/following/mine' }),
  };
}
