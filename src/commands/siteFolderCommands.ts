/**
 * The site folders' commands, as VS Code's Git extension has its command center (commands.ts): Clone
 * Site into Folder…, Sync, Check for Changes, the rows' diffs, the site's version of a file, and
 * the outbox's Publish Now. Each acts on the folder it is about (SiteFolders.sessionFor).
 */
import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import type { WritingModule } from '../writing/writingModule';
import { isUnreachable, waitingSentence } from '../models/outboxReach';
import { report, reportFailure } from '../report';
import { requireSignIn } from './common';
import { requireTrust, saveDocument } from './postFileWriter';
import { cloneIntoFolder } from './cloneSite';
import { publishAnyway } from './publishAnyway';
import { rememberTaken, type SiteFolderSession } from './siteFolderSession';
import type { SiteFolderDeps } from './siteFolderDeps';
import type { SiteFolders } from './siteFolders';

/** The file or folder a command's first argument names: a URI, a Source Control row (its file), a source control (its folder). */
function aboutUri(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  const o = arg as { resourceUri?: unknown; rootUri?: unknown } | undefined;
  if (o?.resourceUri instanceof vscode.Uri) return o.resourceUri;
  if (o?.rootUri instanceof vscode.Uri) return o.rootUri;
  return undefined;
}

type SyncOutcome = Awaited<ReturnType<WritingModule['syncSite']>>;

export class SiteFolderCommands {
  constructor(
    private readonly folders: SiteFolders,
    private readonly deps: SiteFolderDeps,
  ) {}

  /**
   * A command, by its id (features/siteFolder.ts registers each). Its first argument says what it is
   * about: a file (the explorer, an editor's title), a row of the Source Control view (its file), or
   * the view itself (its folder).
   */
  async run(id: string, args: unknown[]): Promise<unknown> {
    const uri = aboutUri(args[0]);
    switch (id) {
      case COMMANDS.siteFolder.clone:
        return this.clone();
      case COMMANDS.siteFolder.sync:
        return this.sync(uri);
      case COMMANDS.siteFolder.checkStatus:
        return this.checkStatus(uri);
      case COMMANDS.siteFolder.openChange:
        return this.openChange(uri, args[1] as string, args[2] as number | undefined);
      case COMMANDS.siteFolder.openFile:
        return uri && vscode.window.showTextDocument(uri);
      case COMMANDS.siteFolder.showSiteVersion:
        return this.openChange(uri ?? vscode.window.activeTextEditor?.document.uri, 'site', undefined);
      case COMMANDS.siteFolder.publishQueued:
        return this.publishQueued(uri);
    }
    return undefined;
  }

  private async clone(): Promise<void> {
    if (!requireSignIn(this.deps)) return;
    const made = await cloneIntoFolder(this.deps, this.folders.memory);
    if (!made) return;
    // The versions the clone took: where the folder's first check and Sync start (not from nothing).
    const open = this.folders.session(made.folder.fsPath);
    if (open) await open.took(made.newest);
    else await rememberTaken(this.deps.storageUri, made.service, made.folder.fsPath, made.siteId, made.newest);
    if (vscode.workspace.workspaceFolders?.some((f) => f.uri.fsPath === made.folder.fsPath)) await this.folders.openWorkspace();
  }

  private async checkStatus(uri?: vscode.Uri): Promise<void> {
    const s = await this.folders.sessionFor(uri);
    if (!s || !requireSignIn(this.deps)) return;
    await vscode.window.withProgress({ location: vscode.ProgressLocation.SourceControl }, () => s.check(true));
  }

  /** The diff that matters for a row: last synced ↔ file (Changed Here), file ↔ site (changed there), else the file. */
  private async openChange(uri: vscode.Uri | undefined, group: string, id: number | undefined): Promise<void> {
    if (!uri) return;
    const s = this.folders.sessionOf(uri.fsPath);
    const post = id ?? s?.model.file(uri.fsPath)?.id;
    if (!s || post === undefined) {
      await vscode.window.showTextDocument(uri);
      return;
    }
    const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
    const file = s.model.file(uri.fsPath);
    if (group === 'here') {
      await vscode.commands.executeCommand(
        'vscode.diff',
        this.folders.documents.synced(uri, s.marker.site, post),
        uri,
        vscode.l10n.t('{0} (Last Synced ↔ Here)', name),
      );
    } else if ((group === 'site' || group === 'both') && !file?.conflicted) {
      if (!file) {
        await vscode.window.showTextDocument(this.folders.documents.site(uri, s.marker.site, post));
        return;
      }
      await vscode.commands.executeCommand(
        'vscode.diff',
        uri,
        this.folders.documents.site(uri, s.marker.site, post),
        vscode.l10n.t('{0} (Here ↔ Site)', name),
      );
    } else await vscode.window.showTextDocument(uri);
  }

