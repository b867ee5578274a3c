/**
 * Built on its own as dist/postfiles.js (scripts/build.mjs): the work of the post-file commands,
 * needed only when one runs. Load it only through ./loadPostFiles.
 */
export { postFileActions } from '../postFileActions';
