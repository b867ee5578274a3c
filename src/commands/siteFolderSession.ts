/**
 * One open site folder: its model fed by the files (read once at start, then only what the watcher
 * reports) and by the site (the cheap status check: when the window gains focus and every few
 * minutes while it has it; the IDs at most hourly and on Check Site for Changes), its Source Control
 * view, and Sync.
 * What the folder last knew of the site (the newest version taken, the site's changes not yet
 * pulled, the posts gone) is kept in the extension's storage between sessions.
 */
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import * as vscode from 'vscode';
import type { ContentSiteClient } from '../api';
import type { WritingModule } from '../writing/writingModule';
import { Disposable } from '../models/disposable';
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

/**
 * What each file held when last read, by its path in the folder: its size and time (a file whose
 * size and time are the same is not read again at start), post, title, and whether it differed from
 * its last synced text or held conflict markers. A file and its sync record change together (a
 * pull, a publish, a merge write both), so the entry holds while the file does.
 */
type FileEntry = [mtimeMs: number, size: number, id: number | null, title: string, changedHere: 0 | 1, conflicted: 0 | 1];

/** What the folder keeps of the site between sessions. */
interface Kept {
  /** The newest version the status check has listed: where the next check starts. */
  newest?: string;
  /** The newest version the folder has taken (a clone's, a Sync's): where Sync's pull starts. */
  taken?: string;
  idsAt?: number;
  site?: SiteVersion[];
  gone?: Array<[number, Gone]>;
}

const later = (a: string | undefined, b: string | undefined) => (!a ? b : !b ? a : Date.parse(b) > Date.parse(a) ? b : a);

/** `kept` after a clone or a Sync took versions up to `newest`. */
function withTaken(kept: Kept, newest: string | undefined): Kept {
  return { ...kept, taken: later(kept.taken, newest), newest: later(kept.newest, newest) };
}

/**
 * Where the folder at `root` keeps what it knows of the site (the extension's storage; one file per
 * service, folder and site: a marker changed to another site starts from nothing, never from what
 * was read for the other).
 */
function storedAt(storage: vscode.Uri, service: string, root: string, siteId: number, what: 'site' | 'files', suffix = ''): vscode.Uri {
  const key = createHash('sha256').update(`${service}|${root}|${siteId}`).digest('hex').slice(0, 32);
  return vscode.Uri.joinPath(storage, 'site-folders', `${key}${what === 'files' ? '.files' : ''}.json${suffix}`);
}

/** A clone of a folder not open (or not yet open) as a session: the versions it took, kept for when it is. */
export async function rememberTaken(
  storage: vscode.Uri,
  service: string,
  root: string,
  siteId: number,
  newest: string | undefined,
): Promise<void> {
  const uri = storedAt(storage, service, root, siteId, 'site');
  let kept: Kept = {};
  try {
    kept = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri))) as Kept;
  } catch {
    // None yet.
  }
  await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(storage, 'site-folders'));
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(JSON.stringify(withTaken(kept, newest))));
}

/** What a file that names another site reads on its row, and what Sync says: what disagrees, and how to fix it. */
export function siteDisagrees(fileSite: string, marker: Marker): string {
  return `This file says site: ${fileSite}, and the folder's .contentsite.json says site ${marker.site} (ID ${marker.siteId}), so nothing of the folder is synced. If the folder is a clone of ${fileSite}, put its site back in .contentsite.json; if this file came from another site's folder, move it out of this one.`;
}

export class SiteFolderSession extends Disposable {
  readonly model: SiteFolderModel;
  readonly scm: SiteFolderScm;
  private readonly reads = this.register(new KeyedDebounce(100));
  private kept: Kept = {};
  private files: Record<string, FileEntry> = {};
  /**
   * The record of files is written a quarter second after the last read of a burst: soon enough
   * that a reload right after an edit finds the file's row in it (at 2 s, a file saved just before
   * Reload Window was read again after it, waiting for the writing code: 2.5 s in a real editor).
   */
  private readonly saveFiles = this.register(new KeyedDebounce(250));
  private checkedAt = 0;
  private checking?: Promise<void>;
  /** The first scan of the files (and the kept state read). */
  readonly ready: Promise<void>;

