/**
 * The push channel's session, loaded when it is first started. In the bundle,
 * `require('./liveEntry')` becomes `require('./live.js')` (dist/live.js, see scripts/build.mjs);
 * from source it is the module beside this one.
 */
import type * as Live from './liveEntry';
import { lazyPart } from '../../api/lazy/lazyPart';

export type LiveModule = typeof Live;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const part = lazyPart(() => require('./liveEntry') as LiveModule);
/** A failure to load is a rejection, not a throw. */
export const loadLive = part.load;
