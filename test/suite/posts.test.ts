import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { allItems, fresh, labelOf, restoreSettings, setSetting, until } from './harness';

describe('Posts in the extension host', () => {
  afterEach(restoreSettings);

  it('Publish to Site on a post file: one post with our HTML, the file names it, problems show as diagnostics, the Posts view lists it, a row trashes it', async () => {
    const { svc, api } = await fresh();
    await api.auth.signInWithToken('cs-demo-token');
    await setSetting('site', 'demo.example.blog');
    const file = join(mkdtempSync(join(tmpdir(), 'cs-posts-')), 'from-the-host.md');
    writeFileSync(file, '---\ntitle: From the host\nstatus: publish\n---\nOne\nline.\n');
    const uri = vscode.Uri.file(file);
    await vscode.window.showTextDocument(uri);
    await vscode.commands.executeCommand('contentSite.posts.publish', uri);
    const created = [...svc.world().posts.values()].find((p) => p.title === 'From the host');
    assert.ok(created, 'the post is on the service');
    assert.equal(created.content, '<p>One line.</p>');
    assert.equal(created.status, 'publish');
    assert.match(readFileSync(file, 'utf8'), new RegExp(`^id: ${created.ID}$`, 'm'), 'the saved file names the post');

    // A problem in the front matter shows on its line while typing.
    const doc = await vscode.workspace.openTextDocument(uri);
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(2, 8, 2, 15), 'publsh');
    await vscode.workspace.applyEdit(edit);
    const problems = await until('a diagnostic on the status line', () => {
      const d = vscode.languages.getDiagnostics(uri).filter((x) => x.source === 'Content Site');
      return d.length ? d : undefined;
    });
    assert.equal(problems[0].range.start.line, 2);
    assert.match(problems[0].message, /Unknown status "publsh"/);
    await vscode.commands.executeCommand('workbench.action.files.revert');
    assert.equal(doc.isDirty, false);

    const row = await until('the post listed under Published', async () => {
      await api.views.posts.reload();
      return (await allItems(api.views.posts)).find((i) => labelOf(i) === 'From the host');
    });
    await vscode.commands.executeCommand('contentSite.posts.trash', row);
    assert.equal(svc.world().posts.get(created.ID)!.status, 'trash');
    assert.ok(!(await allItems(api.views.posts)).some((i) => labelOf(i) === 'From the host'), 'gone from the list');
  });
});
