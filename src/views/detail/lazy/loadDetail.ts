/**
 * The detail view's panel, loaded when the first note or post is shown. In the bundle,
 * `require('./detailEntry')` becomes `require('./detail.js')` (dist/detail.js, see
 * scripts/build.mjs); from source it is the module beside this one.
 */
import type * as Detail from './detailEntry';
import { lazyPart } from '../../../api/lazy/lazyPart';

export type DetailModule = typeof Detail;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const part = lazyPart(() => require('./detailEntry') as DetailModule);
/** A failure to load is a rejection, not a throw. */
export const loadDetail = part.load;
