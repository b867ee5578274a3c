/**
 * The Reader posts' hovers, loaded with the first one built. In the bundle, `require('./hoversEntry')`
 * becomes `require('./hovers.js')` (dist/hovers.js, see scripts/build.mjs); from source it
 * is the module beside this one.
 */
import type * as Hovers from './hoversEntry';
import { lazyPart } from '../../../api/lazy/lazyPart';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const part = lazyPart(() => require('./hoversEntry') as typeof Hovers);
/** Loads the part now (a hover is built synchronously; a throw when it cannot be read). */
export const hovers = part.get;
