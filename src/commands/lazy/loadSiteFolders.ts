/**
 * Site folders (Clone Site into Folder…, the Source Control view of each clone, Sync, the outbox),
 * loaded when a workspace folder holds a clone marker or one of their commands first runs. In the
 * bundle, `require('./siteFoldersEntry')` becomes `require('./sitefolders.js')` (dist/sitefolders.js,
 * see scripts/build.mjs); from source it is the module beside this one.
 */
import type * as SiteFolders from './siteFoldersEntry';
import { lazyPart } from '../../api/lazy/lazyPart';

export type SiteFoldersModule = typeof SiteFolders;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const part = lazyPart(() => require('./siteFoldersEntry') as SiteFoldersModule);
/** A failure to load is a rejection, not a throw. */
export const loadSiteFolders = part.load;
