import { ContentSiteError } from '../api';

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
 * answer came too late or could not be read. Then the service is asked, never guessed at.
 */
export function outcomeUnknown(err: ContentSiteError): boolean {
  return err.kind === 'network' || err.kind === 'timeout' || err.kind === 'bad_response' || err.kind === 'cancelled';
}

/** Whether trying again later may succeed by itself (the network, a busy or failing service), not a refusal. */
export function transient(err: ContentSiteError): boolean {
  if (err.kind === 'network' || err.kind === 'timeout' || err.kind === 'rate_limited' || err.kind === 'bad_response') return true;
  return err.kind === 'api' && (err.status ?? 0) >= 500;
}
