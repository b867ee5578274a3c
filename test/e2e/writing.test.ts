/**
 * Writing posts as Markdown in a real VS Code (code-server + Chromium, the packaged VSIX): a new
 * user's post file with an image published, published again, a conflict with the site, a pull, and
 * a contributor's publish; each step checked against the reference service's state and request log.
 * Screenshots go to artifacts/e2e/writing/.
 */
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from '@wordpress/block-serialization-default-parser';
import type { Page } from 'playwright-core';
import type { Demo } from '../../scripts/demo-editor.mjs';
import { iso } from '../service/shapes';
import { openSignedIn } from './session';
import { useEditor } from './setup';
import { until } from './until';
import type { Workbench } from './workbench';

const SHOTS = resolve(__dirname, '../../artifacts/e2e/writing');
const PANE = 'Posts';
const DEMO_SITE = 2001;

/** A 2×2 PNG (red, green, blue, white): a real image the service can size. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAAMIM/4EAAB/uBfsL2WiLAAAAAElFTkSuQmCC', 'base64');

const POST = `---
title: First light
status: publish
tags: [morning, light]
---
The lamp came on
at six, as it does.

\`\`\`js
if (a < b && c) return "[gallery]";
\`\`\`

![A lamp](lamp.png)
`;

describe('Writing posts as Markdown in a real VS Code', function () {
  let demo: Demo;
  let page: Page;
  let wb: Workbench;
  let file = '';
  let postId = 0;

  const workspace = () => join(demo.work.dir, 'workspace');
  const posts = () => [...demo.svc.world().posts.values()].filter((p) => p.siteId === DEMO_SITE);
  const post = (id: number) => demo.svc.world().posts.get(id)!;
  const uploads = () => demo.svc.requests.filter((r) => r.method === 'POST' && r.path.split('?')[0].endsWith('/media/new'));
  const text = () => readFileSync(file, 'utf8');
  /** The front matter's `id:` as the file on disk now has it. */
  const idInFile = () => Number(/^id: (\d+)$/m.exec(text())?.[1] ?? 0);

  /** Replaces the file on disk and waits until the open editor shows it (the editor reloads a clean file). */
  async function rewrite(content: string, marker: string): Promise<void> {
    writeFileSync(file, content);
    await page.locator('.monaco-editor .view-lines', { hasText: marker }).first().waitFor();
  }

  /**
   * Content Site: New Post, until its file is on disk and its editor shows the template: only then
   * may the test replace the file (a change on disk while the editor was still reading the file
   * could reach it before the editor's model, which then never reloads).
   */
  async function newPost(name: string): Promise<void> {
    await wb.command('Content Site: New Post');
    file = join(workspace(), 'posts', name);
    await until(`${name} on disk`, () => existsSync(file));
    await page.locator('.monaco-editor .view-lines', { hasText: 'title: Untitled post' }).first().waitFor();
  }

  /** A message's button (the toast, or the notification center when toasts are hidden). */
  async function messageButton(message: string | RegExp, button: string): Promise<void> {
    const toast = page.locator('.notification-toast, .notifications-center .notification-list-item', { hasText: message }).first();
    await toast.waitFor();
    await toast.locator('.monaco-button', { hasText: new RegExp(`^${button}$`) }).click();
  }

  /** Until the Posts view shows the signed-out welcome's Sign In. */
  const signedOut = () =>
    wb
      .pane(PANE)
      .locator('.welcome-view-content a.monaco-button', { hasText: /^Sign In$/ })
      .waitFor();

  useEditor({
    open: (browser) => openSignedIn(browser, SHOTS, {}),
    ready: async (session) => {
      ({ demo, page, wb } = session);
      await wb.expandPane('Notifications', false);
      await wb.expandPane(PANE, true);
      await wb.command('Content Site: Select Site…');
      await wb.answer('https://demo.example.blog/');
    },
  });

  it("1. the Posts view lists the site's posts by status", async () => {
    await wb.row(PANE, /^Drafts/).waitFor();
    await wb.row(PANE, /^Published/).waitFor();
    await wb.row(PANE, 'A draft post').waitFor();
    await wb.shot('posts-view');
  });

  it('2. New Post, an image beside it, Publish: one post on the service with our HTML, the image once in its library', async () => {
    const before = posts().length;
    await newPost('untitled-post.md');
    writeFileSync(join(workspace(), 'posts', 'lamp.png'), PNG);
    await rewrite(POST, 'The lamp came on');
    await wb.command('Content Site: Publish to Site');
    await wb.expectMessage('Published “First light”.');
    await wb.clearMessages();
    assert.equal(posts().length, before + 1, 'exactly one new post');
    const created = posts().find((p) => p.title === 'First light')!;
    postId = created.ID;
    assert.equal(created.status, 'publish');
    // Our rendering: the soft break joined, the code escaped, the shortcode inert, the image from the library.
    assert.match(created.content, /<p>The lamp came on at six, as it does\.<\/p>/);
    assert.doesNotMatch(created.content, /<br/);
    assert.match(created.content, /a &lt; b &amp;&amp; c/);
    assert.match(created.content, /&#91;gallery]/);
    // A new post is blocks: every block a core block the parser reads, nothing but a blank line between them.
    const blocks = parse(created.content);
    assert.deepEqual(
      blocks.filter((b) => b.blockName !== null).map((b) => b.blockName),
      ['core/paragraph', 'core/code', 'core/image'],
    );
    assert.ok(
      blocks.every((b) => b.blockName !== null || b.innerHTML === '\n\n'),
      'no freeform HTML between the blocks',
    );
    assert.doesNotMatch(created.content, /^---|title: First light/m, 'no front matter as text');
    assert.equal(uploads().length, 1, 'the image uploaded once');
    const media = [...demo.svc.world().media.values()].filter((m) => m.siteId === DEMO_SITE && created.content.includes(m.URL));
    assert.equal(media.length, 1, "the post's image is the library's");
    assert.deepEqual([...created.tags].sort(), ['light', 'morning']);
    await until('the file to name the post it published', () => idInFile() === postId);
    assert.match(text(), /^modified: /m);
    await wb.row(PANE, 'First light').waitFor();
    await wb.shot('published');
  });

  it('3. edited and published again: the same post updated, the image not sent again', async () => {
    const before = posts().length;
    await rewrite(text().replace('as it does.', 'as it does.\n\nA second paragraph.'), 'A second paragraph');
    await wb.command('Content Site: Publish to Site');
    await wb.expectMessage('Published “First light”.');
    await wb.clearMessages();
    assert.equal(posts().length, before, 'no new post');
    assert.match(post(postId).content, /<p>A second paragraph\.<\/p>/);
    assert.equal(uploads().length, 1, 'the image was not uploaded again');
  });

  it('4. changed on the site meanwhile: the two versions side by side; nothing is overwritten until the writer keeps theirs', async () => {
    const onSite = post(postId);
    onSite.content = '<p>Edited on the site by an editor.</p>';
    onSite.modified += 60;
    await rewrite(text().replace('A second paragraph.', 'A third thought.'), 'A third thought');
    await wb.command('Content Site: Publish to Site');
    await page.locator('.notification-toast', { hasText: 'changed on the site' }).first().waitFor();
    // The diff editor: the site's version beside the file.
    await page.locator('.monaco-diff-editor').first().waitFor();
    await wb.shot('conflict');
    assert.equal(post(postId).content, '<p>Edited on the site by an editor.</p>', 'the site kept its version while the writer decides');
    await messageButton('changed on the site', 'Keep Mine');
    await until("the service to have the writer's version", () => post(postId).content.includes('A third thought'));
    assert.doesNotMatch(post(postId).content, /Edited on the site/);
    // The file is saved with the version it now has on the site (the next publish or pull starts from it).
    await wb.expectMessage('Published “First light”.');
    await wb.clearMessages();
    await until('the file to name the new version', () => text().includes(`modified: ${iso(post(postId).modified)}`));
  });

  it("5. Pull from Site brings the site's version into the file", async () => {
    post(postId).content = '<p>Pulled from the site.</p>';
    post(postId).modified += 60;
    await wb.command('Content Site: Pull from Site');
    await until("the file to hold the site's version", () => text().includes('Pulled from the site.'));
    assert.match(text(), /^title: First light$/m);
    assert.equal(idInFile(), postId);
  });

  it("6. a contributor's publish is submitted for review: pending on the service", async () => {
    await wb.command('Content Site: Sign Out');
    // Signed out for the palette too (its Sign In with Access Token… shows only then), as the Posts view's welcome says.
    await signedOut();
    await wb.command('Content Site: Sign In with Access Token…');
    await wb.answer('cs-con-token');
    await newPost('untitled-post-2.md');
    await rewrite('---\ntitle: From a contributor\nstatus: publish\n---\nPlease review.\n', 'Please review.');
    await wb.command('Content Site: Publish to Site');
    await wb.expectMessage('Submitted “From a contributor” for review.');
    const mine = posts().find((p) => p.title === 'From a contributor')!;
    assert.equal(mine.status, 'pending');
    await until('the file to say pending', () => /^status: pending$/m.test(text()));
  });

  it('7. a block post with a dynamic block, a gallery shortcode and a more tag, opened as Markdown, one word changed, published: the site differs by exactly that word', async () => {
    await wb.command('Content Site: Sign Out');
    // Signed out for the palette too (its Sign In with Access Token… shows only then), as the Posts view's welcome says.
    await signedOut();
    await wb.command('Content Site: Sign In with Access Token…');
    await wb.answer('cs-demo-token');
    const id = 121;
    const before = post(id).content;
    await wb.contextMenu(PANE, 'A gallery and the latest posts', 'Open Post as Markdown');
    file = join(workspace(), 'posts', 'a-gallery-and-the-latest-posts.md');
    await until('the post opened as a file', () => existsSync(file));
    await page.locator('.monaco-editor .view-lines', { hasText: 'The path was quiet' }).first().waitFor();
    assert.match(text(), /\n\[gallery ids="9801,9802" columns="3"\]\n/);
    assert.match(text(), /```html wordpress\n<!-- wp:latest-posts \{"postsToShow":2\} \/-->\n```/);
    await wb.shot('block-post-as-markdown');
    // One word, typed in the editor.
    await page.locator('.monaco-editor .view-line', { hasText: 'The path was quiet' }).first().click();
    // The end of "… the water was high.", before its full stop; the word before it selected, and retyped.
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Control+Shift+ArrowLeft');
    await page.keyboard.type('low');
    await until('the edit in the editor', () => page.locator('.monaco-editor .view-line', { hasText: 'the water was low' }).count());
    await wb.command('Content Site: Publish to Site');
    await wb.expectMessage('Published “A gallery and the latest posts”.');
    await wb.clearMessages();
    assert.equal(post(id).content, before.replace('the water was high', 'the water was low'));
  });
});
