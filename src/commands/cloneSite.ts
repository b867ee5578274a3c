/**
 * Clone Site into Folder…: the chosen site (asked for when none is), a folder picked in the
 * editor's dialog, then every post and page as a post file (writing/siteClone.ts) under a progress
 * notification that can be cancelled; running it again on the same folder goes on where it stopped.
 * Then the folder is offered to open (or is already open, and its Source Control view comes up).
 */
import * as vscode from 'vscode';
import { report, reportFailure } from '../report';
import type { MediaMemory, PostMemory } from '../writing/publisher';
import type { SyncRecords } from '../writing/syncRecord';
import type { SiteFolderDeps } from './siteFolderDeps';

export async function cloneIntoFolder(
  deps: SiteFolderDeps,
  memory: { posts: PostMemory; records: SyncRecords; media: MediaMemory },
): Promise<{ folder: vscode.Uri; service: string; siteId: number; newest?: string } | undefined> {
  if (!deps.site.site) await deps.selectSite();
  const site = deps.site.site;
  if (!site) return undefined;
  const label = deps.site.label ?? site;
  const picked = await vscode.window.showOpenDialog({
    canSelectFolders: true,
    canSelectFiles: false,
    canSelectMany: false,
    openLabel: vscode.l10n.t('Clone Here'),
    title: vscode.l10n.t('Clone {0} into Folder', label),
    defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
  });
  const folder = picked?.[0];
  if (!folder) return undefined;
  if (folder.scheme !== 'file') {
    void report.error(vscode.l10n.t('A site is cloned into a folder on this machine’s disk; {0} is not one.', folder.toString()));
    return undefined;
  }
  const w = await import('../writing/index');
  const client = deps.client();
  let out: Awaited<ReturnType<typeof w.cloneSite>>;
  const stop = new AbortController();
  try {
    out = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Cloning {0}', label), cancellable: true },
      (progress, token) => {
        token.onCancellationRequested(() => stop.abort());
        let shown = 0;
        return w.cloneSite(
          { client, service: client.baseUrl, posts: memory.posts, records: memory.records },
          {
            site,
            folder: folder.fsPath,
            signal: stop.signal,
            onProgress: ({ done, total }) => {
              const increment = total ? ((done - shown) / total) * 100 : 0;
              shown = done;
              progress.report({ message: vscode.l10n.t('{0} of {1} posts and pages', done, total), increment });
            },
          },
        );
      },
    );
  } catch (err) {
    // Cancelled before the first page came: nothing was written.
    if (stop.signal.aborted) void report.info(vscode.l10n.t('Cloning {0} was cancelled before any file was written.', label));
    else if (err instanceof Error && err.name === 'PublishError') void report.error(err.message);
    else await reportFailure(deps, err, vscode.l10n.t('Clone Site into Folder'));
    return undefined;
  }
  for (const f of out.failed) deps.log.warn(`Clone: post ${f.id} not written: ${f.message}`);
  for (const l of out.leftAlone) deps.log.info(`Clone: ${l.path} left as it is (${l.reason}).`);
  for (const r of out.renamed) deps.log.info(`Clone: post ${r.id} written as ${r.path} (${r.taken} is another file).`);
  const counts = vscode.l10n.t('{0} written, {1} updated, {2} already there', out.written, out.updated, out.skipped);
  const notes = [
    out.leftAlone.length && vscode.l10n.t('{0} file(s) with changes of yours left as they are (Sync merges them)', out.leftAlone.length),
    out.renamed.length && vscode.l10n.t('{0} under another name, since a file of yours had theirs', out.renamed.length),
    out.failed.length && vscode.l10n.t('{0} could not be written (see the log)', out.failed.length),
  ].filter(Boolean);
  const sentence = out.cancelled
    ? vscode.l10n.t('Cloning {0} stopped ({1}). Run Clone Site into Folder… on the same folder again to go on.', label, counts)
    : vscode.l10n.t('Cloned {0} into {1}: {2}.', label, folder.fsPath, counts) + (notes.length ? ` ${notes.join('; ')}.` : '');
  const inWorkspace = vscode.workspace.workspaceFolders?.some((f) => f.uri.fsPath === folder.fsPath);
  const open = vscode.l10n.t('Open Folder');
  const add = vscode.l10n.t('Add to Workspace');
  // Said, not awaited: the clone is done whether or not the message is answered.
  void (out.cancelled || out.failed.length ? report.warn : report.info)(sentence, ...(inWorkspace ? [] : [open, add])).then((pick) => {
    if (pick === open) void vscode.commands.executeCommand('vscode.openFolder', folder);
    else if (pick === add) vscode.workspace.updateWorkspaceFolders(vscode.workspace.workspaceFolders?.length ?? 0, 0, { uri: folder });
  });
  return { folder, service: client.baseUrl, siteId: out.siteId, newest: out.newest };
}
