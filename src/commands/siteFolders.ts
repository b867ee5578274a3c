/**
 * The site folders of the workspace and their commands: Clone Site into Folder…, Sync, Check for
 * Changes, the rows' diffs, and the outbox (publishes waiting for the service, kept
 * in the workspace's state, sent in order when it answers again). Loaded as dist/sitefolders.js with the
 * first clone found or the first of these commands (features/siteFolder.ts registers them).
 */
import { isAbsolute, relative, sep } from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS, STORAGE_KEYS } from '../ids';
import { loadWriting, type WritingModule } from '../lazy/loadWriting';
import { Disposable } from '../models/disposable';
import { Outbox, type OutboxEntry, type SendResult } from '../models/outbox';
import { isUnreachable, waitingSentence } from '../models/outboxReach';
import { report, reportFailure } from '../report';
import { folderMarker, MARKER_FILE } from '../writing/cloneMarker';
import { WRITING_LIMITS } from '../writing/limits';
import { FolderDocuments } from '../views/siteFolder/folderDocuments';
import { requireSignIn } from './common';
import { requireTrust, saveDocument } from './postFileWriter';
import { cloneIntoFolder } from './cloneSite';
import { publishAnyway } from './publishAnyway';
import { rememberTaken, SiteFolderSession, type Marker } from './siteFolderSession';
import { mediaMemory, postMemory, syncRecords } from './writingMemory';
import type { SiteFolderDeps } from './siteFolderDeps';

export type { SiteFolderDeps } from './siteFolderDeps';

/** The file or folder a command's first argument names: a URI, a Source Control row (its file), a source control (its folder). */
function aboutUri(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  const o = arg as { resourceUri?: unknown; rootUri?: unknown } | undefined;
  if (o?.resourceUri instanceof vscode.Uri) return o.resourceUri;
  if (o?.rootUri instanceof vscode.Uri) return o.rootUri;
  return undefined;
}

type SyncOutcome = Awaited<ReturnType<WritingModule['syncSite']>>;

export class SiteFolders extends Disposable {
  private readonly sessions = new Map<string, SiteFolderSession>();
  private readonly documents: FolderDocuments;
  private readonly memory;
  readonly outbox: Outbox;

  constructor(private readonly deps: SiteFolderDeps) {
    super();
    const baseUrl = () => deps.client().baseUrl;
    this.memory = {
      posts: postMemory({ state: deps.state, baseUrl }),
      records: syncRecords({ storage: deps.storageUri, baseUrl }),
      media: mediaMemory({ state: deps.state, baseUrl }),
    };
    this.documents = new FolderDocuments({
      synced: async (site, id) => (await this.memory.records.get(site, id))?.fileText,
      site: async (site, id, file) => {
        const w = await loadWriting();
        const post = await deps.client().posts.get(site, id, { context: 'edit' });
        let text = '';
        try {
          text = new TextDecoder().decode(await vscode.workspace.fs.readFile(file));
        } catch {
          return (await w.postAsFile(post, site)).text;
        }
        return (await w.withSiteVersion(text, post, site)).text;
      },
    });
    this.outbox = new Outbox(
      {
        get: () => deps.workspaceState.get<OutboxEntry[]>(STORAGE_KEYS.outbox) ?? [],
        set: (entries) => deps.workspaceState.update(STORAGE_KEYS.outbox, entries),
      },
      (entry, signal) => this.sendQueued(entry, signal),
      {
        read: (path) =>
          vscode.workspace.fs.readFile(vscode.Uri.file(path)).then(
            (b) => new TextDecoder().decode(b),
            () => undefined,
          ),
      },
    );
    this.registerAll([
      this.documents,
      this.outbox,
      this.outbox.onDidChange(() => this.showWaiting()),
      this.outbox.onDidSettle(({ entry, result }) => {
        const name = vscode.workspace.asRelativePath(entry.path);
        if (result.kind === 'sent') void report.info(vscode.l10n.t('Published {0} from the outbox.', name));
        else if (result.kind === 'conflict')
          void report.warn(
            vscode.l10n.t('{0} changed on the site while it waited to publish: it is under Changed on Both; Sync merges the two.', name),
          );
        else if (result.kind === 'refused')
          void report.error(vscode.l10n.t('{0} was not published from the outbox: {1}', name, result.message));
        void this.sessionOf(entry.path)?.read(entry.path);
      }),
      vscode.window.onDidChangeWindowState((s) => s.focused && this.outbox.size > 0 && void this.outbox.wake()),
      // A marker edited (another site, by hand or by a pull of the folder's repository): the folder's view starts again from it.
      ...this.watchMarkers(),
      // A Publish or a pull of a folder's file wrote its record after the file: read it again now.
      deps.changes.onPost(({ site, post }) => {
        for (const s of this.sessions.values()) {
          const path = s.marker.site === site ? s.model.pathOf(post.ID) : undefined;
          if (path) void s.read(path);
        }
      }),
      // Registered last, so disposed of first: each folder's session, then what they share.
      {
        dispose: () => {
          for (const s of this.sessions.values()) s.dispose();
          this.sessions.clear();
        },
      },
    ]);
  }

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

