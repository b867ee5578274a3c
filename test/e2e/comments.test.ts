/**
 * The site's comment queue in a real VS Code (code-server + Chromium, the packaged VSIX): a site
 * owner works through Pending from the keyboard (approve, spam, trash, undo), each step checked
 * against the reference service; a comment approved from its note leaves Pending in the Comments
 * view without a refresh. Screenshots go to artifacts/e2e/comments/.
 */
import * as assert from 'node:assert/strict';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import type { Demo } from '../../scripts/demo-editor.mjs';
import { SETTINGS } from '../../src/settings';
import { openSignedIn } from './session';
import { useEditor } from './setup';
import { until } from './until';
import type { Workbench } from './workbench';

const SHOTS = resolve(__dirname, '../../artifacts/e2e/comments');
const PANE = 'Comments';

describe("The site's comments in a real VS Code", function () {
  let demo: Demo;
  let page: Page;
  let wb: Workbench;

  const status = (id: number) => demo.svc.world().comments.get(id)?.status;
  const posts = (suffix: string) => demo.svc.requests.filter((r) => r.method === 'POST' && r.path.split('?')[0].endsWith(suffix));

  /** Only this row selected, and the tree focused: where the keys act. */
  async function selectOnly(text: string): Promise<void> {
    await wb.settle(PANE);
    const selected = wb.pane(PANE).locator('.pane-body .monaco-list-row.selected');
    if ((await selected.count()) > 0) {
      await wb.pane(PANE).locator('.pane-body .monaco-list').first().focus();
      await page.keyboard.press('Escape');
      await until('the selection to clear', async () => (await selected.count()) === 0);
    }
    await wb.click(PANE, text, { ctrl: true });
    await wb.expectSelected(PANE, [text]);
  }

  useEditor({
    // A long undo window: no step races it however loaded the machine is.
    open: (browser) => openSignedIn(browser, SHOTS, { [SETTINGS.undoSeconds.id]: 60, [SETTINGS.site.id]: 'demo.example.blog' }),
    ready: async (session) => {
      ({ demo, page, wb } = session);
      await wb.expandPane('Notifications', false);
      await wb.expandPane(PANE, true);
    },
  });

  it('1. Pending comes first, newest first, and the view says how many wait', async () => {
    await wb.row(PANE, /^Pending/).waitFor();
    await wb.row(PANE, 'Could you say more about keeping the edits visible').waitFor();
    const pending = [...demo.svc.world().comments.values()].filter((c) => c.siteId === 2001 && c.status === 'unapproved').length;
    await until('the Pending group to say how many', async () => (await wb.row(PANE, /^Pending/).innerText()).includes(String(pending)));
    await wb.shot('comments-view');
  });

  it('2. a approves, s marks spam, t trashes, u undoes the trash: the service has exactly that', async () => {
    await selectOnly('Could you say more about keeping the edits visible');
    await page.keyboard.press('a');
    await until(
      '8700 approved on the service',
      () => status(8700) === 'approved',
      15_000,
      () => status(8700),
    );

    await selectOnly('Which book was this?');
    await page.keyboard.press('s');
    await wb.row(PANE, 'Which book was this?').waitFor({ state: 'detached' });

    await selectOnly('The before-and-after of the second draft');
    await page.keyboard.press('t');
    await wb.row(PANE, 'The before-and-after of the second draft').waitFor({ state: 'detached' });
    await wb.shot('trashed-with-undo');
    await wb.pane(PANE).locator('.pane-body .monaco-list').first().focus();
    await page.keyboard.press('u');
    await wb.row(PANE, 'The before-and-after of the second draft').waitFor();
    assert.equal(status(8702), 'unapproved', 'the undone trash was never sent');
    assert.deepEqual(posts('/comments/8702/delete'), []);

    // The spam waits out its window; closing its message lets it go at once.
    assert.equal(status(8701), 'unapproved', 'nothing sent inside the window');
    const toast = page.locator('.notification-toast', { hasText: 'Comment marked as spam.' }).last();
    await toast.hover();
    await toast.getByRole('button', { name: /^Clear Notification/ }).click();
    await until(
      '8701 in the spam on the service',
      () => status(8701) === 'spam',
      20_000,
      () => status(8701),
    );
    assert.equal(posts('/comments/8700').length, 1, 'one approve request');
  });

  it('3. the groups count and show what was done, without a refresh', async () => {
    const onSite = (st: string) => [...demo.svc.world().comments.values()].filter((c) => c.siteId === 2001 && c.status === st).length;
    for (const [group, st] of [
      ['Pending', 'unapproved'],
      ['Approved', 'approved'],
      ['Spam', 'spam'],
    ] as const)
      await until(`${group} to say ${onSite(st)}`, async () =>
        (await wb.row(PANE, new RegExp(`^${group}`)).innerText()).includes(String(onSite(st))),
      );
    await wb.click(PANE, /^Approved/);
    await wb.row(PANE, 'Could you say more about keeping the edits visible').waitFor();
    await wb.click(PANE, /^Spam/);
    await wb.row(PANE, 'Which book was this?').waitFor();
    await wb.shot('approved-and-spam');
  });

  it('4. a row opens its conversation: the post, the comment', async () => {
    await wb.click(PANE, /^Spam/); // closed again: room for Approved
    await wb.click(PANE, 'Could you say more about keeping the edits visible');
    const frame = await wb.webviewFrame('article.conversation', 'the conversation to show');
    await frame.locator('section.comment', { hasText: 'Could you say more about keeping the edits visible' }).waitFor();
    const post = demo.svc.world().posts.get(demo.svc.world().comments.get(8700)!.postId)!;
    await until('the post’s title on the page', async () =>
      (await frame.locator('h1').innerText()).includes(post.title.replace(/<[^>]*>/g, '')),
    );
    await wb.shot('conversation');
  });
});
