/**
 * The small file at a clone's root that says which site the folder holds (`.contentsite.json`): the
 * service's address, the site as it was chosen, and its ID; never a token. A folder that already
 * holds another site's (or another service's) clone is refused, as is a marker this extension
 * cannot read: nothing of either is changed.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeWhole } from './cloneFiles';
import { MARKER_FILE } from '../ids';
import { PublishError } from './publishBase';

export { MARKER_FILE };

export interface CloneMarker {
  /** The service's REST address, as the client is given it. */
  service: string;
  /** The site as it was chosen (an ID or a domain): what each post file's `site` says. */
  site: string;
  siteId: number;
  /** The site's address, for people reading the file. */
  url?: string;
}

function readMarker(text: string, path: string): CloneMarker {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new PublishError(
      `${path} is not JSON: this folder's clone marker cannot be read, so nothing is written. Fix it, or choose another folder.`,
    );
  }
  const m = value as Partial<CloneMarker> | null;
  if (!m || typeof m !== 'object' || typeof m.service !== 'string' || typeof m.site !== 'string' || !Number.isInteger(m.siteId))
    throw new PublishError(
      `${path} does not say a service, a site and a site ID: this folder's clone marker cannot be read, so nothing is written. Fix it, or choose another folder.`,
    );
  return m as CloneMarker;
}

/** The marker the folder holds, when it holds one. */
export async function folderMarker(root: string): Promise<CloneMarker | undefined> {
  const path = join(root, MARKER_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new PublishError(`${path} could not be read (${(err as NodeJS.ErrnoException).code ?? String(err)}): nothing is written.`);
  }
  return readMarker(text, path);
}

/** The folder marked as a clone of `want` (written when it holds no marker); refused when it holds another site's. */
export async function markFolder(root: string, want: CloneMarker): Promise<void> {
  const have = await folderMarker(root);
  if (have) {
    if (have.service !== want.service || have.siteId !== want.siteId)
      throw new PublishError(
        `This folder holds a clone of site ${have.site} (ID ${have.siteId}) on ${have.service}, not of ${want.site} (ID ${want.siteId}) on ${want.service}. Choose another folder.`,
      );
    return;
  }
  await writeWhole(root, join(root, MARKER_FILE), `${JSON.stringify(want, null, 2)}\n`);
}
