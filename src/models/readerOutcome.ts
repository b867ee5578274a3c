/**
 * How the Reader's actions word an outcome the service did not confirm, and how they send a
 * selection a few at a time. No vscode here.
 */
import { ContentSiteError } from '../api/errors';
import { unknownBecause } from './asError';

/** An answer that does not show the change: the service is asked, as after a lost answer. */
export function unconfirmed(): ContentSiteError {
  return new ContentSiteError({ kind: 'bad_response', userMessage: 'The service answered, but its answer does not show the change.' });
}

/** The outcome is unknown and the service could not be asked (or did not say). */
export function notAsked(cause: ContentSiteError): ContentSiteError {
  return cause.reworded(
    `Whether the change was made is unknown: ${unknownBecause(cause)}, and the service could not be asked. ${cause.userMessage}`,
  );
}

/** The service, asked after the error, still shows the post as before. */
export function stillBefore(cause: ContentSiteError): ContentSiteError {
  return cause.reworded(`The service did not confirm the change, and it still shows the post as before. ${cause.userMessage}`);
}

/** Runs `act` for every item, `parallel` at a time. */
export async function inPool<T>(items: readonly T[], parallel: number, act: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await act(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}

/** A web address's host, for sentences and for matching a followed feed; undefined when it is none. */
export function hostOf(url: string | undefined): string | undefined {
  try {
    return url ? new URL(url).host || undefined : undefined;
  } catch {
    return undefined;
  }
}