  /** Every workspace folder that holds a clone gets its view. */
  async openWorkspace(): Promise<void> {
    const roots = new Set<string>();
    for (const f of vscode.workspace.workspaceFolders ?? []) {
      if (f.uri.scheme !== 'file') continue;
      roots.add(f.uri.fsPath);
      if (this.sessions.has(f.uri.fsPath)) continue;
      let marker: Marker | undefined;
      try {
        // Read here, not through the writing code: its load would hold the view's first rows back.
        marker = await folderMarker(f.uri.fsPath);
      } catch (err) {
        void report.warn(err instanceof Error ? err.message : String(err));
      }
      if (marker && !this.sessions.has(f.uri.fsPath)) this.open(f.uri, marker);
    }
    for (const [root, s] of this.sessions)
      if (!roots.has(root)) {
        s.dispose();
        this.sessions.delete(root);
      }
    this.showWaiting();
    // What waited when the window closed goes out now that its folders are open (and the stored sign-in is read).
    if (this.outbox.size > 0) void this.deps.auth.ready.then(() => this.outbox.drain());
  }

  private watchMarkers(): vscode.Disposable[] {
    const watcher = vscode.workspace.createFileSystemWatcher(`**/${MARKER_FILE}`);
    const changed = (uri: vscode.Uri) => void this.markerChanged(uri).catch((err: unknown) => this.deps.log.warn(String(err)));
    return [watcher, watcher.onDidCreate(changed), watcher.onDidChange(changed), watcher.onDidDelete(changed)];
  }

  /** The marker at `uri` changed: its folder's session is made again from what it says now (or closed when it says nothing usable). */
  private async markerChanged(uri: vscode.Uri): Promise<void> {
    const root = vscode.Uri.joinPath(uri, '..');
    let marker: Marker | undefined;
    try {
      marker = await folderMarker(root.fsPath);
    } catch (err) {
      void report.warn(err instanceof Error ? err.message : String(err));
    }
    const same = (a: Marker, b: Marker) => a.service === b.service && a.site === b.site && a.siteId === b.siteId;
    // Looked up after the reads: a session opened meanwhile (the clone's) is this one.
    const had = this.sessions.get(root.fsPath);
    if (had && marker && same(had.marker, marker)) return;
    if (had) {
      had.dispose();
      this.sessions.delete(root.fsPath);
    }
    if (marker && vscode.workspace.workspaceFolders?.some((f) => f.uri.fsPath === root.fsPath)) this.open(root, marker);
    this.showWaiting();
  }

  private open(root: vscode.Uri, marker: Marker): SiteFolderSession {
    const session = new SiteFolderSession(root, marker, {
      log: this.deps.log,
      client: this.deps.client,
      writing: loadWriting,
      ...this.memory,
      documents: this.documents,
      storage: this.deps.storageUri,
    });
    this.sessions.set(root.fsPath, session);
    return session;
  }

  /** The folder a command is about: the one given, the active editor's, the only one, or the one picked. */
  private async sessionFor(uri?: vscode.Uri): Promise<SiteFolderSession | undefined> {
    const of = uri ?? vscode.window.activeTextEditor?.document.uri;
    const found = of && this.sessionOf(of.fsPath);
    if (found) return found;
    const all = [...this.sessions.values()];
    if (all.length <= 1) {
      if (!all[0]) void report.info(vscode.l10n.t('No folder of this workspace is a clone of a site: run Clone Site into Folder… first.'));
      return all[0];
    }
    const pick = await vscode.window.showQuickPick(
      all.map((s) => ({ label: vscode.workspace.asRelativePath(s.root, true), s })),
      { placeHolder: vscode.l10n.t('Which site folder?') },
    );
    return pick?.s;
  }

