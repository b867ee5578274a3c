/**
 * The loopback sign-in server, loaded when a sign-in with the loopback redirect starts. In the
 * bundle, `require('./loopbackEntry')` becomes `require('./loopback.js')` (dist/loopback.js, see
 * scripts/build.mjs); from source it is the module beside this one.
 */
import type * as Loopback from './loopbackEntry';
import { lazyPart } from '../../api/lazy/lazyPart';

export type LoopbackModule = typeof Loopback;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const part = lazyPart(() => require('./loopbackEntry') as LoopbackModule);
/** A failure to load is a rejection, not a throw. */
export const loadLoopback = part.load;