  /** Sync: pull what changed only on the site, merge what changed on both, publish what changed here. */
  async sync(uri?: vscode.Uri, confirmed?: ReadonlySet<string>): Promise<SyncOutcome | undefined> {
    const s = await this.folders.sessionFor(uri);
    if (!s || !requireSignIn(this.deps) || !requireTrust(vscode.l10n.t('Sync'))) return undefined;
    if (!s.sameService) {
      void report.error(
        vscode.l10n.t(
          'This folder is a clone of {0} on {1}, and the extension now talks to {2}: nothing is synced.',
          s.marker.site,
          s.marker.service,
          this.deps.client().baseUrl,
        ),
      );
      return undefined;
    }
    // The marker and the files must say the same site: otherwise nothing is sent to either.
    const disagree = s.model.siteDisagreement();
    if (disagree.length) {
      void report.error(
        vscode.l10n.t(
          'Nothing was synced: {0} file(s) of this folder name another site than its .contentsite.json (site {1}). {2}: {3}',
          disagree.length,
          s.marker.site,
          vscode.workspace.asRelativePath(disagree[0].path),
          disagree[0].problem?.message ?? '',
        ),
      );
      return undefined;
    }
    const w = await import('../writing/index');
    // What the editor shows is what is synced: unsaved post files of the folder are saved first (never
    // one that leads outside the folder through a link: its save would write there; Sync refuses it).
    const inside = (doc: vscode.TextDocument) =>
      w.realPathInside(s.root.fsPath, doc.uri.fsPath).then(
        () => true,
        () => false,
      );
    for (const doc of vscode.workspace.textDocuments)
      if (doc.isDirty && doc.uri.scheme === 'file' && this.folders.sessionOf(doc.uri.fsPath) === s && (await inside(doc)))
        await saveDocument(doc);
    await s.ready;
    s.scm.setSyncing(true);
    let out: SyncOutcome | undefined;
    try {
      out = await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: vscode.l10n.t('Syncing {0}', s.marker.url ?? s.marker.site),
          cancellable: true,
        },
        async (progress, token) => {
          const stop = new AbortController();
          token.onCancellationRequested(() => stop.abort());
          // What changed since the last check (one cheap listing); the IDs are compared at most hourly
          // (the check's own rule) or on Check Site for Changes, not on every Sync.
          await s.check();
          const groups = s.model.groups();
          // Not Sent rows go to the publish pass too: its guard refuses each and says why (nothing of them is read).
          const publish = [...groups.here, ...groups.new, ...groups.held].flatMap((r) => (r.path ? [r.path] : []));
          const result = await w.syncSite(
            {
              client: this.deps.client(),
              service: s.marker.service,
              ...this.folders.memory,
              rules: () => this.folders.rules(w, s.marker.site),
              now: () => new Date(),
            },
            {
              site: s.marker.site,
              root: s.root.fsPath,
              since: s.model.pullSince(s.taken),
              publish,
              files: s.model.postFiles(),
              confirmed,
              signal: stop.signal,
              onProgress: (message) => progress.report({ message }),
            },
            isUnreachable,
          );
          await s.took(result.newest);
          return result;
        },
      );
    } catch (err) {
      await this.failed(err, vscode.l10n.t('Sync'));
      return undefined;
    } finally {
      s.scm.setSyncing(false);
    }
    // What Sync wrote is read again now (the watcher would, a moment later); the files it pulled the watcher reports.
    for (const path of new Set([
      ...out.published.map((p) => p.path),
      ...out.merged,
      ...out.conflicts,
      ...out.unreachable.map((u) => u.path),
    ]))
      await s.read(path);
    for (const p of out.published) this.deps.changes.post(s.marker.site, p.post);
    for (const u of out.unreachable)
      await this.folders.outbox.add({ path: u.path, site: s.marker.site, service: s.marker.service, queuedAt: new Date().toISOString() });
    await this.tell(out);
    if (out.unintended.length && !confirmed) await this.askUnintended(s, out);
    return out;
  }

  /** What a Sync did, in one sentence (and the files it could not take, each said). */
  private async tell(out: SyncOutcome): Promise<void> {
    const parts = [
      out.pulled && vscode.l10n.t('{0} pulled', out.pulled),
      out.published.length && vscode.l10n.t('{0} published', out.published.length),
      out.merged.length && vscode.l10n.t('{0} merged', out.merged.length),
    ].filter(Boolean);
    const done = parts.length ? parts.join(', ') : vscode.l10n.t('nothing to pull or publish');
    for (const f of out.failed) this.deps.log.warn(`Sync: ${f.path ?? `post ${f.id}`}: ${f.message}`);
    for (const l of out.leftAlone) this.deps.log.info(`Sync left ${l.path}: ${l.reason}`);
    if (out.cancelled) void report.warn(vscode.l10n.t('Sync was cancelled ({0} before it stopped): run it again to go on.', done));
    else if (out.conflicts.length) {
      const open = vscode.l10n.t('Open');
      const pick = await report.warn(
        vscode.l10n.t(
          'Synced ({0}). {1} file(s) changed on both sides in the same place: the conflicts are marked in the file (Changed on Both); resolve them, then Sync.',
          done,
          out.conflicts.length,
        ),
        open,
      );
      if (pick === open) await vscode.window.showTextDocument(vscode.Uri.file(out.conflicts[0]));
    } else if (out.failed.length || out.leftAlone.length || out.unreachable.length)
      void report.warn(
        vscode.l10n.t(
          'Synced ({0}). Not synced: {1} — {2}',
          done,
          out.failed.length + out.leftAlone.length + out.unreachable.length,
          [
            ...out.failed.map((f) => `${f.path ? vscode.workspace.asRelativePath(f.path) : `post ${f.id}`}: ${f.message}`),
            ...out.leftAlone.map((l) => `${vscode.workspace.asRelativePath(l.path)}: ${l.reason}`),
            ...out.unreachable.map((u) => `${vscode.workspace.asRelativePath(u.path)}: ${waitingSentence(1)}`),
          ].join('; '),
        ),
      );
    else void report.info(vscode.l10n.t('Synced: {0}.', done));
  }

  /** Publishes Sync held back because they would change parts the writer did not edit: shown, sent only when the writer says so. */
  private async askUnintended(s: SiteFolderSession, out: SyncOutcome): Promise<void> {
    const list = out.unintended.map((u) => `${vscode.workspace.asRelativePath(u.path)} (${u.parts})`).join(', ');
    const held = out.unintended.map((u) => ({
      site: s.marker.site,
      id: u.id,
      name: u.title || vscode.workspace.asRelativePath(u.path),
      before: u.before,
      after: u.after,
    }));
    const question = vscode.l10n.t(
      'Publishing these would also change parts of the post you did not edit (the first shown side by side), so they were not sent: {0}.',
      list,
    );
    if (await publishAnyway(this.deps.sitePosts, held, question)) await this.sync(s.root, new Set(out.unintended.map((u) => u.path)));
  }

  /**
   * With a file: a Publish of it could not reach the service, so it waits in the outbox (true; false
   * when the file is not in a site folder, and its Publish says the failure). Without: the outbox
   * tries now (its status bar item).
   */
  async publishQueued(uri?: vscode.Uri): Promise<boolean> {
    if (uri?.scheme === 'file' && uri.path.endsWith('.md')) {
      const s = this.folders.sessionOf(uri.fsPath);
      if (!s) return false;
      await this.folders.outbox.add({
        path: uri.fsPath,
        site: s.marker.site,
        service: s.marker.service,
        queuedAt: new Date().toISOString(),
      });
      void report.warn(
        vscode.l10n.t(
          'The site cannot be reached: {0} waits to publish ({1}), and goes out when the site answers again.',
          vscode.workspace.asRelativePath(uri),
          waitingSentence(this.folders.outbox.size),
        ),
      );
      return true;
    }
    const r = await this.folders.outbox.wake();
    if (r.unreachable) void report.warn(vscode.l10n.t('The site still cannot be reached: {0}.', waitingSentence(this.folders.outbox.size)));
    return true;
  }

  private failed(err: unknown, what: string): Promise<void> {
    return reportFailure(this.deps, err, what);
  }
}