  constructor(
    readonly root: vscode.Uri,
    readonly marker: Marker,
    private readonly deps: SessionDeps,
  ) {
    super();
    this.model = this.register(new SiteFolderModel({ synced: (id) => deps.posts.get(marker.site, id)?.modified }));
    const label = marker.url ? marker.url.replace(/^https?:\/\//, '') : marker.site;
    this.scm = this.register(
      new SiteFolderScm({
        root,
        site: marker.site,
        label,
        model: this.model,
        documents: deps.documents,
        read: (path) => this.reads.later(path, () => void this.read(path)),
        removed: (path) => this.model.removeFile(path),
      }),
    );
    // Going, the session writes its record of files once more (a read of the last quarter second is in it).
    this.register({ dispose: () => void this.store('files', this.files).catch(() => undefined) });
    const timer = setInterval(() => vscode.window.state.focused && void this.check(), STATUS_EVERY_MS);
    this.registerAll([
      { dispose: () => clearInterval(timer) },
      vscode.window.onDidChangeWindowState((s) => s.focused && Date.now() - this.checkedAt > FOCUS_QUIET_MS && void this.check()),
    ]);
    this.ready = this.start();
  }

  private stored(what: 'site' | 'files'): vscode.Uri {
    return storedAt(this.deps.storage, this.marker.service, this.root.fsPath, this.marker.siteId, what);
  }

  private async load<T>(what: 'site' | 'files'): Promise<T | undefined> {
    try {
      return JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(this.stored(what)))) as T;
    } catch {
      return undefined;
    }
  }

  /**
   * Written whole or not at all (a temporary file, then renamed over it): a window reloaded during
   * the write must not leave half a record, which the next start could not read (and would read
   * every file of the folder again, the rows waiting for it).
   */
  private async store(what: 'site' | 'files', value: unknown): Promise<void> {
    await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(this.deps.storage, 'site-folders'));
    const temp = storedAt(this.deps.storage, this.marker.service, this.root.fsPath, this.marker.siteId, what, `.${process.pid}.tmp`);
    await vscode.workspace.fs.writeFile(temp, new TextEncoder().encode(JSON.stringify(value)));
    await vscode.workspace.fs.rename(temp, this.stored(what), { overwrite: true });
  }

  private async start(): Promise<void> {
    const [kept, files] = await Promise.all([this.load<Kept>('site'), this.load<Record<string, FileEntry>>('files')]);
    this.kept = kept ?? {};
    this.files = files ?? {};
    this.model.restore(this.kept);
    // The rows as the last session left them, before any file is looked at, the writing code is
    // loaded or the site is asked: after a reload the view is back at once, and the scan corrects it.
    for (const [rel, had] of Object.entries(this.files)) this.show(join(this.root.fsPath, rel), had);
    await this.scan();
    void this.check();
  }

  /** A file as its entry says (what it held when last read), when it is one of the view's. */
  private show(path: string, had: FileEntry): void {
    if (had[2] !== null || had[3] !== '\0')
      this.model.setFile({ path, id: had[2] ?? undefined, title: had[3], changedHere: had[4] === 1, conflicted: had[5] === 1 });
  }

  /** The Markdown files directly in `posts/` and `pages/`, by their path in the folder (read from the disk: no search service). */
  private async postFiles(): Promise<string[]> {
    const out: string[] = [];
    for (const dir of ['posts', 'pages']) {
      const entries = await readdir(join(this.root.fsPath, dir), { withFileTypes: true }).catch(() => []);
      for (const e of entries) if ((e.isFile() || e.isSymbolicLink()) && e.name.endsWith('.md')) out.push(join(dir, e.name));
    }
    return out;
  }

  /**
   * Every post file of the folder, at start: a file whose size and time are what they were when it
   * was last read is taken from that reading (10,000 files are 10,000 stats, not 10,000 parses), the
   * others are read again, and the entries of files no longer there are dropped with their rows.
   */
  async scan(): Promise<void> {
    const found = await this.postFiles();
    const seen = new Set(found);
    const again: string[] = [];
    const STATS_AT_ONCE = 64;
    for (let i = 0; i < found.length; i += STATS_AT_ONCE)
      await Promise.all(
        found.slice(i, i + STATS_AT_ONCE).map(async (rel) => {
          const path = join(this.root.fsPath, rel);
          const had = this.files[rel];
          const now = await stat(path).catch(() => undefined);
          // Unchanged: its row is the one shown from the entry at start.
          if (!had || !now || had[0] !== now.mtimeMs || had[1] !== now.size) again.push(path);
        }),
      );
    for (const rel of Object.keys(this.files))
      if (!seen.has(rel)) {
        delete this.files[rel];
        this.model.removeFile(join(this.root.fsPath, rel));
      }
    for (const path of again) await this.read(path);
    this.saveFiles.later('files', () => void this.store('files', this.files));
  }

  /** One file read again: its post, whether it differs from what was last synced, whether it holds conflict markers. */
  async read(path: string): Promise<void> {
    const rel = relative(this.root.fsPath, path);
    const w = await this.deps.writing();
    let text: string;
    let at: { mtimeMs: number; size: number };
    try {
      at = await stat(path);
      // Through the guard: a file that leads outside the folder is not read, and its row says why.
      text = await w.readInside(this.root.fsPath, path);
    } catch (err) {
      delete this.files[rel];
      const outside = w.outsideReason(err);
      if (outside)
        this.model.setFile({ path, title: '', changedHere: false, conflicted: false, problem: { kind: 'outside', message: outside } });
      else this.model.removeFile(path);
      return;
    }
    const { meta, hasFrontMatter } = w.parsePostFile(text);
    // Not a post file: not the view's (remembered as such: title "\0").
    if (!hasFrontMatter) {
      this.files[rel] = [at.mtimeMs, at.size, null, '\0', 0, 0];
      this.model.removeFile(path);
      return;
    }
    // Another site's: the marker and the files disagree, so nothing of the folder is synced until one is fixed (read again at each start).
    if (meta.site !== undefined && meta.site !== this.marker.site && meta.site !== String(this.marker.siteId)) {
      delete this.files[rel];
      this.model.setFile({
        path,
        id: meta.id,
        title: meta.title ?? '',
        changedHere: false,
        conflicted: false,
        problem: { kind: 'site', message: siteDisagrees(meta.site, this.marker) },
      });
      return;
    }
    const record = meta.id === undefined ? undefined : await this.deps.records.get(this.marker.site, meta.id);
    const facts = {
      path,
      id: meta.id,
      title: meta.title ?? '',
      changedHere: meta.id !== undefined && record?.fileText !== text,
      conflicted: w.hasConflicts(text),
    };
    this.files[rel] = [at.mtimeMs, at.size, meta.id ?? null, facts.title, facts.changedHere ? 1 : 0, facts.conflicted ? 1 : 0];
    this.saveFiles.later('files', () => void this.store('files', this.files));
    this.model.setFile(facts);
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
      this.kept.newest = later(this.kept.newest, got.newest);
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

  /** The newest version a clone or a Sync took, then kept: the next pull starts there, and so does the next check when it is behind. */
  async took(newest: string | undefined): Promise<void> {
    this.kept = withTaken(this.kept, newest);
    await this.keep();
  }

  /** Where Sync's pull starts: the newest version the folder has taken. */
  get taken(): string | undefined {
    return this.kept.taken;
  }

  private async keep(): Promise<void> {
    const s = this.model.snapshot();
    this.kept = { ...this.kept, site: s.site, gone: s.gone };
    await this.store('site', this.kept);
  }
}
