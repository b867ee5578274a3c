/**
 * What the outbox does with a publish that waited for the service (models/outbox.ts keeps them and
 * their order): sends its file as Sync would, and says what became of it.
 */
import * as vscode from 'vscode';
import type { WritingModule } from '../writing/writingModule';
import type { OutboxEntry, SendResult } from '../models/outbox';
import { isUnreachable } from '../models/outboxReach';
import type { SiteFolderDeps } from './siteFolderDeps';
import type { SiteFolderSession } from './siteFolderSession';
import type { MediaMemory, PostMemory } from '../writing/publisher';
import type { SyncRecords } from '../writing/syncRecord';

/** What a send needs of the workspace's folders (siteFolders.ts): the file's folder, the memories, the site's upload rules. */
export interface OutboxFolders {
  sessionOf(path: string): SiteFolderSession | undefined;
  readonly memory: { posts: PostMemory; records: SyncRecords; media: MediaMemory };
  rules(w: WritingModule, site: string): Promise<ReturnType<WritingModule['uploadRules']>>;
}

/** The outbox sends a file as Sync would, without merging: a post changed on the site meanwhile is left to Changed on Both. */
export async function sendQueued(
  folders: OutboxFolders,
  deps: SiteFolderDeps,
  entry: OutboxEntry,
  signal: AbortSignal,
): Promise<SendResult> {
  const s = folders.sessionOf(entry.path);
  if (!s) return { kind: 'refused', message: vscode.l10n.t('the file is no longer in a site folder of this workspace') };
  if (deps.client().baseUrl !== entry.service || !deps.auth.current())
    return { kind: 'unreachable', error: new Error('signed out, or another service') };
  const w = await import('../writing/index');
  const out = await w.publishFolderFile(
    {
      client: deps.client(),
      service: s.marker.service,
      ...folders.memory,
      rules: () => folders.rules(w, s.marker.site),
      now: () => new Date(),
    },
    { site: entry.site, root: s.root.fsPath, path: entry.path, signal },
    isUnreachable,
  );
  if (out.unreachable.length) return { kind: 'unreachable', error: out.unreachable[0].error };
  if (out.changedOnSite) {
    await s.check();
    return { kind: 'conflict' };
  }
  if (out.leftAlone.some((l) => l.reason === 'the file is gone')) return { kind: 'missing' };
  const refused = [
    ...out.failed.map((f) => f.message),
    ...out.conflicts.map(() => vscode.l10n.t('it holds conflict markers')),
    ...out.unintended.map(() => vscode.l10n.t('it would change parts you did not edit: Sync it to review them')),
    ...out.leftAlone.map((l) => l.reason),
  ];
  if (refused.length) return { kind: 'refused', message: refused.join('; ') };
  for (const p of out.published) deps.changes.post(entry.site, p.post);
  return { kind: 'sent' };
}
