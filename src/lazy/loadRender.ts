/**
 * The HTML sanitizer and the webview pages, loaded when the first detail view or insights panel
 * opens. In the bundle, `require('./renderEntry')` becomes `require('./render.js')` (dist/render.js,
 * see scripts/build.mjs); from source (tests, tsx) it is the module beside this one.
 */
import type * as Render from './renderEntry';
import { lazyPart } from '../api/lazy/lazyPart';

export type RenderModule = typeof Render;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const part = lazyPart(() => require('./renderEntry') as RenderModule);
export const renderModule = part.get;
/** A failure to load is a rejection, not a throw. */
export const loadRender = part.load;
