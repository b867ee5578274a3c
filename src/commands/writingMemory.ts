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

function keyed<T>(deps: MemoryDeps, storageKey: string) {
  const all = () => deps.state.get<Record<string, T>>(storageKey) ?? {};
  const key = (site: string, what: string | number) => `${deps.baseUrl()}|${site}|${what}`;
  return {
    get: (site: string, what: string | number): T | undefined => all()[key(site, what)],
    set: async (site: string, what: string | number, value: T): Promise<void> => {
      await deps.state.update(storageKey, { ...all(), [key(site, what)]: value });
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
