/**
 * The Comments view's command work, loaded with the first of its commands. In the bundle,
 * `require('./commentsEntry')` becomes `require('./comments.js')` (dist/comments.js, see
 * scripts/build.mjs); from source it is the module beside this one.
 */
import type * as Comments from './commentsEntry';
import { lazyPart } from '../../api/lazy/lazyPart';

export type CommentsModule = typeof Comments;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const part = lazyPart(() => require('./commentsEntry') as CommentsModule);
/** A failure to load is a rejection, not a throw. */
export const loadComments = part.load;
