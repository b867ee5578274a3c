/**
 * Categories, tags and pages in a post file, in a real editor against the reference service: what
 * the writer sees (completion, the unknown-category warning and its Quick Fix, the hover) and what a
 * page's publish stores on the service.
 */
import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { SETTINGS } from '../../src/settings';
import type { RunningService } from '../service';
import { findTerm, postCount } from '../service/terms';
import type { Taxonomy } from '../service/world';
import { captureMessages, fresh, restoreSettings, setSetting, until } from './harness';

const DEMO_SITE = 2001;
const SOURCE = 'Content Site';

/** A post file in the workspace's posts/ folder, opened in an editor. */
async function postFile(name: string, text: string): Promise<vscode.Uri> {
  const dir = join(vscode.workspace.workspaceFolders![0].uri.fsPath, 'posts');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  writeFileSync(file, text);
  const uri = vscode.Uri.file(file);
  await vscode.window.showTextDocument(uri);
  return uri;
}

/** Signed in as demo with the demo site chosen: the site whose terms a post file gets. */
async function signedInOnDemo(): Promise<RunningService> {
  const { svc, api } = await fresh();
  await api.auth.signInWithToken('cs-demo-token');
  await setSetting(SETTINGS.site, 'demo.example.blog');
  return svc;
}

/** What the service counts for a term now, as the completion and the hover should say it. */
function postsOf(svc: RunningService, taxonomy: Taxonomy, name: string): string {
  const term = findTerm(svc.world(), DEMO_SITE, taxonomy, name);
  assert.ok(term, `the seed has the term ${name}`);
  const n = postCount(svc.world(), term);
  return n === 1 ? '1 post' : `${n} posts`;
}

const nameOf = (item: vscode.CompletionItem) => (typeof item.label === 'string' ? item.label : item.label.label);
const descriptionOf = (item: vscode.CompletionItem) => (typeof item.label === 'string' ? undefined : item.label.description);

/** The completion items offered at a place once the site's terms are there (the editing parts load lazily). */
async function completionsAt(uri: vscode.Uri, position: vscode.Position, awaited: string): Promise<vscode.CompletionItem[]> {
  return until(`"${awaited}" offered at ${position.line}:${position.character}`, async () => {
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', uri, position);
    return list.items.some((i) => nameOf(i) === awaited) ? list.items : undefined;
  });
}

const ours = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source === SOURCE);

