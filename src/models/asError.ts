import { ContentSiteError } from '../api/errors';

/** Anything thrown, as the one error type the views know how to show. */
export function asError(err: unknown): ContentSiteError {
  if (err instanceof ContentSiteError) return err;
  return new ContentSiteError({
    kind: 'network',
    userMessage: `Something went wrong: ${err instanceof Error ? err.message : String(err)}`,
  });
}

/**
 * Whether a failed write may still have been applied by the service: the connection broke, the
 * answer came too late or could not be read, or the service answered 5xx (its JSON error or a
 * gateway's HTML page says something failed, not that the write was not applied). Then the
 * service is asked, never guessed at. A 4xx (and a 429) is a refusal: nothing was applied.
 */
export function outcomeUnknown(err: ContentSiteError): boolean {
  if (err.kind === 'network' || err.kind === 'timeout' || err.kind === 'bad_response' || err.kind === 'cancelled') return true;
  return err.kind === 'api' && (err.status ?? 0) >= 500;
}

/** Why a write's outcome is unknown (an error outcomeUnknown accepts), as a clause for sentences. */
export function unknownBecause(err: ContentSiteError): string {
  if (err.kind === 'api') return `the service answered with an error (HTTP ${err.status ?? '?'})`;
  if (err.kind === 'timeout') return 'the service did not answer in time';
  if (err.kind === 'bad_response') return "the service's answer could not be read";
  if (err.kind === 'cancelled') return 'the request was cancelled after it was sent';
  return "the service's answer was lost";
}

/** Whether trying again later may succeed by itself (the network, a busy or failing service), not a refusal. */
export function transient(err: ContentSiteError): boolean {
  if (err.kind === 'network' || err.kind === 'timeout' || err.kind === 'rate_limited' || err.kind === 'bad_response') return true;
  return err.kind === 'api' && (err.status ?? 0) >= 500;
}
