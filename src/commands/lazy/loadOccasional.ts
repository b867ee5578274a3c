/**
 * The occasional commands' work, loaded with the first of them. In the bundle,
 * `require('./occasionalEntry')` becomes `require('./occasional.js')` (dist/occasional.js, see
 * scripts/build.mjs); from source it is the module beside this one.
 */
import type * as Occasional from './occasionalEntry';
import { lazyPart } from '../../api/lazy/lazyPart';
import { commandWork, type WorkDeps } from './commandWork';

export type OccasionalModule = typeof Occasional;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const part = lazyPart(() => require('./occasionalEntry') as OccasionalModule);
/** A failure to load is a rejection, not a throw. */
export const loadOccasional = part.load;

/** Runs a command's work from the part (see commandWork). */
export const occasional = (deps: WorkDeps) => commandWork(loadOccasional, deps);
