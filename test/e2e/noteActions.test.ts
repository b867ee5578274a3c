/**
 * Acting on notes in a real VS Code (code-server + Chromium, the packaged VSIX): from a row's
 * inline button, its context menu and the view's keys, each step checked against the reference
 * service's state and request log. Screenshots go to artifacts/e2e/note-actions/.
 */
import * as assert from 'node:assert/strict';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import type { Demo } from '../../scripts/demo-editor.mjs';
import { ContentSiteClient, noteActions } from '../../src/api';
import { SETTINGS } from '../../src/settings';
import { openSignedIn } from './session';
import { useEditor } from './setup';
import { until } from './until';
import type { Workbench } from './workbench';

const SHOTS = resolve(__dirname, '../../artifacts/e2e/note-actions');
const PANE = 'Notifications';
const DEMO_USER = 1001;
const DEMO_SITE = 2001;

describe('Acting on notes in a real VS Code', function () {
  let demo: Demo;
  let page: Page;
  let wb: Workbench;

  const comment = (id: number) => demo.svc.world().comments.get(id)!;
  const requestsTo = (suffix: string) =>
    demo.svc.requests.filter((r) => r.method === 'POST' && r.path.split('?')[0] === `/rest/v1.1/sites/${DEMO_SITE}${suffix}`);

  /** Only this row selected (without opening it), and the tree focused: where the keys act. */
  async function selectOnly(text: string): Promise<void> {
    await wb.settle(PANE);
    const selected = wb.pane(PANE).locator('.pane-body .monaco-list-row.selected');
    if ((await selected.count()) > 0) {
      await wb.pane(PANE).locator('.pane-body .monaco-list').first().focus();
      await page.keyboard.press('Escape'); // list.clear
      await until('the selection to clear', async () => (await selected.count()) === 0);
    }
    await wb.click(PANE, text, { ctrl: true });
    await wb.expectSelected(PANE, [text]);
  }

  /** A context-menu item whose key shows beside it (its accessible name then ends with the key). */
  async function menuItemWithKey(label: string): Promise<void> {
    const item = page.getByRole('menuitem', { name: new RegExp(`^${label}(\\s+\\S+)?$`) }).first();
    await item.waitFor();
    await item.hover();
    await item.focus();
    await page.keyboard.press('Enter');
    await item.waitFor({ state: 'hidden' });
  }

  useEditor({
    // A long undo window, so that no step races it however loaded the machine is; step 3 lets a
    // trash go by closing its message, which sends it at once.
    open: (browser) => openSignedIn(browser, SHOTS, { [SETTINGS.undoSeconds.id]: 60 }),
    ready: (session) => void ({ demo, page, wb } = session),
  });

  it("1. approves a pending comment from its row's inline button", async () => {
    const row = 'Maya Lin commented on Morning pages';
    assert.equal(comment(8800).status, 'unapproved');
    await wb.settle(PANE);
    await wb.row(PANE, row).hover();
    await wb.row(PANE, row).locator('.action-label[aria-label^="Approve"]').waitFor();
    await wb.shot('row-inline-actions');
    await wb.inline(PANE, row, 'Approve');
    await until(
      'the service to have comment 8800 approved',
      () => comment(8800).status === 'approved',
      15_000,
      () => comment(8800).status,
    );
    assert.equal(requestsTo('/comments/8800').length, 1, 'one request');
    // The row follows: no more Approve inline, and "pending" is gone from its description.
    await until('the row to stop saying pending', async () => !(await wb.row(PANE, row).innerText()).includes('pending'));
  });

  it('2. trash from the context menu, then Undo in the message: the note comes back and nothing is sent', async () => {
    const row = 'Omar Haddad commented on On short sentences';
    await wb.click(PANE, row, { button: 'right' });
    await page.locator('.context-view .monaco-menu').first().waitFor();
    await wb.shot('row-context-menu');
    await menuItemWithKey('Trash');
    await wb.row(PANE, row).waitFor({ state: 'detached' });
    const toast = page.locator('.notification-toast', { hasText: 'Comment trashed.' });
    await toast.waitFor();
    await wb.shot('undo-notification');
    await toast.locator('.monaco-button', { hasText: /^Undo$/ }).click();
    await wb.row(PANE, row).waitFor();
    assert.equal(comment(8860).status, 'unapproved');
  });

  it('3. trash with the t key and let it go (close the message): the comment is in the trash; the undone one was never sent', async () => {
    const row = 'Lena Park commented on Editing in public';
    await selectOnly(row);
    await page.keyboard.press('t');
    await wb.row(PANE, row).waitFor({ state: 'detached' });
    assert.equal(requestsTo('/comments/8890/delete').length, 0, 'nothing sent inside the window');
    const toast = page.locator('.notification-toast', { hasText: 'Comment trashed.' }).last();
    await toast.hover();
    await toast.getByRole('button', { name: /^Clear Notification/ }).click();
    await until(
      'the service to have comment 8890 in the trash',
      () => comment(8890).status === 'trash',
      20_000,
      () => comment(8890).status,
    );
    assert.equal(requestsTo('/comments/8890/delete').length, 1);
    // Step 2's window ended long before this one's request was sent.
    assert.deepEqual(requestsTo('/comments/8860/delete'), [], 'no request for the undone trash');
    assert.equal(comment(8860).status, 'unapproved');
    await wb.row(PANE, 'Omar Haddad commented on On short sentences').waitFor();
  });

  it('4. likes a comment with the l key', async () => {
    const row = 'Maya Lin mentioned you in Editing in public';
    assert.equal(comment(8850).likes.has(DEMO_USER), false);
    await selectOnly(row);
    await page.keyboard.press('l');
    await until('the service to have the like (i_like)', () => comment(8850).likes.has(DEMO_USER));
    assert.equal(requestsTo('/comments/8850/likes/new').length, 1);
    await until('the row to say liked', async () => (await wb.row(PANE, row).innerText()).includes('liked'));
    await wb.shot('liked-with-l');
  });

  it('4b. a key acts on the row under the keyboard focus: click one row, ↓, l likes the other (and only it)', async () => {
    const clicked = 'Ines Duarte mentioned you in Editing in public';
    const below = 'Kofi Mensah commented on On short sentences';
    const api = new ContentSiteClient({ baseUrl: demo.svc.restUrl, token: 'cs-demo-token' });
    const commentOf = async (note: number) => noteActions(await api.notifications.get(note)).like!.comment;
    const [clickedComment, belowComment] = [await commentOf(60017), await commentOf(60018)];
    assert.equal(comment(belowComment).likes.has(DEMO_USER), false);
    await selectOnly(clicked);
    await page.keyboard.press('ArrowDown');
    const focused = wb.pane(PANE).locator('.pane-body .monaco-list-row.focused');
    await until('the keyboard focus to move to the row below', async () => (await focused.innerText()).includes(below));
    await wb.expectSelected(PANE, [clicked]); // ↓ moved the focus, not the selection
    await page.keyboard.press('l');
    await until("the service to have the like on the focused row's comment", () => comment(belowComment).likes.has(DEMO_USER));
    await until('the focused row to say liked', async () => (await wb.row(PANE, below).innerText()).includes('liked'));
    assert.equal(comment(clickedComment).likes.has(DEMO_USER), false, 'the selected (not focused) note was not liked');
    assert.equal(requestsTo(`/comments/${clickedComment}/likes/new`).length, 0);
    assert.equal(requestsTo(`/comments/${belowComment}/likes/new`).length, 1);
    assert.ok(!(await wb.row(PANE, clicked).innerText()).includes('liked'));
    await wb.shot('key-on-focused-row');
  });

  it('5. replies with the r key: an input box, Enter sends, "Reply posted."', async () => {
    const row = 'Ines Duarte commented on Morning pages';
    await selectOnly(row);
    await page.keyboard.press('r');
    const input = page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor();
    const acts = () => demo.svc.requests.filter((r) => r.method === 'POST' && r.path.startsWith(`/rest/v1.1/sites/`)).length;
    const before = acts();
    // Typed key by key: its a, s, t, l, e, m, u must not act on the notes while the box has the focus.
    await input.pressSequentially('Thank you, Ines: glad it helped. Sure, most of us use a lamp.');
    await wb.shot('reply-input');
    await page.keyboard.press('Enter');
    await wb.expectMessage('Reply posted.');
    await wb.clearMessages();
    assert.equal(acts(), before + 1, 'one request, the reply: no key acted while typing');
    const replies = [...demo.svc.world().comments.values()].filter((c) => c.parent === 8920 && c.authorId === DEMO_USER);
    assert.equal(replies.length, 1);
    assert.match(replies[0].content, /Thank you, Ines: glad it helped\. Sure, most of us use a lamp\./);
  });

  it('6. a refusal to moderate (the user is no longer a moderator of the site) reads clearly and changes nothing', async () => {
    // The comment approved in step 1; demo has since become a subscriber of the site.
    const row = 'Maya Lin commented on Morning pages';
    demo.svc.world().users.get(DEMO_USER)!.roles[DEMO_SITE] = 'subscriber';
    try {
      await wb.click(PANE, row, { button: 'right' });
      await menuItemWithKey('Unapprove');
      await wb.expectMessage(/You can't moderate comments on demo\.example\.blog: only its administrators and editors can/);
      await wb.shot('unapprove-refused');
      await wb.clearMessages();
      assert.equal(comment(8800).status, 'approved');
      assert.ok(
        demo.svc.requests.some((r) => r.path.startsWith(`/rest/v1.1/sites/${DEMO_SITE}/comments/8800`) && r.status === 403),
        'the service refused',
      );
      assert.ok(!(await wb.row(PANE, row).innerText()).includes('pending'), 'the row is back to approved');
    } finally {
      demo.svc.world().users.get(DEMO_USER)!.roles[DEMO_SITE] = 'administrator';
    }
  });

  it('7. Enter opens the selected note; Content Site: Keyboard Shortcuts lists the keys and leads to the real bindings', async () => {
    const row = 'Ines Duarte followed';
    assert.ok(demo.svc.world().notes.find((n) => n.id === 60002)!.unread > 0);
    await selectOnly(row);
    await page.keyboard.press('Enter');
    await page.locator('.tabs-container .tab', { hasText: row }).waitFor();
    await until('opening to mark the note read on the service', () => demo.svc.world().notes.find((n) => n.id === 60002)!.unread === 0);
    await wb.command('View: Close All Editors');
    await wb.command('Content Site: Keyboard Shortcuts');
    await page.locator('.quick-input-widget', { hasText: 'Trash the comment (with Undo)' }).waitFor();
    await wb.shot('keyboard-shortcuts');
    // Picking one opens VS Code's Keyboard Shortcuts on it: a real binding, T, only while the view has the focus.
    await page.locator('.quick-input-widget .quick-input-filter input.input').fill('Trash the comment');
    await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: 'Trash the comment (with Undo)' }).waitFor();
    await page.keyboard.press('Enter');
    const binding = page.locator('.keybindings-editor .monaco-list-row', { hasText: 'Content Site: Trash' }).first();
    await binding.waitFor();
    assert.match(await binding.innerText(), /^Content Site: Trash\s+T\s+.*focusedView == 'contentSite\.notifications'/);
    await wb.shot('keyboard-shortcuts-editor');
    await page.keyboard.press('Escape');
    await wb.command('View: Close All Editors');
  });
});
