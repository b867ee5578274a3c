/**
 * What publishing remembers between sessions, in global state, per service and site: the library
 * items of uploaded images by their content (each image is sent once), and the version of each post
 * this extension last read or wrote (a publish trusts only that `modified`).
 */
import type * as vscode from 'vscode';
import { STORAGE_KEYS } from '../ids';
import type { MediaMemory, PostMemory, SeenPost } from '../writing/publisher';

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
