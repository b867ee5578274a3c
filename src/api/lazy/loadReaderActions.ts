/**
 * The Reader's actions, loaded with their first use. In the bundle, `require('./readerActionsEntry')`
 * becomes `require('./readeracts.js')` (dist/readeracts.js, see scripts/build.mjs); from source (tests,
 * tsx) it is the module beside this one. Only its types are imported statically.
 */
import type * as ReaderActions from './readerActionsEntry';
import { lazyPart } from './lazyPart';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const part = lazyPart(() => require('./readerActionsEntry') as typeof ReaderActions);
/** A failure to load is a rejection, not a throw. */
export const loadReaderActions = part.load;
/** Loads the part now (a throw when it cannot be read). */
export const readerActionsPart = part.get;
