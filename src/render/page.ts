/**
 * The webview document around rendered content: a strict CSP (no inline script without the
 * nonce; images only from the extension's media folder and the service's avatar hosts, or any
 * https once the user loads remote images), the stylesheet, and the page's scripts from media/
 * (media/detail.js hands link clicks, the "Load images" button and a note's actions to the
 * extension, tagged with this render's token, which the page carries in `#page[data-token]`).
 */
import { gateImages, imageSources, loadImagesBar } from './remoteImages';
import { escapeHtml } from './sanitize';

export interface PageParts {
  title: string;
  body: string;
  nonce: string;
  /** webview.cspSource */
  cspSource: string;
  /** Webview URI of media/detail.css */
  styleUri: string;
  /** Show remote images (the user asked, or the setting says always); avatars show either way. */
  remoteImages: boolean;
  /** Sent back with every message, so the extension answers only its latest render. */
  token: string;
  /** Our own markup around the content (a note's buttons and reply box): escaped by its maker, never gated or sanitized. */
  before?: string;
  after?: string;
  /** Webview URIs of the page's scripts (media/detailMentions.js, then media/detail.js or a Reader post's media/detailPost.js), loaded with the nonce. */
  scriptUris: readonly string[];
}

export function csp(nonce: string, cspSource: string, remoteImages = false): string {
  return [
    `default-src 'none'`,
    `img-src ${imageSources(cspSource, remoteImages)}`,
    `style-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
    `font-src ${cspSource}`,
    `base-uri 'none'`,
    `form-action 'none'`,
    `frame-src 'none'`,
  ].join('; ');
}

/** The start of every webview document: the CSP, the style sheets and the title, up to `<body>`. */
export function documentHead(title: string, policy: string, styleSheets: readonly string[]): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${policy}">
<meta name="viewport" content="width=device-width, initial-scale=1">
${styleSheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('\n')}
<title>${escapeHtml(title)}</title></head>
<body>`;
}

export function page(p: PageParts): string {
  const gated = gateImages(p.body, p.remoteImages);
  const bar = gated.blocked > 0 && !p.remoteImages ? loadImagesBar(gated.blocked) : '';
  const scripts = p.scriptUris.map((src) => `<script nonce="${p.nonce}" src="${escapeHtml(src)}"></script>`).join('\n');
  return `${documentHead(p.title, csp(p.nonce, p.cspSource, p.remoteImages), [p.styleUri])}<main id="page" data-token="${escapeHtml(p.token)}">${p.before ?? ''}${bar}${gated.html}${p.after ?? ''}</main>
${scripts}
</body></html>`;
}

export function makeNonce(random: (n: number) => Buffer): string {
  return random(16)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '');
}
