/**
 * Built on its own as dist/comments.js (scripts/build.mjs): the work of the Comments view's
 * commands, needed only when one runs. Load it only through ./loadComments.
 */
export { commentWork } from '../commentActions';
