/**
 * Built on its own as dist/postchanges.js (scripts/build.mjs): create, update, trash and restore
 * posts, used only when the user acts. Load it only through ./loadPostChanges; it is handed the
 * client's transport and decoder (PostsApi.changes).
 */
export { PostChanges } from '../postChanges';
