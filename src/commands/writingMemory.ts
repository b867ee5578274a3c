/**
 * What publishing remembers between sessions, per service and site: in global state, the library
 * items of uploaded images by their content (each image is sent once) and the version of each post
 * this extension last read or wrote (a publish trusts only that `modified`); in global storage, what
 * each post file and the site last agreed on.
 */
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import { STORAGE_KEYS } from '../ids';
import type { MediaMemory, PostMemory, SeenPost } from '../writing/publisher';
import type { SyncRecord, SyncRecords } from '../writing/syncRecord';

interface MemoryDeps {
  state: vscode.Memento;
  /** The service's address: the same site ID on another service is another site. */
  baseUrl(): string;
}

/** Sets within this long of the first not yet written go out in one write: a clone's 10,000 are a few writes, not one each. */
export const MEMORY_WRITE_GAP_MS = 250;

/**
 * A memory kept under one key of the global state, written as few times as it may be. Every
 * `state.update` sends (and serializes) the whole object, 10,000 posts' worth after a clone: one
 * per post made a clone's work and memory grow with the square of the site. So a set is seen by
 * `get` at once and written with every other set made within `MEMORY_WRITE_GAP_MS`, over what the
 * state holds then (another part's writes between are kept).
 */
function keyed<T>(deps: MemoryDeps, storageKey: string) {
  const all = () => deps.state.get<Record<string, T>>(storageKey) ?? {};
  const key = (site: string, what: string | number) => `${deps.baseUrl()}|${site}|${what}`;
  /** Set here, not written yet. */
  let pending: Record<string, T> | undefined;
  const write = () => {
    const batch = pending;
    pending = undefined;
    deps.state.update(storageKey, { ...all(), ...batch }).then(undefined, () => undefined);
  };
  return {
    get: (site: string, what: string | number): T | undefined => pending?.[key(site, what)] ?? all()[key(site, what)],
    set: async (site: string, what: string | number, value: T): Promise<void> => {
      if (!pending) setTimeout(write, MEMORY_WRITE_GAP_MS);
      (pending ??= {})[key(site, what)] = value;
    },
  };
}

/** The uploaded images, by service, site and content. */
export function mediaMemory(deps: MemoryDeps): MediaMemory {
  return keyed<{ ID: number; URL: string }>(deps, STORAGE_KEYS.uploadedMedia);
}

/** The posts' versions as this extension last saw them, by service, site and post. */
export function postMemory(deps: MemoryDeps): PostMemory {
  return keyed<SeenPost>(deps, STORAGE_KEYS.seenPosts);
}

/**
 * What each post file and the site last agreed on (writing/syncRecord.ts): one JSON file per
 * service, site and post in the extension's global storage (a post's text can be large, so not in
 * the global state), named by a hash of those three.
 */
export function syncRecords(deps: { storage: vscode.Uri; baseUrl(): string }): SyncRecords {
  const uri = (site: string, id: number) =>
    vscode.Uri.joinPath(
      deps.storage,
      'synced-posts',
      `${createHash('sha256').update(`${deps.baseUrl()}|${site}|${id}`).digest('hex').slice(0, 32)}.json`,
    );
  return {
    get: async (site, id) => {
      try {
        return JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri(site, id)))) as SyncRecord;
      } catch {
        return undefined;
      }
    },
    set: async (site, id, record) => {
      await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(deps.storage, 'synced-posts'));
      await vscode.workspace.fs.writeFile(uri(site, id), new TextEncoder().encode(JSON.stringify(record)));
    },
  };
}
