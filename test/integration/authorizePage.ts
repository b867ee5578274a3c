/** What a user's browser does on the reference service's authorize page: open it, press a button. */
import * as assert from 'node:assert/strict';

const unescape = (s: string): string => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));

/** Opens `authorizeUrl`, presses Approve or Deny, and returns where the service redirects to. */
export async function pressOnAuthorizePage(authorizeUrl: string, action: 'approve' | 'deny'): Promise<string> {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  assert.equal(page.status, 200, `the authorize page refused: ${html}`);
  const form = new URLSearchParams({ action });
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) form.set(m[1], unescape(m[2]));
  const res = await fetch(new URL('authorize', authorizeUrl), { method: 'POST', redirect: 'manual', body: form });
  const location = res.headers.get('location');
  assert.equal(res.status, 302, 'the decision redirects');
  assert.ok(location);
  return location;
}

/** Splits a redirect into what a URI handler receives: query and fragment. */
export function answerOf(location: string): { query: string; fragment: string } {
  const url = new URL(location);
  return { query: url.search, fragment: url.hash };
}
