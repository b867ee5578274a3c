/**
 * Built on its own as dist/sitefolders.js (scripts/build.mjs): the site folders' views and commands,
 * needed only in a workspace that holds a clone or when one is made. Load it only through ./loadSiteFolders.
 */
export { SiteFolderCommands } from '../siteFolderCommands';
export { SiteFolders } from '../siteFolders';
