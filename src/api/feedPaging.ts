/** How a Reader stream is paged (read/following, a tag's posts): the parameters, checked, as the query. */
import type { QueryValue } from './encode';
import { intInRange, isoDate, LIMITS, oneOf, positiveInt } from './validate';

export const ORDERS = ['DESC', 'ASC'] as const;

export interface FeedPaging {
  number?: number;
  page?: number;
  order?: (typeof ORDERS)[number];
  after?: string;
  before?: string;
}

/** The paging query, each value checked before anything is sent. */
export function feedPagingQuery({ number, page, order, after, before }: FeedPaging): Record<string, QueryValue> {
  intInRange('number', number, 1, LIMITS.feedNumber);
  positiveInt('page', page);
  oneOf('order', order, ORDERS);
  isoDate('after', after);
  isoDate('before', before);
  return { number, page, order, after, before };
}
