/**
 * What a post file open in the editor gets, loaded with the first Markdown document. In the bundle,
 * `require('./postEditorEntry')` becomes `require('./posteditor.js')` (dist/posteditor.js, see
 * scripts/build.mjs); from source it is the module beside this one.
 */
import type * as PostEditor from './postEditorEntry';
import { lazyPart } from '../../../api/lazy/lazyPart';

export type PostEditorModule = typeof PostEditor;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const part = lazyPart(() => require('./postEditorEntry') as PostEditorModule);
/** A failure to load is a rejection, not a throw. */
export const loadPostEditor = part.load;
