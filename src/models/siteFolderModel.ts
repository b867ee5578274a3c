/**
 * The state of one site folder (a clone: issue 34) as its Source Control view shows it: each post
 * file as last read (its post, whether it differs from what it and the site last agreed on, whether
 * it holds conflict markers) and each post as the site last listed it (its version), and from the
 * two the groups: Changed Here, Changed on the Site, Changed on Both, New Here, Deleted on the Site.
 *
 * A file is read again only when the file watcher says it changed; the site's versions come from
 * the cheap status check (only what changed since the newest version seen). So a folder of 10,000
 * files is never rescanned per keystroke or per check. No vscode here.
 */
import { Emitter } from './emitter';

export type FolderGroup = 'held' | 'both' | 'site' | 'here' | 'new' | 'deleted';

/** The groups in the order the view shows them. */
export const FOLDER_GROUPS: readonly FolderGroup[] = ['held', 'both', 'site', 'here', 'new', 'deleted'];

/**
 * Why a file of the folder is not the folder's to send (its row in Not Sent says it): it leads
 * outside the folder through a link (nothing of it was read), or it names another site than the
 * folder's marker does (then nothing of the folder is synced: `siteDisagreement`).
 */
export interface FileProblem {
  kind: 'outside' | 'site';
  message: string;
}

/** What one post file of the folder holds, as last read. */
export interface FileFacts {
  /** Its absolute path. */
  path: string;
  /** The post it is (its front matter's `id`); none for a file not published yet. */
  id?: number;
  title: string;
  /** The file differs from what it and the site last agreed on (its sync record), or no record says what that was. */
  changedHere: boolean;
  /** The file holds conflict markers left by a merge: it is not published until they are gone. */
  conflicted: boolean;
  /** Not the folder's to send, and why (then `id` is not taken as this site's post). */
  problem?: FileProblem;
}

/** A post as the cheap listing gives it (`fields=ID,modified,status,type`). */
export interface SiteVersion {
  id: number;
  modified: string;
  status?: string;
  type?: string;
}

/** Why a post the folder holds is no longer listed by the site. */
export type Gone = 'trash' | 'deleted';

/** One row of the view. */
export interface FolderResource {
  group: FolderGroup;
  /** The file; for a post new on the site, none yet. */
  path?: string;
  id?: number;
  title: string;
  conflicted: boolean;
  /** Set in Deleted on the Site. */
  gone?: Gone;
  /** The site's version, when the row is about a change there. */
  site?: SiteVersion;
  /** In Not Sent: why. */
  problem?: string;
}

export type FolderGroups = Record<FolderGroup, FolderResource[]>;

export interface SiteFolderModelDeps {
  /** The version of post `id` the folder last took or sent (the publish memory's `modified`). */
  synced(id: number): string | undefined;
}

const byPath = (a: FolderResource, b: FolderResource) => (a.path ?? '').localeCompare(b.path ?? '') || (a.id ?? 0) - (b.id ?? 0);

