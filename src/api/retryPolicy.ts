/**
 * When a request is tried again. undici's RetryAgent does the retrying (re-dispatch, Retry-After
 * parsing, body replay rules); this policy only decides whether and when, adding jitter to the
 * exponential backoff (undici's default has none, so many clients would retry in lockstep).
 *
 * Only GET is retried: a POST may have reached the server, so it is never replayed.
 */
import type { RetryHandler } from 'undici';

export interface RetrySettings {
  /** Total attempts including the first (default 3). */
  maxTries: number;
  /** First backoff in milliseconds before jitter (default 300). */
  minDelayMs: number;
  /**
   * Upper bound for any wait (default 10 000). A Retry-After asking for longer is honoured by not
   * retrying at all: the 429 surfaces as a `rate_limited` error with `retryAfter`.
   */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetrySettings = { maxTries: 3, minDelayMs: 300, maxDelayMs: 10_000 };

export const RETRY_STATUS_CODES = [429, 502, 503, 504];
export const RETRY_ERROR_CODES = [
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ENETDOWN',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EHOSTUNREACH',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
];

/** Seconds or an HTTP date → milliseconds to wait, or undefined. */
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Full jitter between half and all of the exponential step (attempt counts from 1). */
export function backoffMs(attempt: number, settings: RetrySettings, random = Math.random): number {
  const step = Math.min(settings.minDelayMs * 2 ** (attempt - 1), settings.maxDelayMs);
  return Math.round(step / 2 + random() * (step / 2));
}

export function createRetryFunction(settings: RetrySettings): RetryHandler.RetryCallback {
  return (err, { state, opts }, cb) => {
    const { statusCode, code, headers } = err as Error & {
      statusCode?: number;
      code?: string;
      headers?: Record<string, string | string[]>;
    };
    if (opts.method !== 'GET') return cb(err);
    if (code && code !== 'UND_ERR_REQ_RETRY' && !RETRY_ERROR_CODES.includes(code)) return cb(err);
    if (statusCode != null && !RETRY_STATUS_CODES.includes(statusCode)) return cb(err);
    if (state.counter >= settings.maxTries) return cb(err);
    const asked = retryAfterMs(headers?.['retry-after']);
    // A longer wait than we are willing to make is not shortened: the answer surfaces as a
    // rate_limited error carrying retryAfter, and the caller decides when to ask again.
    if (asked !== undefined && asked > settings.maxDelayMs) return cb(err);
    const wait = asked ?? backoffMs(state.counter, settings);
    setTimeout(() => cb(null), wait);
    return undefined;
  };
}
