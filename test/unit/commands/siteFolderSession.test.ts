/**
 * A site folder's session after Developer: Reload Window (src/commands/siteFolderSession.ts, over
 * the bench's vscode stub): the rows come back from the record of files the last session kept,
 * before the writing code has loaded or the site was asked, and without the search service (the
 * two folders are read from the disk); the scan then drops the rows of files gone meanwhile and
 * reads again the files changed meanwhile.
 */
import '../../../scripts/bench/vscodeStub';
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ContentSiteClient } from '../../../src/api';
import { SiteFolderSession, type SessionDeps } from '../../../src/commands/siteFolderSession';
import type { WritingModule } from '../../../src/writing/writingModule';
import type { FolderDocuments } from '../../../src/views/siteFolder/folderDocuments';

const SERVICE = 'http://127.0.0.1:9/rest';
const marker = { service: SERVICE, site: '2001', siteId: 2001 };
const post = (id: number) => `---\ntitle: Post ${id}\nid: ${id}\nsite: "2001"\nmodified: 2026-11-01T09:00:00+00:00\n---\n\nText ${id}.\n`;

describe('SiteFolderSession after a reload', () => {
  let work: string;
  beforeEach(() => (work = mkdtempSync(join(tmpdir(), 'cs-session-'))));
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  function session(root: string, writing: () => Promise<WritingModule>): SiteFolderSession {
    const deps: SessionDeps = {
      log: { warn() {}, info() {}, error() {} } as unknown as vscode.LogOutputChannel,
      // A client that never answers: nothing here waits for the site.
      client: () => ({ baseUrl: SERVICE, posts: { list: () => new Promise(() => undefined) } }) as unknown as ContentSiteClient,
      writing,
      posts: { get: () => undefined, set: async () => undefined },
      records: { get: async () => undefined, set: async () => undefined },
      media: { get: () => undefined, set: async () => undefined },
      documents: { refresh() {} } as unknown as FolderDocuments,
      storage: vscode.Uri.file(join(work, 'storage')),
    };
    return new SiteFolderSession(vscode.Uri.file(root), marker, deps);
  }
  const rows = (s: SiteFolderSession) => s.model.count();
  const until = async (yes: () => boolean, ms = 2000) => {
    const end = Date.now() + ms;
    while (!yes() && Date.now() < end) await new Promise((done) => setTimeout(done, 5));
  };

  it('27 files: the rows are back from the kept record before the writing code loads, and the scan corrects them', async () => {
    const root = join(work, 'site');
    mkdirSync(join(root, 'posts'), { recursive: true });
    mkdirSync(join(root, 'pages'));
    for (let id = 1; id <= 27; id++) writeFileSync(join(root, id % 9 === 0 ? 'pages' : 'posts', `post-${id}.md`), post(id));
    const first = session(root, () => import('../../../src/writing/index'));
    await first.ready;
    assert.equal(rows(first), 27, 'no record: every file Changed Here');
    first.dispose();
    const files = join(work, 'storage', 'site-folders');
    // The record written whole (the write on dispose is not awaited).
    await until(() => {
      const name = existsSync(files) ? readdirSync(files).find((n) => n.endsWith('.files.json')) : undefined;
      try {
        return name !== undefined && Object.keys(JSON.parse(readFileSync(join(files, name), 'utf8')) as object).length === 27;
      } catch {
        return false;
      }
    });

    // After the reload: the writing code never loads, the site never answers; one file went, one changed.
    rmSync(join(root, 'posts', 'post-1.md'));
    writeFileSync(join(root, 'posts', 'post-2.md'), post(2).replace('Post 2', 'Post 2, retitled'));
    utimesSync(join(root, 'posts', 'post-2.md'), new Date(), new Date(Date.now() + 5000));
    const never = () => new Promise<WritingModule>(() => undefined);
    const again = session(root, never);
    await until(() => rows(again) >= 26);
    assert.ok(rows(again) >= 26, `${rows(again)} rows while the writing code has not loaded`);
    assert.equal(again.model.file(join(root, 'posts', 'post-3.md'))?.title, 'Post 3');
    // The scan drops the file gone (it cannot read the changed one without the writing code: that row stays as it was).
    await until(() => !again.model.file(join(root, 'posts', 'post-1.md')));
    assert.equal(again.model.file(join(root, 'posts', 'post-1.md')), undefined);
    assert.equal(rows(again), 26);
    again.dispose();

    // With the writing code: the changed file is read again.
    const third = session(root, () => import('../../../src/writing/index'));
    await third.ready;
    assert.equal(third.model.file(join(root, 'posts', 'post-2.md'))?.title, 'Post 2, retitled');
    assert.equal(rows(third), 26);
    third.dispose();
  });
});
