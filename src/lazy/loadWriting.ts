/**
 * The post-file code (Markdown, HTML to Markdown, YAML, publishing), loaded when a post file is first
 * opened, checked or published. In the bundle, `require('./writingEntry')` becomes
 * `require('./writing.js')` (dist/writing.js, see scripts/build.mjs); from source it is the module beside this one.
 */
import type * as Writing from './writingEntry';
import { lazyPart } from '../api/lazy/lazyPart';

export type WritingModule = typeof Writing;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const part = lazyPart(() => require('./writingEntry') as WritingModule);
export const writingModule = part.get;
/** A failure to load is a rejection, not a throw. */
export const loadWriting = part.load;