export class SiteFolderModel {
  private readonly files = new Map<string, FileFacts>();
  /** Each post's file (the first, when two name it). */
  private readonly fileOfPost = new Map<number, string>();
  private readonly site = new Map<number, SiteVersion>();
  private readonly gone = new Map<number, Gone>();
  private readonly changed = new Emitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly deps: SiteFolderModelDeps) {}

  /** A file read (again): what it holds now. */
  setFile(facts: FileFacts): void {
    this.dropPath(facts.path);
    this.files.set(facts.path, facts);
    if (facts.id !== undefined && !facts.problem && !this.fileOfPost.has(facts.id)) this.fileOfPost.set(facts.id, facts.path);
    this.changed.fire();
  }

  removeFile(path: string): void {
    if (!this.files.has(path)) return;
    this.dropPath(path);
    this.changed.fire();
  }

  private dropPath(path: string): void {
    const had = this.files.get(path);
    this.files.delete(path);
    if (had?.id === undefined || this.fileOfPost.get(had.id) !== path) return;
    this.fileOfPost.delete(had.id);
    for (const f of this.files.values())
      if (f.id === had.id && !f.problem) {
        this.fileOfPost.set(had.id, f.path);
        break;
      }
  }

  /** The file that holds post `id`, if one does. */
  pathOf(id: number): string | undefined {
    return this.fileOfPost.get(id);
  }

  /** Which file holds each post, by ID (a copy): what Sync's pull reads instead of every file of the folder. */
  postFiles(): Map<number, string> {
    return new Map(this.fileOfPost);
  }

  file(path: string): FileFacts | undefined {
    return this.files.get(path);
  }

  get fileCount(): number {
    return this.files.size;
  }

  /** The files that name another site than the folder's marker: while there is one, nothing of the folder is synced. */
  siteDisagreement(): FileFacts[] {
    return [...this.files.values()].filter((f) => f.problem?.kind === 'site').sort((a, b) => a.path.localeCompare(b.path));
  }

  /** The site's versions as a listing gave them (what changed since the last check, or all). */
  siteVersions(versions: readonly SiteVersion[]): void {
    if (versions.length === 0) return;
    for (const v of versions) {
      this.site.set(v.id, v);
      // Listed again: it is no longer gone (restored from the trash).
      this.gone.delete(v.id);
    }
    this.changed.fire();
  }

  /** What the site lists now, by ID (`live`: any status but the trash; `trashed`): the folder's posts in neither are gone. */
  siteIds(live: ReadonlySet<number>, trashed: ReadonlySet<number>): void {
    this.gone.clear();
    for (const id of this.fileOfPost.keys()) if (!live.has(id)) this.gone.set(id, trashed.has(id) ? 'trash' : 'deleted');
    // A post new on the site that was trashed or deleted for good before a Sync took it: no listing of
    // what changed names it again, so without this it would wait in Changed on the Site for ever.
    for (const id of this.site.keys()) if (!live.has(id) && !this.fileOfPost.has(id)) this.site.delete(id);
    this.changed.fire();
  }

  /**
   * The site's version of post `id`, when the site changed it since the folder last took or sent it.
   * A version listed before the folder published a newer one (the publish's answer) is no change:
   * after a Sync, the rows it sent are gone before the next check lists the site again.
   */
  siteChange(id: number): SiteVersion | undefined {
    const v = this.site.get(id);
    if (!v) return undefined;
    const synced = this.deps.synced(id);
    // Both are the service's clock; one that cannot be read is no proof the folder holds this version.
    return synced !== undefined && Date.parse(v.modified) <= Date.parse(synced) ? undefined : v;
  }

  /** Forget the site's listed version of `id` once the folder holds it (pulled, merged or published). */
  settled(id: number): void {
    const v = this.site.get(id);
    if (v && !this.siteChange(id)) this.site.delete(id);
    this.changed.fire();
  }

  /**
   * Where a Sync's pull starts listing what changed: `newest` (the newest version the status checks
   * listed), or the oldest change of the site not taken yet when that is older. A check moves
   * `newest` past changes it listed and the folder has not pulled: a pull from `newest` alone would
   * never list them again. None when `newest` is none (the pull lists every post).
   */
  pullSince(newest: string | undefined): string | undefined {
    if (newest === undefined) return undefined;
    let since = newest;
    for (const v of this.site.values())
      if (v.status !== 'future' && this.siteChange(v.id) && Date.parse(v.modified) < Date.parse(since)) since = v.modified;
    return since;
  }

  /** What the view persists of the site's side between sessions. */
  snapshot(): { site: SiteVersion[]; gone: Array<[number, Gone]> } {
    return { site: [...this.site.values()].filter((v) => this.siteChange(v.id)), gone: [...this.gone] };
  }

  restore(s: { site?: SiteVersion[]; gone?: Array<[number, Gone]> }): void {
    for (const v of s.site ?? []) this.site.set(v.id, v);
    for (const [id, why] of s.gone ?? []) this.gone.set(id, why);
    this.changed.fire();
  }

  groups(): FolderGroups {
    const out: FolderGroups = { held: [], both: [], site: [], here: [], new: [], deleted: [] };
    for (const f of this.files.values()) {
      const base = { path: f.path, id: f.id, title: f.title, conflicted: f.conflicted };
      if (f.problem) {
        out.held.push({ ...base, group: 'held', problem: f.problem.message });
        continue;
      }
      if (f.id === undefined) {
        out.new.push({ ...base, group: 'new' });
        continue;
      }
      const gone = this.gone.get(f.id);
      if (gone) {
        out.deleted.push({ ...base, group: 'deleted', gone });
        continue;
      }
      const site = this.siteChange(f.id);
      const group: FolderGroup | undefined =
        f.conflicted || (f.changedHere && site) ? 'both' : site ? 'site' : f.changedHere ? 'here' : undefined;
      if (group) out[group].push({ ...base, group, ...(site ? { site } : {}) });
    }
    // Posts new on the site (or never taken here): the next Sync writes their files.
    for (const v of this.site.values())
      if (!this.fileOfPost.has(v.id) && v.status !== 'trash' && this.siteChange(v.id))
        out.site.push({ group: 'site', id: v.id, title: '', conflicted: false, site: v });
    for (const g of FOLDER_GROUPS) out[g].sort(byPath);
    return out;
  }

  /** How many rows the view shows (the Source Control badge). */
  count(groups = this.groups()): number {
    return FOLDER_GROUPS.reduce((n, g) => n + groups[g].length, 0);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
