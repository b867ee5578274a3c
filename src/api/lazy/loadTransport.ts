/**
 * undici, loaded on the first request. In the bundle, `require('./transportEntry')` becomes
 * `require('./transport.js')` (dist/transport.js, see scripts/build.mjs); from source (tests, tsx)
 * it is the module beside this one. Only its types are imported statically.
 */
import type * as Transport from './transportEntry';
import { lazyPart } from './lazyPart';

export type TransportModule = typeof Transport;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const part = lazyPart(() => require('./transportEntry') as TransportModule);
export const transportModule = part.get;
/** A failure to load is a rejection, not a throw. */
export const loadTransport = part.load;
