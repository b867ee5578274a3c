/**
 * Built on its own as dist/readerposts.js (scripts/build.mjs): acting on Reader posts (like, seen,
 * follow, block, comment on the lists' core), needed with the first such action. Load it only
 * through ./loadReaderPosts.
 */
export { ReaderPostActions } from '../readerPostActions';
