/**
 * End to end in a real VS Code (code-server + the packaged VSIX, driven through Chromium): a
 * comment note's detail view shows the actions the note offers, and a reply typed there, with an
 * @-mention picked from the list and sent with Ctrl+Enter, is a real comment on the service.
 * Screenshots go to artifacts/e2e-detail/ (editor.test.ts clears artifacts/e2e/ when it starts).
 */
import * as assert from 'node:assert/strict';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import type { Demo } from '../../scripts/demo-editor.mjs';
import { SETTINGS } from '../../src/settings';
import { answerInBrowser, openEditor } from './session';
import { useEditor } from './setup';
import { until } from './until';
import type { Workbench } from './workbench';

const ARTIFACTS = resolve(__dirname, '../../artifacts/e2e-detail');
/** Maya Lin's comment on Morning pages (note 60000): its comment is 8800, on the demo site. */
const NOTE_ROW = 'Maya Lin commented on Morning pages';
const COMMENT = 8800;
const DEMO_USER = 1001;

describe("A note's detail view acts on it (code-server + Chromium)", function () {
  let demo: Demo;
  let page: Page;
  let wb: Workbench;

  /** The frame of the detail webview once its document has `selector`. */
  const detailFrame = (selector: string) => wb.webviewFrame(selector, `the detail view to show ${selector}`);

  useEditor({
    clear: ARTIFACTS,
    // A long undo window: the Undo step must not race it on a loaded machine.
    open: (browser) => openEditor(browser, ARTIFACTS, { [SETTINGS.undoSeconds.id]: 60 }),
    ready: async (session) => {
      ({ demo, page, wb } = session);
      await (await answerInBrowser(session, 'approve', ARTIFACTS)).close();
      await wb.row('Notifications', NOTE_ROW).waitFor();
    },
  });

  it("the detail view shows the note's actions and, opened, no longer says unread", async () => {
    assert.ok(demo.svc.world().notes.find((n) => n.id === 60000)!.unread > 0, 'the note starts unread');
    await wb.click('Notifications', NOTE_ROW);
    const frame = await detailFrame('#reply-text');
    await until('the service to have the note read', () => demo.svc.world().notes.find((n) => n.id === 60000)!.unread === 0);
    await until('the page to stop saying unread', async () => (await frame.locator('#note-unread').textContent()) === '');
    // demo administers the demo site: moderation is offered; the comment is pending (not approved).
    const buttons = frame.locator('#note-controls .toolbar button[data-action]:visible');
    await until(
      'the read state on its button',
      async () => (await buttons.allTextContents()).includes('Mark unread'),
      10_000,
      () => buttons.allTextContents(),
    );
    assert.deepEqual(await buttons.allTextContents(), ['Approve', 'Like', 'Spam', 'Trash', 'Mark unread']);
    assert.equal(demo.svc.world().comments.get(COMMENT)!.status, 'unapproved');
    assert.equal(await frame.locator('button[data-action="approve"]').getAttribute('aria-pressed'), 'false');
    await wb.shot('detail-actions-and-reply-box');
  });

  it('a reply with an @-mention picked from the list, sent with Ctrl+Enter, is a comment on the service', async () => {
    const frame = await detailFrame('#reply-text');
    const box = frame.locator('#reply-text');
    await box.click();
    await box.pressSequentially('Thanks! Looping in @e');
    const option = frame.locator('#mentions li', { hasText: '@ed' });
    await option.waitFor();
    await wb.shot('detail-mention-list');
    await box.press('Enter');
    assert.equal(await box.inputValue(), 'Thanks! Looping in @ed ');
    await box.pressSequentially('for the index cards.');
    await box.press('Control+Enter');
    const reply = await until(
      'the reply on the service',
      () => [...demo.svc.world().comments.values()].find((c) => c.parent === COMMENT && c.authorId === DEMO_USER),
      20_000,
    );
    assert.match(reply.content, /Thanks! Looping in @ed for the index cards\./);
    await frame.locator('#reply-status', { hasText: 'Reply posted.' }).waitFor();
    assert.equal(await box.inputValue(), '', 'the box is cleared');
    await frame.locator('#note-status', { hasText: 'You replied' }).waitFor();
    await frame.locator('#my-replies .my-reply-text', { hasText: 'Thanks! Looping in @ed for the index cards.' }).waitFor();
    await wb.shot('detail-reply-posted');
  });

  it('Esc leaves the box; j and k open the next and the previous note in the same panel, and opening marks it read', async () => {
    const frame = await detailFrame('#reply-text');
    await frame.locator('#reply-text').press('Escape');
    const next = demo.svc
      .world()
      .notes.filter((n) => n.userId === DEMO_USER)
      .sort((a, b) => b.timestamp - a.timestamp)[1];
    assert.ok(next.unread > 0, 'the next note starts unread');
    await page.keyboard.press('j');
    const shown = await detailFrame(`#note-controls[data-note="${next.id}"]`);
    await until('the service to have the next note read', () => demo.svc.world().notes.find((n) => n.id === next.id)!.unread === 0);
    await until('its page to stop saying unread', async () => (await shown.locator('#note-unread').textContent()) === '');
    await wb.shot('detail-next-note');
    await page.keyboard.press('k');
    await detailFrame('#note-controls[data-note="60000"]');
    assert.equal(
      await page
        .locator('.tab.active')
        .getAttribute('aria-label')
        .then((l) => l?.startsWith(NOTE_ROW)),
      true,
      'one panel, titled by the note',
    );
  });

  it("the page's buttons act through the tree's commands: Approve reaches the service; Trash hides the note behind Undo, and Undo sends nothing", async () => {
    const frame = await detailFrame('#note-controls[data-note="60000"]');
    const before = demo.svc.world().comments.get(COMMENT)!.status;
    const want = before === 'approved' ? 'unapproved' : 'approved';
    await frame.locator('button[data-action="approve"]').click();
    await until(`the comment ${want} on the service`, () => demo.svc.world().comments.get(COMMENT)!.status === want);
    await until(
      'the button to show the new state',
      async () => (await frame.locator('button[data-action="approve"]').getAttribute('aria-pressed')) === String(want === 'approved'),
    );
    const deletes = () => demo.svc.requests.filter((r) => r.method === 'POST' && r.path.includes(`/comments/${COMMENT}/delete`)).length;
    await frame.locator('button[data-action="trash"]').click();
    const banner = frame.locator('#removed', { hasText: 'Comment trashed.' });
    await banner.waitFor();
    await wb.shot('detail-trashed-with-undo');
    await banner.locator('button[data-action="undo"]').click();
    await until('the banner to go once undone', async () => !(await frame.locator('#removed').isVisible()));
    await wb.row('Notifications', NOTE_ROW).waitFor();
    assert.equal(deletes(), 0, 'nothing was sent');
    assert.equal(demo.svc.world().comments.get(COMMENT)!.status, want, 'the comment is not in the trash');
  });
});
