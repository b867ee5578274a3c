/**
 * The check of an address to follow, apart from the Reader actions (a chunk of its own) so that an
 * input box can say what is wrong as it is typed, before anything loads or is sent.
 */
import { invalidInput } from './errors';

/** A web address to follow, as the service takes it: a bare domain is read as https. */
export function followAddress(url: string): string {
  const text = typeof url === 'string' ? url.trim() : '';
  let parsed: URL | undefined;
  try {
    parsed = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    parsed = undefined;
  }
  if (!text || !parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || !parsed.hostname.includes('.'))
    throw invalidInput(`The address to follow must be a web address such as https://example.com (got "${String(url)}").`);
  return parsed.href;
}