  private sessionOf(path: string): SiteFolderSession | undefined {
    for (const s of this.sessions.values()) {
      const rel = relative(s.root.fsPath, path);
      if (rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel))) return s;
    }
    return undefined;
  }

  private async clone(): Promise<void> {
    if (!requireSignIn(this.deps)) return;
    const made = await cloneIntoFolder(this.deps, this.memory);
    if (!made) return;
    // The versions the clone took: where the folder's first check and Sync start (not from nothing).
    const open = this.sessions.get(made.folder.fsPath);
    if (open) await open.took(made.newest);
    else await rememberTaken(this.deps.storageUri, made.service, made.folder.fsPath, made.siteId, made.newest);
    if (vscode.workspace.workspaceFolders?.some((f) => f.uri.fsPath === made.folder.fsPath)) await this.openWorkspace();
  }

  private async checkStatus(uri?: vscode.Uri): Promise<void> {
    const s = await this.sessionFor(uri);
    if (!s || !requireSignIn(this.deps)) return;
    await vscode.window.withProgress({ location: vscode.ProgressLocation.SourceControl }, () => s.check(true));
  }

  /** The diff that matters for a row: last synced ↔ file (Changed Here), file ↔ site (changed there), else the file. */
  private async openChange(uri: vscode.Uri | undefined, group: string, id: number | undefined): Promise<void> {
    if (!uri) return;
    const s = this.sessionOf(uri.fsPath);
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
        this.documents.synced(uri, s.marker.site, post),
        uri,
        vscode.l10n.t('{0} (Last Synced ↔ Here)', name),
      );
    } else if ((group === 'site' || group === 'both') && !file?.conflicted) {
      if (!file) {
        await vscode.window.showTextDocument(this.documents.site(uri, s.marker.site, post));
        return;
      }
      await vscode.commands.executeCommand(
        'vscode.diff',
        uri,
        this.documents.site(uri, s.marker.site, post),
        vscode.l10n.t('{0} (Here ↔ Site)', name),
      );
    } else await vscode.window.showTextDocument(uri);
  }

  /** Sync: pull what changed only on the site, merge what changed on both, publish what changed here. */
  async sync(uri?: vscode.Uri, confirmed?: ReadonlySet<string>): Promise<SyncOutcome | undefined> {
    const s = await this.sessionFor(uri);
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
    const w = await loadWriting();
    // What the editor shows is what is synced: unsaved post files of the folder are saved first (never
    // one that leads outside the folder through a link: its save would write there; Sync refuses it).
    const inside = (doc: vscode.TextDocument) =>
      w.realPathInside(s.root.fsPath, doc.uri.fsPath).then(
        () => true,
        () => false,
      );
    for (const doc of vscode.workspace.textDocuments)
      if (doc.isDirty && doc.uri.scheme === 'file' && this.sessionOf(doc.uri.fsPath) === s && (await inside(doc))) await saveDocument(doc);
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
              ...this.memory,
              rules: () => this.rules(w, s.marker.site),
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
      await this.outbox.add({ path: u.path, site: s.marker.site, service: s.marker.service, queuedAt: new Date().toISOString() });
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

  /** The outbox sends a file as Sync would, without merging: a post changed on the site meanwhile is left to Changed on Both. */
  private async sendQueued(entry: OutboxEntry, signal: AbortSignal): Promise<SendResult> {
    const s = this.sessionOf(entry.path);
    if (!s) return { kind: 'refused', message: vscode.l10n.t('the file is no longer in a site folder of this workspace') };
    if (this.deps.client().baseUrl !== entry.service || !this.deps.auth.current())
      return { kind: 'unreachable', error: new Error('signed out, or another service') };
    const w = await loadWriting();
    const out = await w.publishFolderFile(
      {
        client: this.deps.client(),
        service: s.marker.service,
        ...this.memory,
        rules: () => this.rules(w, s.marker.site),
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
    for (const p of out.published) this.deps.changes.post(entry.site, p.post);
    return { kind: 'sent' };
  }

  /**
   * With a file: a Publish of it could not reach the service, so it waits in the outbox (true; false
   * when the file is not in a site folder, and its Publish says the failure). Without: the outbox
   * tries now (its status bar item).
   */
  private async publishQueued(uri?: vscode.Uri): Promise<boolean> {
    if (uri?.scheme === 'file' && uri.path.endsWith('.md')) {
      const s = this.sessionOf(uri.fsPath);
      if (!s) return false;
      await this.outbox.add({ path: uri.fsPath, site: s.marker.site, service: s.marker.service, queuedAt: new Date().toISOString() });
      void report.warn(
        vscode.l10n.t(
          'The site cannot be reached: {0} waits to publish ({1}), and goes out when the site answers again.',
          vscode.workspace.asRelativePath(uri),
          waitingSentence(this.outbox.size),
        ),
      );
      return true;
    }
    const r = await this.outbox.wake();
    if (r.unreachable) void report.warn(vscode.l10n.t('The site still cannot be reached: {0}.', waitingSentence(this.outbox.size)));
    return true;
  }

  private showWaiting(): void {
    for (const s of this.sessions.values())
      s.scm.setWaiting(this.outbox.entries.filter((e) => this.sessionOf(e.path) === s).map((e) => e.path));
  }

  private async rules(w: WritingModule, site: string) {
    const info = this.deps.site.site === site && this.deps.site.info ? this.deps.site.info : await this.deps.client().sites.get(site);
    return w.uploadRules(info.options, WRITING_LIMITS.defaultUploadBytes);
  }

  private failed(err: unknown, what: string): Promise<void> {
    return reportFailure(this.deps, err, what);
  }
}
