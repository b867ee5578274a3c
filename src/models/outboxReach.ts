/**
 * What the outbox decides by: whether a failure means the service could not be reached (the publish
 * waits in the outbox) rather than that it refused (the writer is told), how long to wait before the
 * next try, and the sentence that counts what waits. No vscode here.
 */
import { ContentSiteError } from '../api/errors';

/** A gateway or the service itself saying it is down for now: nothing was refused. */
const DOWN_STATUSES = new Set([502, 503, 504]);

/**
 * Whether `err` says the service could not be reached: a ContentSiteError (from any bundle, by its
 * mark) of kind `network` or `timeout`, or kind `api` with status 502, 503 or 504; also a
 * PublishError whose `cause` is one (the publisher wraps "it is not known whether … was published,
 * and the site could not be asked" so, keeping the service's error). A 4xx, a 401, a 429 that
 * names its wait or any other refusal is not: trying again later would be refused again. The
 * PublishError is told by its name: it lives in writing/, a layer above this one.
 */
export function isUnreachable(err: unknown): boolean {
  if (err instanceof ContentSiteError) {
    return err.kind === 'network' || err.kind === 'timeout' || (err.kind === 'api' && DOWN_STATUSES.has(err.status ?? 0));
  }
  if (err instanceof Error && err.name === 'PublishError') return isUnreachable(err.cause);
  return false;
}

/** The waits between tries while the service stays out of reach: 15 s, 30 s, 1 min, 2 min, then 5 min each time. */
export const OUTBOX_BACKOFF_MS: readonly number[] = [15_000, 30_000, 60_000, 120_000, 300_000];

/** The wait before the next try after `failures` tries in a row found the service out of reach (1 or more). */
export function backoffMs(failures: number): number {
  return OUTBOX_BACKOFF_MS[Math.min(Math.max(failures, 1), OUTBOX_BACKOFF_MS.length) - 1];
}

/** "1 waiting to publish", "3 waiting to publish": the status bar's and the Source Control view's words. */
export function waitingSentence(n: number): string {
  return `${n} waiting to publish`;
}

/** What a failed send tells the writer: the publisher's sentence, the service's, or the error's own. */
export function refusalMessage(err: unknown): string {
  if (err instanceof ContentSiteError) return err.userMessage;
  if (err instanceof Error) return err.message;
  return String(err);
}
