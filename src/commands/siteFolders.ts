/**
 * The site folders of the workspace, as VS Code's Git extension keeps its repositories (model.ts):
 * each folder that holds a clone has its session (siteFolderSession.ts, the repository), opened and
 * closed with the workspace's folders and their markers; what the sessions share (the publish and
 * sync memories, the diffs' documents, the outbox of publishes waiting for the service: kept in the
 * workspace's state, sent in order when it answers again, folderOutbox.ts). The commands are
 * siteFolderCommands.ts's. Loaded as a chunk of its own with the first clone found or the first
 * command (features/siteFolder.ts registers them).
 */
import { isAbsolute, relative, sep } from 'node:path';
import * as vscode from 'vscode';
import { STORAGE_KEYS } from '../ids';
import type { WritingModule } from '../writing/writingModule';
import { Disposable } from '../models/disposable';
import { Outbox, type OutboxEntry } from '../models/outbox';
import { report } from '../report';
import { folderMarker, MARKER_FILE } from '../writing/cloneMarker';
import { WRITING_LIMITS } from '../writing/limits';
import { FolderDocuments } from '../views/siteFolder/folderDocuments';
import { sendQueued } from './folderOutbox';
import { SiteFolderSession, type Marker } from './siteFolderSession';
import { mediaMemory, postMemory, syncRecords } from './writingMemory';
import type { SiteFolderDeps } from './siteFolderDeps';
import { SiteModel } from '../models/siteModel';

export type { SiteFolderDeps } from './siteFolderDeps';

export class SiteFolders extends Disposable {
  /** What the folders ask the service about a site (its info, a post's stored version). */
  private readonly sites: SiteModel;
  private readonly sessions = new Map<string, SiteFolderSession>();
  /** The read-only sides of the folders' diffs. */
  readonly documents: FolderDocuments;
  /** What Publish and Sync remember of each post, file and image (writingMemory.ts). */
  readonly memory;
  readonly outbox: Outbox;

  constructor(private readonly deps: SiteFolderDeps) {
    super();
    const baseUrl = () => deps.client().baseUrl;
    const sites = new SiteModel(deps.client);
    this.sites = sites;
    this.memory = {
      posts: postMemory({ state: deps.state, baseUrl }),
      records: syncRecords({ storage: deps.storageUri, baseUrl }),
      media: mediaMemory({ state: deps.state, baseUrl }),
    };
    this.documents = new FolderDocuments({
      synced: async (site, id) => (await this.memory.records.get(site, id))?.fileText,
      site: async (site, id, file) => {
        const w = await import('../writing/index');
        const post = await sites.editablePost(site, id);
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
      (entry, signal) => sendQueued(this, deps, entry, signal),
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
      writing: () => import('../writing/index'),
      ...this.memory,
      documents: this.documents,
      storage: this.deps.storageUri,
    });
    this.sessions.set(root.fsPath, session);
    return session;
  }

  /** The folder a command is about: the one given, the active editor's, the only one, or the one picked. */
  async sessionFor(uri?: vscode.Uri): Promise<SiteFolderSession | undefined> {
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

  /** Every open site folder's session. */
  get all(): readonly SiteFolderSession[] {
    return [...this.sessions.values()];
  }

  /** The session of the folder at `root`, when it is open. */
  session(root: string): SiteFolderSession | undefined {
    return this.sessions.get(root);
  }

  /** The session of the folder that holds `path`. */
  sessionOf(path: string): SiteFolderSession | undefined {
    for (const s of this.sessions.values()) {
      const rel = relative(s.root.fsPath, path);
      if (rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel))) return s;
    }
    return undefined;
  }

  /** Each folder's Waiting to Publish group: its files in the outbox. */
  private showWaiting(): void {
    for (const s of this.sessions.values())
      s.scm.setWaiting(this.outbox.entries.filter((e) => this.sessionOf(e.path) === s).map((e) => e.path));
  }

  /** The site's upload rules: from the chosen site's info when it is that site, else asked. */
  async rules(w: WritingModule, site: string) {
    const info = this.deps.site.site === site && this.deps.site.info ? this.deps.site.info : await this.sites.info(site);
    return w.uploadRules(info.options, WRITING_LIMITS.defaultUploadBytes);
  }
}
