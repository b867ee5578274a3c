/**
 * The webview document around rendered content: a strict CSP (no inline script without the
 * nonce, images only from https and the extension's media folder), the stylesheet, and a small
 * script that hands link clicks to the extension instead of navigating the webview.
 */
import { escapeHtml } from './sanitize';

export interface PageParts {
  title: string;
  body: string;
  nonce: string;
  /** webview.cspSource */
  cspSource: string;
  /** Webview URI of media/detail.css */
  styleUri: string;
}

export function csp(nonce: string, cspSource: string): string {
  return [`default-src 'none'`, `img-src ${cspSource} https:`, `style-src ${cspSource}`, `script-src 'nonce-${nonce}'`, `font-src ${cspSource}`, `base-uri 'none'`, `form-action 'none'`, `frame-src 'none'`].join('; ');
}

export function page(p: PageParts): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp(p.nonce, p.cspSource)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${escapeHtml(p.styleUri)}">
<title>${escapeHtml(p.title)}</title></head>
<body>${p.body}
<script nonce="${p.nonce}">
const vscode = acquireVsCodeApi();
document.addEventListener('click', (e) => {
  const a = e.target instanceof Element ? e.target.closest('a[href]') : null;
  if (!a) return;
  e.preventDefault();
  vscode.postMessage({ type: 'open', href: a.getAttribute('href') });
});
</script></body></html>`;
}

export function makeNonce(random: (n: number) => Buffer): string {
  return random(16).toString('base64').replace(/[^A-Za-z0-9]/g, '');
}
