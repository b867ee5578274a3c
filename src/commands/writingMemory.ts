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

/** After a write of a memory, the next waits at least this long: a burst of sets (a clone's 10,000) is a few writes, not one each. */
export const MEMORY_WRITE_GAP_MS = 250;

/**
 * A memory kept under one key of the global state, written as few times as it may be. Every
 * `state.update` sends (and serializes) the whole object, 10,000 posts' worth after a clone: one
 * per post made a clone's work and memory grow with the square of the site. So a set is seen by
 * `get` at once, and the state is written at once when nothing was written lately, else with
 * every set made meanwhile `MEMORY_WRITE_GAP_MS` after the last write (over what the state holds
 * then, so another part's writes between are kept). A failed write is tried again with the next.
 */
function keyed<T>(deps: MemoryDeps, storageKey: string) {
  const all = () => deps.state.get<Record<string, T>>(storageKey) ?? {};
  const key = (site: string, what: string | number) => `${deps.baseUrl()}|${site}|${what}`;
  /** Set here, not written yet. */
  let pending = new Map<string, T>();
  let writing: Promise<void> | undefined;
  let lastWrite = 0;
  const write = async (): Promise<void> => {
    const wait = lastWrite + MEMORY_WRITE_GAP_MS - Date.now();
    if (wait > 0) await new Promise((done) => setTimeout(done, wait));
    const batch = pending;
    pending = new Map();
    lastWrite = Date.now();
    try {
      await deps.state.update(storageKey, { ...all(), ...Object.fromEntries(batch) });
    } catch {
      // Put back (under any newer set of the same key), for the next write.
      for (const [k, v] of batch) if (!pending.has(k)) pending.set(k, v);
    }
  };
  const schedule = (): void => {
    writing ??= write().finally(() => {
      writing = undefined;
      if (pending.size > 0) schedule();
    });
  };
  return {
    get: (site: string, what: string | number): T | undefined => {
      const k = key(site, what);
      return pending.has(k) ? pending.get(k) : all()[k];
    },
    set: async (site: string, what: string | number, value: T): Promise<void> => {
      pending.set(key(site, what), value);
      schedule();
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
