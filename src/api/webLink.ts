/**
 * A web address from the service, checked once where its answer is read: parsed as a URL and
 * written back as the URL serialises (`url.href`: spaces and quotes percent-encoded, the host
 * lower-cased), http and https only. Anything else — another scheme (`javascript:`, `command:`,
 * `data:`), a relative path, a string that is no URL — is dropped.
 */
export function webLink(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
}
