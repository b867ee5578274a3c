/**
 * Built on its own as dist/notes.js (scripts/build.mjs): the work of the note-action commands
 * (toggles, removals with Undo, reply, the link actions) and of Mark All Read, loaded with the first of them. Load it
 * only through ./loadNotes.
 */
export { markAllRead, openLink, remove, reply, toggle, undo } from '../noteActionWork';
