/**
 * One open site folder: its model fed by the files (read once at start, then only what the watcher
 * reports) and by the site (the cheap status check: when the window gains focus and every few
 * minutes while it has it; the IDs on Sync and at most hourly), its Source Control view, and Sync.
 * What the folder last knew of the site (the newest version taken, the site's changes not yet
 * pulled, the posts gone) is kept in the extension's storage between sessions.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { ContentSiteClient } from '../api';
import type { WritingModule } from '../lazy/loadWriting';
import { KeyedDebounce } from '../models/keyedDebounce';
import { SiteFolderModel, type Gone, type SiteVersion } from '../models/siteFolderModel';
import type { MediaMemory, PostMemory } from '../writing/publisher';
import type { SyncRecords } from '../writing/syncRecord';
import type { FolderDocuments } from '../views/siteFolder/folderDocuments';
import { SiteFolderScm } from '../views/siteFolder/siteFolderScm';

/** How often the site is asked what changed while the window has focus; and at most how often its IDs are compared. */
export const STATUS_EVERY_MS = 5 * 60_000;
export const IDS_EVERY_MS = 60 * 60_000;
/** A focus within this long of the last check asks nothing. */
const FOCUS_QUIET_MS = 30_000;

export interface Marker {
  service: string;
  site: string;
  siteId: number;
  url?: string;
}

export interface SessionDeps {
  log: vscode.LogOutputChannel;
  client(): ContentSiteClient;
  writing(): Promise<WritingModule>;
  posts: PostMemory;
  records: SyncRecords;
  media: MediaMemory;
  documents: FolderDocuments;
  storage: vscode.Uri;
}

/** What the folder keeps of the site between sessions. */
interface Kept {
  newest?: string;
  idsAt?: number;
  site?: SiteVersion[];
  gone?: Array<[number, Gone]>;
}

export class SiteFolderSession implements vscode.Disposable {
  readonly model: SiteFolderModel;
  readonly scm: SiteFolderScm;
  private readonly reads = new KeyedDebounce(100);
  private readonly subs: vscode.Disposable[] = [];
  private kept: Kept = {};
  private checkedAt = 0;
  private checking?: Promise<void>;
  /** The first scan of the files (and the kept state read). */
  readonly ready: Promise<void>;

  constructor(
    readonly root: vscode.Uri,
    readonly marker: Marker,
    private readonly deps: SessionDeps,
  ) {
    this.model = new SiteFolderModel({ synced: (id) => deps.posts.get(marker.site, id)?.modified });
    const label = marker.url ? marker.url.replace(/^https?:\/\//, '') : marker.site;
    this.scm = new SiteFolderScm({
      root,
      site: marker.site,
      label,
      model: this.model,
      documents: deps.documents,
      read: (path) => this.reads.later(path, () => void this.read(path)),
      removed: (path) => this.model.removeFile(path),
    });
    const timer = setInterval(() => vscode.window.state.focused && void this.check(), STATUS_EVERY_MS);
    this.subs.push(
      { dispose: () => clearInterval(timer) },
      vscode.window.onDidChangeWindowState((s) => s.focused && Date.now() - this.checkedAt > FOCUS_QUIET_MS && void this.check()),
    );
    this.ready = this.start();
  }

  private get keptUri(): vscode.Uri {
    const key = createHash('sha256').update(`${this.marker.service}|${this.root.fsPath}`).digest('hex').slice(0, 32);
    return vscode.Uri.joinPath(this.deps.storage, 'site-folders', `${key}.json`);
  }

  private async start(): Promise<void> {
    try {
      this.kept = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(this.keptUri))) as Kept;
    } catch {
      this.kept = {};
    }
    this.model.restore(this.kept);
    await this.scan();
    void this.check();
  }

  /** Every post file of the folder read (at start, and after a Sync wrote many). */
  async scan(): Promise<void> {
    const files = await vscode.workspace.findFiles(new vscode.RelativePattern(this.root, '{posts,pages}/*.md'));
    for (const f of files) await this.read(f.fsPath);
  }

  /** One file read again: its post, whether it differs from what was last synced, whether it holds conflict markers. */
  async read(path: string): Promise<void> {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch {
      this.model.removeFile(path);
      return;
    }
    const w = await this.deps.writing();
    const { meta, hasFrontMatter } = w.parsePostFile(text);
    // Not a post file, or another site's: not the view's.
    if (!hasFrontMatter || (meta.site !== undefined && meta.site !== this.marker.site && meta.site !== String(this.marker.siteId))) {
      this.model.removeFile(path);
      return;
    }
    const record = meta.id === undefined ? undefined : await this.deps.records.get(this.marker.site, meta.id);
    this.model.setFile({
      path,
      id: meta.id,
      title: meta.title ?? '',
      changedHere: meta.id !== undefined && record?.fileText !== text,
      conflicted: w.hasConflicts(text),
    });
    if (meta.id !== undefined) this.deps.documents.refresh(vscode.Uri.file(path), this.marker.site, meta.id);
  }

  /** Whether this folder's clone is of the service the extension talks to now. */
  get sameService(): boolean {
    return this.deps.client().baseUrl === this.marker.service;
  }

  /** What changed on the site since the newest version the folder holds: one request when nothing did. */
  check(ids = false): Promise<void> {
    return (this.checking ??= this.checkNow(ids).finally(() => (this.checking = undefined)));
  }

  private async checkNow(ids: boolean): Promise<void> {
    if (!this.sameService) return;
    const w = await this.deps.writing();
    const client = this.deps.client();
    this.checkedAt = Date.now();
    try {
      const since = this.kept.newest ? w.secondBefore(this.kept.newest) : undefined;
      const got = await w.siteVersions(client.posts, this.marker.site, { since });
      this.model.siteVersions(got.versions);
      if (got.newest && (!this.kept.newest || Date.parse(got.newest) > Date.parse(this.kept.newest))) this.kept.newest = got.newest;
      if (ids || Date.now() - (this.kept.idsAt ?? 0) > IDS_EVERY_MS) {
        const all = await w.siteIds(client.posts, this.marker.site);
        this.model.siteIds(all.live, all.trashed);
        this.kept.idsAt = Date.now();
      }
      await this.keep();
    } catch (err) {
      // A check is background work: the view keeps what it showed, the log says why it is not newer.
      this.deps.log.warn(`Checking ${this.marker.site} for changes failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** The newest version taken after a Sync, then kept. */
  async took(newest: string | undefined): Promise<void> {
    if (newest && (!this.kept.newest || Date.parse(newest) > Date.parse(this.kept.newest))) this.kept.newest = newest;
    await this.keep();
  }

  get newest(): string | undefined {
    return this.kept.newest;
  }

  private async keep(): Promise<void> {
    const s = this.model.snapshot();
    this.kept = { ...this.kept, site: s.site, gone: s.gone };
    await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(this.deps.storage, 'site-folders'));
    await vscode.workspace.fs.writeFile(this.keptUri, new TextEncoder().encode(JSON.stringify(this.kept)));
  }

  dispose(): void {
    this.reads.dispose();
    for (const s of this.subs) s.dispose();
    this.scm.dispose();
    this.model.dispose();
  }
}
