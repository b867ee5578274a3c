import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { SETTINGS } from '../../src/settings';
import { allItems, captureMessages, fresh, labelOf, restoreSettings, setSetting, until } from './harness';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAAMIM/4EAAB/uBfsL2WiLAAAAAElFTkSuQmCC', 'base64');
/** The workspace folder this suite's editor opened: post files with images live here. */
const workspaceRoot = () => vscode.workspace.workspaceFolders![0].uri.fsPath;

/** A post file in the workspace's posts/ folder, opened in an editor. */
async function postFile(name: string, text: string): Promise<vscode.Uri> {
  mkdirSync(join(workspaceRoot(), 'posts'), { recursive: true });
  const file = join(workspaceRoot(), 'posts', name);
  writeFileSync(file, text);
  const uri = vscode.Uri.file(file);
  await vscode.window.showTextDocument(uri);
  return uri;
}

describe('Posts in the extension host', () => {
  afterEach(restoreSettings);

  it('Publish to Site on a post file: one post with our HTML, the file names it, problems show as diagnostics, the Posts view lists it, a row trashes it', async () => {
    const { svc, api } = await fresh();
    await api.auth.signInWithToken('cs-demo-token');
    await setSetting(SETTINGS.site, 'demo.example.blog');
    const file = join(mkdtempSync(join(tmpdir(), 'cs-posts-')), 'from-the-host.md');
    writeFileSync(file, '---\ntitle: From the host\nstatus: publish\n---\nOne\nline.\n');
    const uri = vscode.Uri.file(file);
    await vscode.window.showTextDocument(uri);
    await vscode.commands.executeCommand('contentSite.posts.publish', uri);
    const created = [...svc.world().posts.values()].find((p) => p.title === 'From the host');
    assert.ok(created, 'the post is on the service');
    assert.equal(created.content, '<!-- wp:paragraph -->\n<p>One line.</p>\n<!-- /wp:paragraph -->', 'a new post is blocks');
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

  it('an image outside the workspace is underlined on its line; its Quick Fix copies it next to the post, and Publish uploads the copy', async () => {
    const { svc, api } = await fresh();
    await api.auth.signInWithToken('cs-demo-token');
    await setSetting(SETTINGS.site, 'demo.example.blog');
    const home = mkdtempSync(join(tmpdir(), 'cs-home-'));
    const photo = join(home, 'holiday.png');
    writeFileSync(photo, PNG);
    const uri = await postFile('from-home.md', `---\ntitle: From home\nstatus: publish\n---\nLook:\n\n![Beach](${photo})\n`);
    const problem = await until('the image underlined', () =>
      vscode.languages.getDiagnostics(uri).find((d) => d.code === 'image-outside-workspace'),
    );
    assert.equal(problem.range.start.line, 6);
    assert.equal(vscode.window.activeTextEditor!.document.getText(problem.range), photo, 'the path as written');
    assert.match(problem.message, /is outside this workspace folder/);

    const messages = captureMessages();
    try {
      await vscode.commands.executeCommand('contentSite.posts.publish', uri);
    } finally {
      messages.restore();
    }
    assert.equal(svc.world().media.size, 0, 'Publish sent nothing');
    assert.ok(
      messages.seen.some((m) => /^Line 7: .*is outside this workspace folder/.test(m)),
      messages.seen.join(' | '),
    );

    // The editor offers Quick Fixes for the problems it has (its markers follow the diagnostics a moment later).
    const fix = await until('the Quick Fix offered', async () =>
      (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, problem.range)).find(
        (a) => a.title === 'Copy holiday.png into the workspace, next to the post',
      ),
    );
    assert.ok(fix.command);
    await vscode.commands.executeCommand(fix.command.command, ...(fix.command.arguments ?? []));
    const copy = join(workspaceRoot(), 'posts', 'holiday.png');
    assert.deepEqual(readFileSync(copy), PNG);
    assert.match(vscode.window.activeTextEditor!.document.getText(), /!\[Beach\]\(holiday\.png\)/);
    await until(
      'the problem gone',
      () => !vscode.languages.getDiagnostics(uri).some((d) => d.code === 'image-outside-workspace') || undefined,
    );
    const said = captureMessages();
    try {
      await vscode.commands.executeCommand('contentSite.posts.publish', uri);
    } finally {
      said.restore();
    }
    assert.deepEqual(
      [...svc.world().media.values()].map((m) => m.file),
      ['holiday.png'],
      `${said.seen.join(' | ')} — the file: ${vscode.window.activeTextEditor!.document.getText()}`,
    );
    rmSync(home, { recursive: true, force: true });
  });

  it('New Post never writes through a link at posts/untitled-post.md: the next free name is used, nothing outside is made', async () => {
    await fresh();
    const outside = mkdtempSync(join(tmpdir(), 'cs-planted-'));
    const planted = join(outside, 'planted.md');
    mkdirSync(join(workspaceRoot(), 'posts'), { recursive: true });
    const link = join(workspaceRoot(), 'posts', 'untitled-post.md');
    rmSync(link, { force: true });
    symlinkSync(planted, link);
    await vscode.commands.executeCommand('contentSite.posts.newPost');
    const opened = vscode.window.activeTextEditor!.document.uri.fsPath;
    assert.match(opened, /[\\/]posts[\\/]untitled-post-\d+\.md$/);
    assert.equal(existsSync(planted), false);
    rmSync(link, { force: true });
    rmSync(opened, { force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('two Publishes of one new file at once make one post: the second updates what the first created', async () => {
    const { svc, api } = await fresh();
    await api.auth.signInWithToken('cs-demo-token');
    await setSetting(SETTINGS.site, 'demo.example.blog');
    const uri = await postFile('twice.md', '---\ntitle: Published twice\nstatus: publish\n---\nOnce.\n');
    await Promise.all([
      vscode.commands.executeCommand('contentSite.posts.publish', uri),
      vscode.commands.executeCommand('contentSite.posts.publish', uri),
    ]);
    const made = [...svc.world().posts.values()].filter((p) => p.title === 'Published twice');
    assert.equal(made.length, 1);
    const creates = svc.requests.filter((r) => r.method === 'POST' && r.path.split('?')[0].endsWith('/posts/new'));
    assert.equal(creates.length, 1);
    assert.match(readFileSync(uri.fsPath, 'utf8'), new RegExp(`^id: ${made[0].ID}$`, 'm'));
    assert.doesNotMatch(readFileSync(uri.fsPath, 'utf8'), /unconfirmed/);
  });

  it('Publish while auto save is saving the file (VS Code refuses a second save then) waits for that save and publishes what the editor shows', async () => {
    const { svc, api } = await fresh();
    await api.auth.signInWithToken('cs-demo-token');
    await setSetting(SETTINGS.site, 'demo.example.blog');
    const files = vscode.workspace.getConfiguration('files');
    const autoSaveWas = files.inspect('autoSave')?.globalValue;
    await files.update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global);
    const uri = await postFile('while-saving.md', '---\ntitle: While saving\nstatus: publish\n---\nDraft.\n');
    // The auto save of the edit below has its save participants held (1.2 s, inside VS Code's 1.5 s
    // for a listener): the second Publish asks for its save during them, which VS Code refuses.
    let autoSaveStarted!: () => void;
    const autoSaving = new Promise<void>((r) => (autoSaveStarted = r));
    const hold = vscode.workspace.onWillSaveTextDocument((e) => {
      const ours = e.document.uri.toString() === uri.toString() && e.document.getText().includes('Final words.');
      if (!ours || e.reason !== vscode.TextDocumentSaveReason.AfterDelay) return;
      autoSaveStarted();
      e.waitUntil(new Promise((r) => setTimeout(r, 1200)));
    });
    const said = captureMessages();
    try {
      await vscode.commands.executeCommand('contentSite.posts.publish', uri);
      const post = await until('the post made', () => [...svc.world().posts.values()].find((p) => p.title === 'While saving'));
      const doc = await vscode.workspace.openTextDocument(uri);
      const at = doc.getText().indexOf('Draft.');
      const edit = new vscode.WorkspaceEdit();
      edit.replace(uri, new vscode.Range(doc.positionAt(at), doc.positionAt(at + 'Draft.'.length)), 'Final words.');
      await vscode.workspace.applyEdit(edit);
      let started = false;
      void autoSaving.then(() => (started = true));
      await until('the auto save of the edit started', () => started);
      await vscode.commands.executeCommand('contentSite.posts.publish', uri);
      assert.ok(!said.seen.some((m) => /could not be saved/.test(m)), said.seen.join(' | '));
      assert.match(svc.world().posts.get(post.ID)!.content, /Final words\./, said.seen.join(' | '));
      assert.match(readFileSync(uri.fsPath, 'utf8'), /^Final words\.$/m);
    } finally {
      said.restore();
      hold.dispose();
      await files.update('autoSave', autoSaveWas, vscode.ConfigurationTarget.Global);
    }
  });

  it('Preview of a draft whose address is not an address says so instead of failing', async () => {
    const { svc, api } = await fresh();
    await api.auth.signInWithToken('cs-demo-token');
    await setSetting(SETTINGS.site, '2001');
    svc.world().sites.get(2001)!.domain = 'not a host';
    const row = await until('a draft listed', async () => {
      await api.views.posts.reload();
      return (await allItems(api.views.posts)).find((i) => i.contextValue === 'post unpublished');
    });
    const messages = captureMessages();
    try {
      await vscode.commands.executeCommand('contentSite.posts.preview', row);
    } finally {
      messages.restore();
    }
    assert.equal(messages.seen.length, 1);
    // The client drops an address that does not parse when it reads the answer; the command says there is none.
    assert.match(messages.seen[0], /^The site gave no web address for “A draft post”/);
  });

  it('in Restricted Mode, Publish sends nothing and says why, with the way to trust the workspace', async () => {
    const { svc, api } = await fresh();
    await api.auth.signInWithToken('cs-demo-token');
    await setSetting(SETTINGS.site, 'demo.example.blog');
    const uri = await postFile('restricted.md', '---\ntitle: Not from here\nstatus: publish\n---\nText.\n');
    // The host's trust, as Restricted Mode reports it (this editor runs with trust turned off).
    const trust = Object.getOwnPropertyDescriptor(vscode.workspace, 'isTrusted')!;
    Object.defineProperty(vscode.workspace, 'isTrusted', { get: () => false, configurable: true });
    const messages = captureMessages();
    svc.requests.length = 0;
    try {
      await vscode.commands.executeCommand('contentSite.posts.publish', uri);
    } finally {
      messages.restore();
      Object.defineProperty(vscode.workspace, 'isTrusted', trust);
    }
    assert.deepEqual(messages.seen, [
      'Publishing is off in Restricted Mode: the files of an untrusted workspace are not published or uploaded. Trust this workspace to publish from it.',
    ]);
    assert.equal(svc.requests.filter((r) => r.method === 'POST').length, 0);
    assert.ok(vscode.workspace.isTrusted, 'the host is trusted again');
    const manifest = vscode.extensions.getExtension('contentsite.content-site')!.packageJSON as {
      capabilities: { untrustedWorkspaces: { supported: unknown } };
    };
    assert.equal(manifest.capabilities.untrustedWorkspaces.supported, 'limited', 'declared, so the extension runs in Restricted Mode');
  });

  it('a conflict left unanswered holds up nothing: the next Publish of the file runs (and meets the conflict again)', async () => {
    const { svc, api } = await fresh();
    await api.auth.signInWithToken('cs-demo-token');
    await setSetting(SETTINGS.site, 'demo.example.blog');
    const uri = await postFile('unanswered.md', '---\ntitle: Left open\nstatus: publish\n---\nMine.\n');
    await vscode.commands.executeCommand('contentSite.posts.publish', uri);
    const id = Number(/^id: (\d+)$/m.exec(readFileSync(uri.fsPath, 'utf8'))![1]);
    const onSite = svc.world().posts.get(id)!;
    onSite.content = '<p>Changed on the site.</p>';
    onSite.modified += 60;
    const messages = captureMessages((m) => (/changed on the site/.test(m) ? 'unanswered' : undefined));
    try {
      void vscode.commands.executeCommand('contentSite.posts.publish', uri);
      await until('the first conflict shown', () => messages.seen.filter((m) => /changed on the site/.test(m)).length === 1 || undefined);
      void vscode.commands.executeCommand('contentSite.posts.publish', uri);
      await until(
        'the second Publish ran to the same conflict',
        () => messages.seen.filter((m) => /changed on the site/.test(m)).length === 2 || undefined,
      );
    } finally {
      messages.restore();
    }
    assert.equal(onSite.content, '<p>Changed on the site.</p>', 'nothing overwritten');
  });

  it('Pull asks first whenever the file is not what was last pulled or published (saved or not), and keeps it when told no', async () => {
    const { svc, api } = await fresh();
    await api.auth.signInWithToken('cs-demo-token');
    await setSetting(SETTINGS.site, 'demo.example.blog');
    const uri = await postFile('pulled.md', '---\ntitle: Pulled twice\nstatus: publish\n---\nMine.\n');
    await vscode.commands.executeCommand('contentSite.posts.publish', uri);
    const justPublished = captureMessages();
    try {
      await vscode.commands.executeCommand('contentSite.posts.pull', uri);
    } finally {
      justPublished.restore();
    }
    assert.ok(
      !justPublished.seen.some((m) => m.startsWith('This file holds changes')),
      'a file as just published is pulled without asking',
    );
    // Saved edits, as with auto-save: nothing is dirty, and still the file is not what the site has.
    writeFileSync(uri.fsPath, readFileSync(uri.fsPath, 'utf8').replace('Mine.', 'Mine, edited and saved.'));
    await until(
      'the editor to hold the saved edit',
      () => vscode.window.activeTextEditor?.document.getText().includes('edited and saved') || undefined,
    );
    const asked = captureMessages(() => undefined);
    try {
      await vscode.commands.executeCommand('contentSite.posts.pull', uri);
    } finally {
      asked.restore();
    }
    assert.match(asked.seen[0], /^This file holds changes that are not on the site/);
    assert.match(readFileSync(uri.fsPath, 'utf8'), /Mine, edited and saved\./, 'kept: the writer said no');
    const replaced = captureMessages((_m, buttons) => (buttons.includes('Replace') ? 'Replace' : undefined));
    try {
      await vscode.commands.executeCommand('contentSite.posts.pull', uri);
    } finally {
      replaced.restore();
    }
    assert.match(readFileSync(uri.fsPath, 'utf8'), /\nMine\.\n$/, "the site's version, when the writer said Replace");
    const quiet = captureMessages();
    try {
      await vscode.commands.executeCommand('contentSite.posts.pull', uri);
    } finally {
      quiet.restore();
    }
    assert.ok(!quiet.seen.some((m) => m.startsWith('This file holds changes')), 'a file as last pulled is pulled without asking');
    assert.ok(svc.world().posts.size > 0);
  });

  it('a publish that would change what the writer did not edit shows the site now and after, and sends only on Publish Anyway', async () => {
    const { svc, api } = await fresh();
    await api.auth.signInWithToken('cs-demo-token');
    await setSetting(SETTINGS.site, 'demo.example.blog');
    const uri = await postFile(
      'guarded.md',
      '---\ntitle: Guarded\nstatus: publish\n---\nFirst part.\n\n[r]: https://example.com/a\n\nSecond part links [here][r].\n',
    );
    await vscode.commands.executeCommand('contentSite.posts.publish', uri);
    const id = Number(/^id: (\d+)$/m.exec(readFileSync(uri.fsPath, 'utf8'))![1]);
    const before = svc.world().posts.get(id)!.content;
    // The writer edits only the link definition; the paragraph that uses it would change too.
    writeFileSync(uri.fsPath, readFileSync(uri.fsPath, 'utf8').replace('https://example.com/a', 'https://example.com/b'));
    await until(
      'the editor to hold the edit',
      () => vscode.window.activeTextEditor?.document.getText().includes('example.com/b') || undefined,
    );
    const no = captureMessages();
    try {
      await vscode.commands.executeCommand('contentSite.posts.publish', uri);
    } finally {
      no.restore();
    }
    assert.match(no.seen.join(' | '), /Publishing “Guarded” would also change 1 part\(s\) of the post you did not edit/);
    assert.equal(svc.world().posts.get(id)!.content, before, 'nothing sent');
    const diff = vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.label.includes("Guarded: the site's content now"));
    assert.ok(diff, 'the two versions are shown side by side');
    const yes = captureMessages((_m, buttons) => (buttons.includes('Publish Anyway') ? 'Publish Anyway' : undefined));
    try {
      await vscode.commands.executeCommand('contentSite.posts.publish', uri);
    } finally {
      yes.restore();
    }
    assert.match(svc.world().posts.get(id)!.content, /example\.com\/b/);
  });
});
