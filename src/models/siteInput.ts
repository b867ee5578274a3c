/**
 * What a person may type or paste as a site: a numeric ID, a domain, or the site's address
 * (https://example.blog/, with or without a path). The api's own check decides what is valid.
 */
import { ContentSiteError } from '../api/errors';
import { site as checkSite } from '../api/validate';

export function siteFromInput(text: string): { site: string } | { problem: string } {
  let value = text.trim();
  if (value === '') return { problem: 'Enter a site ID, a domain such as example.wordpress.com, or the site’s address.' };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      if (url.protocol !== 'https:' && url.protocol !== 'http:')
        return { problem: `Only a site’s web address (https://…) can be used, not ${url.protocol}//.` };
      value = url.hostname;
    } catch {
      return { problem: `"${value}" is not a valid address.` };
    }
  } else {
    value = value.replace(/[/?#].*$/, '');
  }
  try {
    return { site: checkSite(value) };
  } catch (err) {
    return { problem: err instanceof ContentSiteError ? err.userMessage : String(err) };
  }
}

/** Most recent first, without repeats, at most `max`. */
export function rememberSite(recent: readonly string[], site: string, max = 5): string[] {
  return [site, ...recent.filter((s) => s !== site)].slice(0, max);
}
