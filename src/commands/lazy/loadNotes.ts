/**
 * The note-action commands' work, loaded with the first of them. In the bundle,
 * `require('./notesEntry')` becomes `require('./notes.js')` (dist/notes.js, see scripts/build.mjs);
 * from source it is the module beside this one. The load is a synchronous require inside a
 * microtask: nothing the user does comes between a key and its work.
 */
import type * as Notes from './notesEntry';
import { lazyPart } from '../../api/lazy/lazyPart';
import { commandWork, type WorkDeps } from './commandWork';

export type NotesModule = typeof Notes;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const part = lazyPart(() => require('./notesEntry') as NotesModule);
/** A failure to load is a rejection, not a throw. */
export const loadNotes = part.load;

/** Runs a note command's work from the part (see commandWork). */
export const notesWork = (deps: WorkDeps) => commandWork(loadNotes, deps);
