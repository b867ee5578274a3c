/**
 * The post-file commands' work, loaded with the first of them. In the bundle,
 * `require('./postFilesEntry')` becomes `require('./postfiles.js')` (dist/postfiles.js, see
 * scripts/build.mjs); from source it is the module beside this one.
 */
import type * as PostFiles from './postFilesEntry';
import { lazyPart } from '../../api/lazy/lazyPart';

export type PostFilesModule = typeof PostFiles;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const part = lazyPart(() => require('./postFilesEntry') as PostFilesModule);
/** A failure to load is a rejection, not a throw. */
export const loadPostFiles = part.load;
