/**
 * What the Chromium tests of the detail pages share: the origin the page is served from, the
 * extension's media/ files as the webview serves them, and a stand-in for the webview's
 * acquireVsCodeApi that records what the page posts (window.posted), hands it to the test
 * (window.toExtension) and keeps its state (window.saved).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Route } from 'playwright-core';

export const ORIGIN = 'https://webview.test';
const MEDIA = join(__dirname, '../../../media');

/** Answers a request for one of the detail pages' scripts or their style sheet, else 404. */
export function serveMedia(route: Route, path: string): Promise<void> {
  const file = /^\/media\/(detail(?:Mentions|Post)?\.(?:js|css))$/.exec(path)?.[1];
  return file
    ? route.fulfill({ contentType: file.endsWith('.js') ? 'text/javascript' : 'text/css', body: readFileSync(join(MEDIA, file)) })
    : route.fulfill({ status: 404 });
}

/** The webview's API as the page sees it (a script string: functions compiled by tsx would carry its helpers into the page). */
export const WEBVIEW_API =
  'window.posted = []; window.acquireVsCodeApi = () => ({ postMessage: (m) => { window.posted.push(m); if (window.toExtension) window.toExtension(m); }, getState: () => window.saved, setState: (s) => { window.saved = s; } });';
