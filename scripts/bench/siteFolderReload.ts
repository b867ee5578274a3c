/**
 * A site folder's Source Control rows after Developer: Reload Window (src/commands/siteFolderSession.ts
 * over the bench's vscode stub): a folder of N post files is read once by a first session, which
 * keeps its record of files as the extension does; three files are then edited, and a second
 * session (the reload) is timed from its start to the model holding every file (its groups filled:
 * the rows the view shows) and to the end of its scan (every file looked at, the three read again).
 * The site is never asked (a client that never answers), as the rows must not wait for it.
 */
import './vscodeStub';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { ContentSiteClient } from '../../src/api';
import { SiteFolderSession, type SessionDeps } from '../../src/commands/siteFolderSession';

import type { SyncRecord } from '../../src/writing/syncRecord';
import type { FolderDocuments } from '../../src/views/siteFolder/folderDocuments';

export interface ReloadFigures {
  files: number;
  /** From the session's start to the model holding every file, its groups computed. */
  rowsMs: number;
  /** Rows shown then (the files changed here, by the kept record). */
  rows: number;
  /** From the start to the end of the scan (every file stat'ed, the changed ones read again), and the rows then. */
  scanMs: number;
  rowsAfterScan: number;
}

const SERVICE = 'http://127.0.0.1:9/rest';
const post = (id: number) =>
  `---\ntitle: Post ${id}\nid: ${id}\nsite: "2001"\nmodified: 2026-11-01T09:00:00+00:00\nstatus: publish\n---\n\nThe text of post ${id}, a paragraph long enough to be one.\n\nAnd a second one.\n`;

const until = async (yes: () => boolean) => {
  while (!yes()) await new Promise((done) => setTimeout(done, 1));
};

export async function reloadRows(files: number): Promise<ReloadFigures> {
  const work = mkdtempSync(join(tmpdir(), 'cs-bench-reload-'));
  try {
    const root = join(work, 'site');
    mkdirSync(join(root, 'posts'), { recursive: true });
    mkdirSync(join(root, 'pages'));
    const records = new Map<number, SyncRecord>();
    for (let id = 1; id <= files; id++) {
      const text = post(id);
      writeFileSync(join(root, id % 50 === 0 ? 'pages' : 'posts', `post-${id}.md`), text);
      records.set(id, { fileText: text } as SyncRecord);
    }
    const deps: SessionDeps = {
      log: { warn() {}, info() {}, error() {} } as unknown as vscode.LogOutputChannel,
      client: () => ({ baseUrl: SERVICE, posts: { list: () => new Promise(() => undefined) } }) as unknown as ContentSiteClient,
      writing: () => import('../../src/writing/index'),
      posts: { get: () => undefined, set: async () => undefined },
      records: { get: async (_site, id) => records.get(id), set: async () => undefined },
      media: { get: () => undefined, set: async () => undefined },
      documents: { refresh() {} } as unknown as FolderDocuments,
      storage: vscode.Uri.file(join(work, 'storage')),
    };
    const marker = { service: SERVICE, site: '2001', siteId: 2001 };
    const first = new SiteFolderSession(vscode.Uri.file(root), marker, deps);
    await first.ready;
    first.dispose();
    const kept = join(work, 'storage', 'site-folders');
    // Its record of files written whole (the write on dispose is not awaited).
    const whole = () => {
      const name = existsSync(kept) ? readdirSync(kept).find((n) => n.endsWith('.files.json')) : undefined;
      try {
        return name !== undefined && Object.keys(JSON.parse(readFileSync(join(kept, name), 'utf8')) as object).length === files;
      } catch {
        return false;
      }
    };
    await until(whole);
    for (const id of [1, 2, 3]) writeFileSync(join(root, 'posts', `post-${id}.md`), `${post(id)}\nEdited here.\n`);

    const started = performance.now();
    const again = new SiteFolderSession(vscode.Uri.file(root), marker, deps);
    let rowsMs = 0;
    let rows = 0;
    const filled = new Promise<void>((done) => {
      const check = () => {
        if (rowsMs || again.model.fileCount < files) return;
        rows = again.model.count(again.model.groups());
        rowsMs = performance.now() - started;
        done();
      };
      again.model.onDidChange(check);
      check();
    });
    await filled;
    await again.ready;
    const scanMs = performance.now() - started;
    const rowsAfterScan = again.model.count();
    again.dispose();
    return { files, rowsMs, rows, scanMs, rowsAfterScan };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
