/**
 * A whole site as a folder in a real VS Code (code-server + Chromium, the packaged VSIX): Clone Site
 * into Folder… into the workspace, its Source Control view; one paragraph changed in a file and
 * another of the same post changed on the site by another user, Sync: both kept, and the site's
 * content differs from before by exactly those two changes; then both sides change the same
 * paragraph: Sync writes the conflict into the file and publishes nothing, the conflict is resolved
 * in the editor (the merge editor's Accept Current), and Sync publishes it; a file made a link to one
 * outside the folder, and a marker edited to name another site, send nothing (issue 39); a Sync that would
 * change what the writer did not edit asks first, as Publish does (issue 41). Each step is checked
 * against the files on disk and the reference service's state. Screenshots go to artifacts/e2e/site-folder/.
 */
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import type { Demo } from '../../scripts/demo-editor.mjs';
import { ContentSiteClient } from '../../src/api';
import { openSignedIn } from './session';
import { useEditor } from './setup';
import { until } from './until';
import type { Workbench } from './workbench';

const SHOTS = resolve(__dirname, '../../artifacts/e2e/site-folder');
const SITE = '2001';
const PARAS = ['<p>The harbour wall.</p>', '<p>Tides at noon.</p>', '<p>Gulls on the mast.</p>'];

describe('A whole site as a folder in a real VS Code', function () {
  let demo: Demo;
  let page: Page;
  let wb: Workbench;
  let postId = 0;
  let file = '';
  const clients: ContentSiteClient[] = [];
  const as = (token: string) => {
    const c = new ContentSiteClient({ baseUrl: demo.svc.restUrl, token });
    clients.push(c);
    return c;
  };
  const workspace = () => join(demo.work.dir, 'workspace');
  const onSite = () => demo.svc.world().posts.get(postId)!;
  const text = () => readFileSync(file, 'utf8');
  const scm = () => page.locator('.scm-view');
  /** A row of the Source Control view under `group` (its header, then the rows up to the next header). */
  const scmRow = (name: string) => scm().locator('.monaco-list-row', { hasText: name }).first();

  useEditor({
    clear: SHOTS,
    open: (browser) => openSignedIn(browser, SHOTS, {}),
    ready: async (session) => {
      ({ demo, page, wb } = session);
      await wb.command('Content Site: Select Site…');
      await wb.answer('https://demo.example.blog/');
      // A post of three paragraphs, written by demo before the clone.
      const made = await as('cs-demo-token').posts.create(SITE, { title: 'Harbour notes', content: PARAS.join('\n\n'), status: 'publish' });
      postId = made.ID;
    },
  });
  after(() => Promise.all(clients.map((c) => c.close())));

  it('1. Clone Site into Folder… writes every post and page of the site into the workspace, and its Source Control view comes up', async () => {
    await wb.command('Content Site: Clone Site into Folder…');
    // The editor's own folder dialog (the simple one in a browser): the workspace folder, then Clone Here.
    const dialog = page.locator('.quick-input-widget', { has: page.locator('.monaco-button', { hasText: /^Clone Here$/ }) });
    await dialog.waitFor({ state: 'visible' });
    const input = dialog.locator('.quick-input-filter input.input');
    // The dialog fills in its starting folder as it opens: typed once that is done, and typed again until it holds.
    await until('the dialog to hold the workspace folder', async () => {
      await input.fill(`${workspace()}/`);
      await page.waitForTimeout(300);
      return (await input.inputValue()) === `${workspace()}/` || undefined;
    });
    await dialog.locator('.monaco-button', { hasText: /^Clone Here$/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await wb.expectMessage(/Cloned .* into .*written/);
    await wb.clearMessages();
    assert.ok(existsSync(join(workspace(), '.contentsite.json')), 'the folder says which site it is');
    const marker = readFileSync(join(workspace(), '.contentsite.json'), 'utf8');
    assert.doesNotMatch(marker, /token/i, 'never a token');
    const listed = [...demo.svc.world().posts.values()].filter(
      (p) => p.siteId === Number(SITE) && p.status !== 'trash' && ['post', 'page'].includes(p.type),
    );
    const written = ['posts', 'pages'].flatMap((d) => (existsSync(join(workspace(), d)) ? readdirSync(join(workspace(), d)) : []));
    assert.equal(written.length, listed.length, 'one file per post and page');
    file = join(workspace(), 'posts', `${onSite().slug}.md`);
    assert.match(text(), /Tides at noon\./);
    await wb.command('Source Control: Focus on Changes View');
    // Nothing differs yet: the view's Sync in the status bar says so.
    await page.locator('.statusbar-item', { hasText: '0↓ 0↑' }).first().waitFor();
    await wb.shot('cloned');
  });

  it('2. a paragraph changed here and another changed on the site: the view shows it, Sync keeps both, the site differs by exactly the two', async () => {
    const before = onSite().content;
    writeFileSync(file, text().replace('The harbour wall.', 'The harbour wall, rebuilt.'));
    await scmRow('harbour-notes.md').waitFor();
    await scm().locator('.monaco-list-row', { hasText: 'Changed Here' }).first().waitFor();
    await as('cs-ed-token').posts.update(SITE, postId, { content: before.replace('Gulls on the mast.', 'Gulls on the mast, and terns.') });
    const edited = onSite().content;
    await wb.command('Content Site: Check Site for Changes');
    await scm().locator('.monaco-list-row', { hasText: 'Changed on Both' }).first().waitFor();
    await wb.shot('changed-on-both');
    await wb.command('Content Site: Sync with Site');
    await wb.expectMessage(/Synced: .*1 published.*1 merged/);
    await wb.clearMessages();
    assert.equal(
      onSite().content,
      edited.replace('The harbour wall.', 'The harbour wall, rebuilt.'),
      'the site: its version with the file’s change, nothing else',
    );
    assert.equal(
      onSite().content.replace(/\s+/g, ''),
      before
        .replace('The harbour wall.', 'The harbour wall, rebuilt.')
        .replace('Gulls on the mast.', 'Gulls on the mast, and terns.')
        .replace(/\s+/g, ''),
    );
    await until(
      'the file to hold both changes',
      () => text().includes('The harbour wall, rebuilt.') && text().includes('Gulls on the mast, and terns.'),
    );
    await until(
      'the view to be empty',
      async () => (await scm().locator('.monaco-list-row', { hasText: 'harbour-notes.md' }).count()) === 0 || undefined,
    );
  });

  it('3. the same paragraph changed on both sides: Sync marks the conflict in the file and sends nothing; resolved in the editor, Sync publishes it', async () => {
    writeFileSync(file, text().replace('Tides at noon.', 'Tides at one.'));
    await as('cs-ed-token').posts.update(SITE, postId, { content: onSite().content.replace('Tides at noon.', 'Tides at two.') });
    const theirs = onSite().content;
    await wb.command('Content Site: Sync with Site');
    await wb.expectMessage(/changed on both sides in the same place/);
    await until('the conflict markers in the file', () =>
      /<<<<<<< Here[\s\S]*Tides at one\.[\s\S]*=======[\s\S]*Tides at two\.[\s\S]*>>>>>>> Site/.test(text()),
    );
    assert.equal(onSite().content, theirs, 'nothing published over the site while the conflict stands');
    await scm().locator('.monaco-list-row', { hasText: 'Changed on Both' }).first().waitFor();
    await wb.clearMessages();
    // Resolved in the editor: the file opened from the view, the conflict's own Accept Current Change, saved.
    // Its row in Changed on Both opens the file (the conflicts are in it).
    // The view may draw its rows again as the file's check settles after the Sync: a click on a row
    // being replaced is lost, so the row is clicked again until the file shows (the editor never
    // opens it twice: one tab).
    const markers = page.locator('.monaco-editor .view-lines', { hasText: '<<<<<<< Here' }).first();
    await until('the conflicted file open in the editor', async () => {
      await scmRow('harbour-notes.md').click();
      return (
        (await markers.waitFor({ timeout: 3000 }).then(
          () => true,
          () => false,
        )) || undefined
      );
    });
    await wb.shot('conflict-in-editor');
    await page.locator('.monaco-editor .codelens-decoration a', { hasText: 'Accept Current Change' }).first().click();
    await page.keyboard.press('Control+S');
    await until('the markers gone from the file', () => !text().includes('<<<<<<<') && text().includes('Tides at one.'));
    await wb.command('Content Site: Sync with Site');
    await wb.expectMessage(/Synced: .*1 published/);
    assert.match(onSite().content, /Tides at one\./);
    assert.doesNotMatch(onSite().content, /Tides at two\.|<<<<<<<|>>>>>>>/);
    assert.match(onSite().content, /The harbour wall, rebuilt\..*Gulls on the mast, and terns\./s);
    await wb.shot('resolved-and-published');
  });

  it('4. a Publish while the site cannot be reached waits in the outbox, survives a reload, and goes out once when the site answers', async () => {
    const fresh = join(workspace(), 'posts', 'low-tide.md');
    writeFileSync(fresh, '---\ntitle: Low tide\nstatus: draft\n---\nThe flats at dawn.\n');
    await scmRow('low-tide.md').waitFor();
    const creates = () => demo.svc.requests.filter((r) => r.method === 'POST' && r.path.split('?')[0].endsWith('/posts/new')).length;
    const createsBefore = creates();
    const lowTide = () => [...demo.svc.world().posts.values()].filter((p) => p.title === 'Low tide' && p.type === 'post');
    // The create is applied, but its answer never comes (the connection breaks), and so does every look for it.
    demo.svc.queueFault({ method: 'POST', path: `/rest/v1.1/sites/demo.example.blog/posts/new`, count: 1, fault: 'applied,reset' });
    demo.svc.queueFault({ method: 'GET', path: `/rest/v1.1/sites/demo.example.blog/posts/?`, count: 20, fault: 'reset' });
    await scmRow('low-tide.md').click();
    await page.locator('.monaco-editor .view-lines', { hasText: 'The flats at dawn.' }).first().waitFor();
    await wb.command('Content Site: Publish to Site');
    await wb.expectMessage(/waits to publish \(1 waiting to publish\)/);
    await page.locator('.statusbar-item', { hasText: '1 waiting to publish' }).first().waitFor();
    await scm().locator('.monaco-list-row', { hasText: 'Waiting to Publish' }).first().waitFor();
    await wb.shot('waiting-to-publish');
    assert.equal(lowTide().length, 1, 'the service applied the create whose answer was lost');
    assert.match(readFileSync(fresh, 'utf8'), /^unconfirmed: /m, 'the file remembers the attempt');
    demo.svc.clearFaults();
    // Another post changed here before the reload: its row must be back after it (issue 39: it took 15–28 s).
    const other = readdirSync(join(workspace(), 'posts'))
      .map((name) => join(workspace(), 'posts', name))
      .find((p) => p !== file && p !== fresh)!;
    const otherText = readFileSync(other, 'utf8');
    writeFileSync(other, `${otherText}\nA line added before the reload.\n`);
    await scmRow(basename(other)).waitFor();
    // A reload: the outbox is read back, and sent once the window's folders are open.
    await wb.command('Developer: Reload Window');
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    const reloaded = Date.now();
    const since = () => Date.now() - reloaded;
    const [syncItemMs, rowsMs] = await Promise.all([
      // The folder's Sync item in the status bar: its source control is made (the extension host started, the extension activated).
      page.locator('.statusbar-item', { hasText: '↑' }).first().waitFor({ timeout: 60_000 }).then(since),
      scmRow(basename(other)).waitFor({ timeout: 60_000 }).then(since),
    ]);
    // Timed, not asserted (the bench's row is the measure); written beside the screenshots for whoever reads them.
    writeFileSync(join(SHOTS, 'rows-after-reload.json'), `${JSON.stringify({ syncItemMs, rowsMs, at: new Date().toISOString() })}\n`);
    console.log(`      after the reloaded workbench showed: the folder's Sync item ${syncItemMs} ms, its rows ${rowsMs} ms`);
    await until('the queued post to be named in its file', () => /^id: \d+$/m.test(readFileSync(fresh, 'utf8')) || undefined, 60_000);
    const writes = () =>
      demo.svc.requests
        .filter((r) => r.method === 'POST' || r.path.includes('meta_key'))
        .map((r) => `${r.method} ${r.path.split('&context')[0]} ${r.status}`)
        .join('\n');
    assert.equal(lowTide().length, 1, `never twice: the publish token found the post the lost answer made\n${writes()}`);
    assert.equal(creates() - createsBefore, 1, `one create: the one whose answer was lost\n${writes()}`);
    assert.equal(Number(/^id: (\d+)$/m.exec(readFileSync(fresh, 'utf8'))![1]), lowTide()[0].ID);
    assert.doesNotMatch(readFileSync(fresh, 'utf8'), /^unconfirmed:/m);
    await until(
      'the outbox to be empty',
      async () => (await page.locator('.statusbar-item', { hasText: 'waiting to publish' }).count()) === 0 || undefined,
    );
    await wb.shot('published-from-outbox');
    writeFileSync(other, otherText);
    await until('the other post’s row gone', async () => (await scmRow(basename(other)).count()) === 0 || undefined);
  });

  it("5. Show Revisions… lists the post's revisions on the site; one opens beside the file, and Restore into File puts it in the editor", async () => {
    await wb.command('Go to File...');
    await wb.answer('harbour-notes.md');
    await page.locator('.monaco-editor .view-lines', { hasText: 'Tides at one.' }).first().waitFor();
    await wb.command('Content Site: Show Revisions…');
    const list = page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
    await page.locator('.quick-input-widget', { hasText: 'Revisions of “Harbour notes”' }).waitFor();
    // Made by demo, changed twice by ed, published from the folder three times: every save that changed the text.
    await until('the revisions listed', async () => ((await list.count()) >= 4 ? true : undefined));
    const oldest = list.last();
    await oldest.waitFor();
    await wb.shot('revisions');
    await oldest.click();
    await page.locator('.monaco-diff-editor').first().waitFor();
    await wb.shot('revision-diff');
    await oldest.hover();
    await oldest.locator('.action-label[aria-label="Restore into File"], .action-label[title="Restore into File"]').first().click();
    await wb.expectMessage(/Restored the revision of .* into the file: Publish to send it\./);
    // In the editor, not saved and not published: the first version's paragraphs are back.
    await page.locator('.monaco-editor .view-lines', { hasText: 'The harbour wall.' }).first().waitFor();
    assert.match(text(), /The harbour wall, rebuilt\./, 'the file on disk is as it was until the writer saves');
    assert.match(onSite().content, /The harbour wall, rebuilt\./, 'nothing published');
  });
  it('6. a post file made a link to a file outside the folder is Not Sent, with why, and Sync sends none of it; a marker that names another site stops Sync', async () => {
    const own = text();
    const outside = join(demo.work.dir, 'elsewhere', 'harbour-notes.md');
    mkdirSync(join(demo.work.dir, 'elsewhere'), { recursive: true });
    writeFileSync(outside, own.replace('Tides at one.', 'Secret notes from elsewhere.'));
    const before = onSite().content;
    const posts = () => demo.svc.requests.filter((r) => r.method === 'POST').length;
    unlinkSync(file);
    symlinkSync(outside, file);
    await scm().locator('.monaco-list-row', { hasText: 'Not Sent' }).first().waitFor();
    await scmRow('harbour-notes.md').waitFor();
    await wb.shot('not-sent');
    const sent = posts();
    await wb.command('Content Site: Sync with Site');
    await wb.expectMessage(
      /harbour-notes\.md: .*leads outside the folder .*through a symbolic link: nothing of it is read, sent or written/,
    );
    await wb.clearMessages();
    assert.equal(posts(), sent, 'nothing sent');
    assert.equal(onSite().content, before);
    assert.match(readFileSync(outside, 'utf8'), /Secret notes from elsewhere\./, 'the outside file is not written');
    unlinkSync(file);
    writeFileSync(file, own);
    await until(
      'the Not Sent group gone',
      async () => (await scm().locator('.monaco-list-row', { hasText: 'Not Sent' }).count()) === 0 || undefined,
    );

    // The marker edited to name another of the user's sites: every file says the folder's site, so nothing is synced.
    const markerPath = join(workspace(), '.contentsite.json');
    const marker = readFileSync(markerPath, 'utf8');
    writeFileSync(markerPath, marker.replace(/"site": "[^"]*"/, '"site": "2002"').replace(/"siteId": \d+/, '"siteId": 2002'));
    await page.locator('.statusbar-item', { hasText: 'Sync stopped' }).first().waitFor();
    await wb.shot('sync-stopped');
    await wb.command('Content Site: Sync with Site');
    await wb.expectMessage(/Nothing was synced: \d+ file\(s\) of this folder name another site than its \.contentsite\.json \(site 2002\)/);
    await wb.clearMessages();
    assert.equal(posts(), sent, 'nothing sent to either site');
    writeFileSync(markerPath, marker);
    await page.locator('.statusbar-item', { hasText: '0↓ 0↑' }).first().waitFor();
  });

  it("7. a Sync that would change a paragraph the writer did not edit sends nothing, shows the site's content now and after, and sends on Publish Anyway", async () => {
    // A paragraph that links through a reference, and its definition: published as the writer's edit.
    writeFileSync(file, `${text().trimEnd()}\n\nThe log links [here][r].\n\n[r]: https://example.com/a\n`);
    await wb.command('Content Site: Sync with Site');
    await wb.expectMessage(/Synced: .*1 published/);
    await wb.clearMessages();
    assert.match(onSite().content, /example\.com\/a/);
    const before = onSite().content;
    // Only the definition edited: the paragraph that uses it would change too.
    writeFileSync(file, text().replace('https://example.com/a', 'https://example.com/b'));
    await until('the file to say example.com/b', () => text().includes('example.com/b'));
    await wb.command('Content Site: Sync with Site');
    const dialog = page.locator('.monaco-dialog-box', { hasText: 'would also change parts of the post you did not edit' });
    await dialog.waitFor({ timeout: 60_000 });
    assert.equal(onSite().content, before, 'nothing sent before the writer says so');
    await page.locator('.tab', { hasText: "Harbour notes: the site's content now" }).first().waitFor();
    await wb.shot('sync-publish-anyway');
    await dialog.locator('.monaco-button', { hasText: /^Publish Anyway$/ }).click();
    await until('the site to have the new link', () => /example\.com\/b/.test(onSite().content), 60_000);
  });
});
