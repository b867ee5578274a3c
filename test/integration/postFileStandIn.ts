/**
 * A post file as the Publish command keeps it, for publishing against the reference service without
 * an editor: its text, the front-matter key `unconfirmed` written into it when a create goes out,
 * the answer's keys written back on success, and the memories (uploaded images, posts' versions).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContentSiteClient } from '../../src/api';
import { uploadRules, type UploadRules } from '../../src/writing/imageFiles';
import { WRITING_LIMITS } from '../../src/writing/limits';
import { withFrontMatter } from '../../src/writing/postFile';
import { postAsFile } from '../../src/writing/postPull';
import type { MediaMemory, PostMemory, SeenPost } from '../../src/writing/publishBase';
import { publishPost, type PublishDeps, type PublishOutcome } from '../../src/writing/publisher';
import type { SyncDeps } from '../../src/writing/siteSync';
import { recordOf, type SyncRecord, type SyncRecords } from '../../src/writing/syncRecord';

/** A 2×2 PNG: a real image the service can size. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAAMIM/4EAAB/uBfsL2WiLAAAAAElFTkSuQmCC',
  'base64',
);

export function memories(): {
  media: MediaMemory & { items: Map<string, unknown> };
  posts: PostMemory & { items: Map<string, SeenPost> };
  records: SyncRecords & { items: Map<string, SyncRecord> };
} {
  const items = new Map<string, { ID: number; URL: string }>();
  const versions = new Map<string, SeenPost>();
  const records = new Map<string, SyncRecord>();
  return {
    media: { items, get: (site, sha) => items.get(`${site}/${sha}`), set: (site, sha, item) => void items.set(`${site}/${sha}`, item) },
    posts: {
      items: versions,
      get: (site, id) => versions.get(`${site}/${id}`),
      set: (site, id, v) => void versions.set(`${site}/${id}`, v),
    },
    records: {
      items: records,
      get: async (site, id) => records.get(`${site}/${id}`),
      set: async (site, id, r) => void records.set(`${site}/${id}`, r),
    },
  };
}

/** What a Sync of a folder takes, over `memories()` (made when not given): the client, the service, no image bound beyond 1 MB. */
export function folderSyncDeps(client: ContentSiteClient, service: string, mem = memories()): SyncDeps {
  return { client, service, ...mem, rules: async () => uploadRules(undefined, 1 << 20), now: () => new Date() };
}

const made: string[] = [];
/** Removes every folder workspace() and tempFolder() made (an afterEach of the tests that use them). */
export function removeWorkspaces(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A folder of its own under the system's temporary folder, removed by removeWorkspaces(). */
export function tempFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** A workspace folder on disk (the post's folder is `posts/` inside it) with a PNG beside the post. */
export function workspace(): { root: string; dir: string } {
  const root = tempFolder('cs-ws-');
  const dir = join(root, 'posts');
  mkdirSync(dir);
  writeFileSync(join(dir, 'lamp.png'), PNG);
  return { root, dir };
}

export class PostFileStandIn {
  readonly mem = memories();
  readonly place: { fileDir: string; root: string | undefined };
  rules: UploadRules = uploadRules(undefined, WRITING_LIMITS.defaultUploadBytes);

  constructor(
    public text: string,
    readonly client: () => ContentSiteClient,
    readonly site = '2001',
    place?: { fileDir: string; root: string | undefined },
  ) {
    const ws = place ? undefined : workspace();
    this.place = place ?? { fileDir: ws!.dir, root: ws!.root };
  }

  deps(overrides: Partial<PublishDeps> = {}): PublishDeps {
    return {
      client: this.client(),
      site: this.site,
      memory: this.mem.media,
      posts: this.mem.posts,
      place: this.place,
      rules: async () => this.rules,
      unconfirmed: async (token) => {
        this.text = withFrontMatter(this.text, { unconfirmed: token });
      },
      records: this.mem.records,
      now: () => new Date(),
      ...overrides,
    };
  }

  /** Open as Markdown, as the Posts view's row does: the site's version as the file, and what they now agree on. */
  async open(id: number): Promise<string> {
    const post = await this.client().posts.get(this.site, id, { context: 'edit' });
    const { text, synced } = await postAsFile(post, this.site);
    this.text = text;
    await this.mem.posts.set(this.site, id, { modified: post.modified ?? '' });
    await this.mem.records.set(this.site, id, recordOf(text, synced.style, synced.pieces));
    return text;
  }

  /** Publish as the command does: the answer's keys into the file on success, and what the file and the site now agree on. */
  async publish(overrides: Partial<PublishDeps> = {}): Promise<PublishOutcome> {
    const out = await publishPost(this.text, this.deps(overrides));
    if (out.kind === 'created' || out.kind === 'updated') {
      this.text = out.text;
      await this.mem.records.set(this.site, out.post.ID, recordOf(this.text, out.synced.style, out.synced.pieces));
    }
    return out;
  }
}
