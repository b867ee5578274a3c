/**
 * Acting on Reader posts, loaded with the first action. In the bundle, `require('./readerPostsEntry')`
 * becomes `require('./readerposts.js')` (dist/readerposts.js, see scripts/build.mjs); from source it
 * is the module beside this one.
 */
import type * as ReaderPosts from './readerPostsEntry';
import { lazyPart } from '../../api/lazy/lazyPart';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const part = lazyPart(() => require('./readerPostsEntry') as typeof ReaderPosts);
/** Loads the part now (a throw when it cannot be read: the action that needed it reports it). */
export const readerPostsPart = part.get;
