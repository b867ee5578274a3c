/**
 * Built on its own as dist/live.js (scripts/build.mjs): the push channel's session (when to connect,
 * what a pushed note changes), needed once signed in and the notes' first load has answered. Load it
 * only through ./loadLive.
 */
export { LiveSession } from '../liveSession';
