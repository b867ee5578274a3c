/**
 * What changes a post, loaded with the first change. In the bundle, `require('./postChangesEntry')`
 * becomes `require('./postchanges.js')` (dist/postchanges.js, see scripts/build.mjs); from source
 * (tests, tsx) it is the module beside this one. Only its types are imported statically.
 */
import type * as PostChanges from './postChangesEntry';
import { lazyPart } from './lazyPart';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const part = lazyPart(() => require('./postChangesEntry') as typeof PostChanges);
/** A failure to load is a rejection, not a throw. */
export const loadPostChanges = part.load;