describe('Categories, tags and pages in a post file (in the extension host)', () => {
  afterEach(restoreSettings);

  it("completion in categories: and tags: offers the site's terms with their post counts", async () => {
    const svc = await signedInOnDemo();
    const uri = await postFile('terms-completion.md', '---\ntitle: Terms offered\ncategories:\n  - Cr\ntags: [wri]\n---\nBody.\n');

    const categories = await completionsAt(uri, new vscode.Position(3, 6), 'Craft');
    const craft = categories.find((i) => nameOf(i) === 'Craft')!;
    const revision = categories.find((i) => nameOf(i) === 'Revision');
    assert.ok(revision, `Revision offered among ${categories.map(nameOf).join(', ')}`);
    assert.equal(descriptionOf(craft), postsOf(svc, 'category', 'Craft'));
    assert.equal(descriptionOf(revision), postsOf(svc, 'category', 'Revision'));
    assert.equal(descriptionOf(craft), '3 posts', "the seed's count, as the service answers it");
    assert.ok(
      categories.some((i) => nameOf(i) === 'Announcements'),
      'a category with no posts is offered too',
    );
    assert.ok(!categories.some((i) => nameOf(i) === 'writing'), 'no tag among the categories');
    const replaced = craft.range instanceof vscode.Range ? craft.range : craft.range?.replacing;
    assert.deepEqual([replaced?.start.character, replaced?.end.character], [4, 6], 'the completion replaces what is typed');

    const tags = await completionsAt(uri, new vscode.Position(4, 10), 'writing');
    const writing = tags.find((i) => nameOf(i) === 'writing')!;
    assert.equal(descriptionOf(writing), postsOf(svc, 'post_tag', 'writing'));
    assert.equal(descriptionOf(writing), '7 posts');
    assert.ok(
      tags.some((i) => nameOf(i) === 'tools' && descriptionOf(i) === postsOf(svc, 'post_tag', 'tools')),
      `tools offered among ${tags.map(nameOf).join(', ')}`,
    );
    assert.ok(!tags.some((i) => nameOf(i) === 'Craft'), 'no category among the tags');
  });

  it('an unknown category is warned of with the closest name; its Quick Fix puts that name in and the warning goes; a new tag is not warned of', async () => {
    await signedInOnDemo();
    const uri = await postFile('terms-unknown.md', '---\ntitle: A slip\ncategories:\n  - Crafts\ntags:\n  - brand-new-tag\n---\nBody.\n');
    const warning = await until('the unknown category warned of', () => ours(uri).find((d) => d.code === 'unknown-category'));
    assert.equal(warning.message, 'demo.example.blog has no category “Crafts”: publishing creates it. Closest: “Craft”.');
    assert.equal(warning.severity, vscode.DiagnosticSeverity.Warning);
    const doc = vscode.window.activeTextEditor!.document;
    assert.equal(doc.getText(warning.range), 'Crafts');
    assert.deepEqual(
      ours(uri).map((d) => d.message),
      [warning.message],
      'the new tag is created freely: no warning of it',
    );

    const fix = await until('the Quick Fix offered', async () =>
      (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, warning.range)).find(
        (a) => a.title === 'Use the category “Craft”',
      ),
    );
    assert.ok(fix.edit, 'the Quick Fix is an edit');
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.equal(doc.lineAt(3).text, '  - Craft');
    await until('the warning gone', () => (ours(uri).some((d) => d.code === 'unknown-category') ? undefined : true));
    assert.deepEqual(
      ours(uri).map((d) => d.message),
      [],
    );
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('hovering over a known category shows its post count; an unknown tag says publishing creates it', async () => {
    const svc = await signedInOnDemo();
    const uri = await postFile('terms-hover.md', '---\ntitle: Hovered\ncategories: [Process]\ntags: [fresh-tag]\n---\nBody.\n');
    // The hover's Markdown with the backslashes that keep the service's text from being Markdown taken out.
    const text = (hovers: vscode.Hover[]) =>
      hovers
        .flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : '')))
        .join('\n')
        .replace(/\\(.)/g, '$1');
    const hoverAt = (position: vscode.Position, awaited: RegExp) =>
      until(`a hover matching ${awaited}`, async () => {
        const shown = text(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, position));
        return awaited.test(shown) ? shown : undefined;
      });

    const count = postsOf(svc, 'category', 'Process');
    assert.equal(count, '3 posts');
    const category = await hoverAt(new vscode.Position(2, 16), /Category Process/);
    assert.ok(category.includes(`**Category Process** · ${count}`), category);

    const tag = await hoverAt(new vscode.Position(3, 9), /fresh/);
    assert.ok(tag.includes('demo.example.blog has no tag “fresh-tag”: publishing creates it.'), tag);
  });

  it('a new file with type: page, a parent and a template publishes a page under that parent and gets its id; categories on a page are a problem', async () => {
    const svc = await signedInOnDemo();
    const uri = await postFile(
      'terms-page.md',
      '---\ntitle: Workshop notes\ntype: page\nparent: 130\npage_template: full-width\nstatus: publish\n---\nNotes for the workshop.\n',
    );
    const messages = captureMessages();
    try {
      await vscode.commands.executeCommand('contentSite.posts.publish', uri);
    } finally {
      messages.restore();
    }
    const page = [...svc.world().posts.values()].find((p) => p.title === 'Workshop notes');
    assert.ok(page, `the page is on the service (${messages.seen.join(' | ')})`);
    assert.deepEqual(
      { type: page.type, status: page.status, parent: page.parent, template: page.pageTemplate, categories: page.categories },
      { type: 'page', status: 'publish', parent: 130, template: 'full-width', categories: [] },
    );
    // As the REST API answers it to anyone who asks.
    const answer = await fetch(`${svc.restUrl}/v1.1/sites/${DEMO_SITE}/posts/${page.ID}`, {
      headers: { authorization: 'Bearer cs-demo-token' },
    });
    const json = (await answer.json()) as { type: string; parent: { ID: number } | false; page_template: string };
    assert.deepEqual([json.type, json.parent && json.parent.ID, json.page_template], ['page', 130, 'full-width']);
    assert.match(readFileSync(uri.fsPath, 'utf8'), new RegExp(`^id: ${page.ID}$`, 'm'), 'the saved file names the page');

    const doc = await vscode.workspace.openTextDocument(uri);
    const after = doc
      .getText()
      .split(/\r?\n/)
      .findIndex((l) => l.startsWith('page_template:'));
    assert.ok(after > 0);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(uri, new vscode.Position(after + 1, 0), 'categories: [Craft]\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const problem = await until('the categories of a page shown as a problem', () =>
      ours(uri).find((d) => /^A page has no categories/.test(d.message)),
    );
    assert.equal(problem.message, 'A page has no categories: remove "categories" (or make this a post).');
    assert.equal(problem.range.start.line, after + 1);
    assert.equal(problem.severity, vscode.DiagnosticSeverity.Error);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });
});
