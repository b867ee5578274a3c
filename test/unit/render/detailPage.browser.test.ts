/**
 * The detail page's own script in a real browser (Debian's Chromium through playwright-core, as
 * test/integration/loopbackBrowser.test.ts launches it): the rendered page under its CSP, with a
 * stand-in for the webview's acquireVsCodeApi that records what the page posts. Keys post the
 * right actions and are ignored while typing; Ctrl+Enter sends the reply; the @-mention list
 * inserts "@login "; a state message changes the page without touching the reply box.
 */
import * as assert from 'node:assert/strict';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Comment, Notification } from '../../../src/api';
import { Emitter } from '../../../src/models/emitter';
import { noteParts, noteState, page as pageHtml } from '../../../src/render';
import { NoteSession, type NoteDeps } from '../../../src/render/noteSession';
import { entry } from '../../../src/models/noteActionCatalog';
import { until } from '../../e2e/until';
import { commentNote } from './commentNote';
import { READER_ACTIONS, type ReaderPost } from '../../../src/models/readerActionCatalog';
import { readerPostParts } from '../../../src/render/readerPostHtml';
import { comment as readerComment, KEY, readerPost, refusal, setup as readerSetup } from './readerPostFixtures';
import { ORIGIN, serveMedia, WEBVIEW_API } from './webviewPage';

const note: Notification = commentNote(
  { 'approve-comment': false, 'spam-comment': false, 'trash-comment': false, 'like-comment': false, 'replyto-comment': false },
  { status: { approval_status: 'unapproved', i_replied: false } },
);

function html(): string {
  const state = noteState(note.id, note, { canReply: true, hasPrevious: true, hasNext: true });
  const parts = noteParts(note, '5 min ago', { state, draft: 'Saved draft' });
  return pageHtml({
    title: 'Maya mentioned you',
    body: parts.body,
    before: parts.chrome,
    after: parts.reply,
    nonce: 'n0nce',
    cspSource: ORIGIN,
    styleUri: `${ORIGIN}/media/detail.css`,
    remoteImages: false,
    token: 'T',
    scriptUris: [`${ORIGIN}/media/detailMentions.js`, `${ORIGIN}/media/detail.js`],
  });
}

type Posted = Record<string, unknown>;

describe('Detail page script in Chromium', function () {
  this.timeout(60_000);
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let extension: ((m: unknown) => Promise<unknown>) | undefined;

  before(async () => {
    const { CHROMIUM_ARGS, chromiumPath } = await import('../../../scripts/editor.mjs');
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  });
  after(async () => browser?.close());

  beforeEach(async () => {
    page = await browser.newPage();
    errors = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route(`${ORIGIN}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/') return route.fulfill({ contentType: 'text/html', body: html() });
      return serveMedia(route, path);
    });
    // (Scripts as strings: functions compiled by tsx would carry its __name helper into the page.)
    await page.addInitScript({
      content: WEBVIEW_API,
    });
    // The extension's side, for the tests that set `extension`: a real NoteSession answers the page.
    extension = undefined;
    await page.exposeFunction('toExtension', (m: unknown) => extension?.(m));
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction('document.readyState === "complete"');
  });
  afterEach(async () => {
    await page.close();
    assert.deepEqual(errors, [], 'no CSP violation or script error');
  });

  const posted = (): Promise<Posted[]> => page.evaluate('window.posted');
  const clear = (): Promise<unknown> => page.evaluate('window.posted.length = 0');
  // (Not waitForFunction: it evaluates a string inside the page, which the page's CSP forbids.)
  const waitPosted = (type: string, n = 1, also: (m: Posted) => boolean = () => true) =>
    until(`${n} ${type} message(s)`, async () => (await posted()).filter((m) => m.type === type && also(m)).length >= n, 10_000, posted);
  // A posted message is handled in a later task: resolves once the page's own listener (registered
  // first, so called first) has run, so what a test reads next is the page after the message.
  const fromExtension = (m: Posted) =>
    page.evaluate(
      `new Promise((done) => { window.addEventListener('message', () => setTimeout(done, 0), { once: true }); window.postMessage(${JSON.stringify(m)}, '*'); })`,
    );
  const focused = () => page.evaluate('document.activeElement && document.activeElement.id');
  const pressed = (action: string) =>
    page.evaluate(`document.querySelector('button[data-action="${action}"]').getAttribute('aria-pressed')`);
  const acts = async () => (await posted()).filter((m) => m.type === 'act' || m.type === 'go').map((m) => m.action ?? m.to);

  it('a, s, t, l, m post their actions with the token and the note; j/k previous/next; with Ctrl or in the box nothing', async () => {
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    for (const key of ['a', 's', 't', 'l', 'm', 'j', 'k', 'u', 'e']) await page.keyboard.press(key);
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Alt+s');
    await waitPosted('go', 2);
    // u: nothing to undo; e: no edit link on this note.
    assert.deepEqual(await acts(), ['approve', 'spam', 'trash', 'like', 'read', 'next', 'previous']);
    const first = (await posted()).find((m) => m.type === 'act');
    assert.deepEqual(first, { type: 'act', action: 'approve', note: 60005, token: 'T' });
    await clear();
    await page.locator('#reply-text').click();
    await page.keyboard.type('ast lmjk');
    await waitPosted('draft');
    assert.deepEqual(await acts(), [], 'letters typed in the reply box are text');
    assert.equal(await page.inputValue('#reply-text'), 'Saved draftast lmjk');
  });

  it('r focuses the reply box (prefilled with the draft), Esc leaves it, Ctrl+Enter sends; the answer clears it or keeps it', async () => {
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('r');
    assert.equal(await focused(), 'reply-text');
    await page.keyboard.press('Escape');
    assert.notEqual(await focused(), 'reply-text');
    await page.locator('#reply-text').fill('Thanks Maya');
    await page.locator('#reply-text').press('Control+Enter');
    await waitPosted('reply');
    assert.deepEqual(
      (await posted()).find((m) => m.type === 'reply'),
      { type: 'reply', text: 'Thanks Maya', note: 60005, token: 'T' },
    );
    assert.equal(await page.isDisabled('#reply-text'), true, 'disabled while sending');
    await fromExtension({ type: 'replied', note: 60005, ok: false, message: 'You already posted this reply.' });
    assert.equal(await page.textContent('#reply-status'), 'You already posted this reply.');
    assert.equal(await page.inputValue('#reply-text'), 'Thanks Maya', 'a refusal keeps the text');
    await page.locator('#reply-text').press('Meta+Enter');
    await waitPosted('reply', 2);
    await fromExtension({
      type: 'replied',
      note: 60005,
      ok: true,
      message: 'Reply posted.',
      url: 'https://demo.example.blog/p/#comment-9',
      text: 'Thanks <b>Maya</b>',
    });
    assert.equal(await page.inputValue('#reply-text'), '');
    assert.equal(await page.textContent('#my-replies .my-reply-text'), 'Thanks <b>Maya</b>', 'the reply under the note, as text');
    assert.equal(await page.locator('#my-replies b', { hasText: 'Maya' }).count(), 0);
    assert.equal(await page.textContent('#reply-status'), 'Reply posted. View the reply');
    await page.click('#reply-status a');
    assert.deepEqual((await posted()).at(-1), { type: 'open', href: 'https://demo.example.blog/p/#comment-9', note: 60005, token: 'T' });
  });

  it('@ and letters ask for writers; the list (escaped) takes up/down and Enter, and inserts "@login "; Esc closes it', async () => {
    await page.locator('#reply-text').fill('');
    await page.locator('#reply-text').pressSequentially('Hi @om');
    await waitPosted('suggest', 1, (m) => m.letters === 'om');
    const seq = (await posted()).filter((m) => m.type === 'suggest').at(-1)!.seq;
    await fromExtension({
      type: 'suggestions',
      note: 60005,
      seq,
      users: [
        { login: 'omar', name: '<img src=x onerror=alert(1)>Omar' },
        { login: 'omarh', name: 'Omar H' },
      ],
    });
    await page.waitForSelector('#mentions:not([hidden]) li');
    assert.deepEqual(await page.locator('#mentions li').allTextContents(), ['@omar <img src=x onerror=alert(1)>Omar', '@omarh Omar H']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    assert.equal(await page.inputValue('#reply-text'), 'Hi @omarh ');
    assert.equal(await page.isHidden('#mentions'), true);
    await page.keyboard.type('and @');
    const seq2 = (await posted()).filter((m) => m.type === 'suggest').at(-1)!.seq;
    await fromExtension({ type: 'suggestions', note: 60005, seq: seq2, users: [{ login: 'ann' }] });
    await page.waitForSelector('#mentions:not([hidden]) li');
    await page.keyboard.press('Escape');
    assert.equal(await page.isHidden('#mentions'), true);
    assert.equal(await focused(), 'reply-text', 'Esc closed the list, not the box');
    await page.keyboard.press('Tab');
    assert.equal(await page.inputValue('#reply-text'), 'Hi @omarh and @', 'Tab with the list closed inserts nothing');
  });

  it('a state message updates the page in place: the typed text and the focus stay', async () => {
    await page.locator('#reply-text').fill('half a thought');
    await fromExtension({
      type: 'state',
      note: 60005,
      state: {
        ...noteState(note.id, { ...note, unread: 0 }, { canReply: true, hasPrevious: false, hasNext: true }),
        controls: { approve: { on: true }, read: { on: true }, reply: { on: false } },
      },
    });
    await page.waitForSelector('button[data-action="approve"][aria-pressed="true"]');
    assert.equal(await pressed('approve'), 'true');
    assert.equal(await page.textContent('button[data-action="approve"]'), 'Approved');
    assert.equal(await page.textContent('#note-unread'), '');
    assert.equal(await page.textContent('button[data-action="read"]'), 'Mark unread');
    assert.equal(await page.isHidden('button[data-action="spam"]'), true);
    assert.equal(await page.isDisabled('button[data-go="previous"]'), true);
    assert.equal(await page.inputValue('#reply-text'), 'half a thought');
    assert.equal(await focused(), 'reply-text');
    await fromExtension({
      type: 'state',
      note: 60005,
      state: noteState(note.id, undefined, {
        removal: { kind: 'removed', action: 'trash', undoable: true },
        hasPrevious: false,
        hasNext: true,
      }),
    });
    await page.waitForSelector('#removed:not([hidden])');
    assert.equal(await page.textContent('#removed'), 'Comment trashed. Undo');
    await page.click('#removed button');
    assert.deepEqual(await acts(), ['undo']);
    await fromExtension({ type: 'state', note: 99, state: { controls: {} } });
    assert.equal(await page.isVisible('#removed button'), true, 'a message for another note changes nothing');
  });

  /**
   * The page wired to a real NoteSession (the code the panel runs): what the page posts is handled
   * by it, and what it posts goes to the page as the webview would deliver it. `before` runs on
   * each message before the session reads it (the model changing while the message was on its way).
   */
  function wire(o: { before?: (m: Posted) => void } = {}) {
    let notes: Notification[] = [note];
    const changed = new Emitter<void>();
    const sent: string[] = [];
    const ran: string[] = [];
    const drafts: string[] = [];
    const deps: NoteDeps = {
      notes: {
        get: (id) => notes.find((n) => n.id === id),
        get notes() {
          return notes;
        },
        onDidChange: changed.event,
      },
      actions: {
        pending: [],
        onDidChange: new Emitter<void>().event,
        offering: (ids) => ids.filter((id) => notes.some((n) => n.id === id)),
        reply: async (_id, text) => {
          sent.push(text);
          return { ID: 9, URL: 'https://demo.example.blog/p/#comment-9' } as Comment;
        },
      },
      drafts: { get: () => '', set: (_id, text) => void drafts.push(text), clear: () => undefined },
      suggest: async () => [],
      run: async (command) => void ran.push(command),
      open: async () => undefined,
      log: () => undefined,
    };
    const session = new NoteSession(note, deps, {
      post: (m) => void page.evaluate(`window.postMessage(${JSON.stringify(m)}, '*')`),
      render: () => undefined,
    });
    session.token = 'T';
    session.view();
    extension = async (m) => {
      o.before?.(m as Posted);
      return session.handle(m);
    };
    return {
      sent,
      ran,
      drafts,
      /** The model changes without telling anyone (its change event comes later). */
      quietly(next: Notification[]) {
        notes = next;
      },
    };
  }
  const status = () => page.textContent('#reply-status');
  const leftSending = () =>
    until('the reply status to leave "Sending…"', async () => ((await status()) !== 'Sending…' ? true : undefined), 10_000, status);

  it('a reply of 20,001 characters: Send says why at once, "Sending…" never stays, the text is kept and nothing is sent', async () => {
    const ext = wire();
    const long = 'x'.repeat(20_001);
    await page.locator('#reply-text').fill(long);
    await page.click('#reply-send');
    await leftSending();
    assert.equal(await status(), 'The reply is too long: 20,001 characters, at most 10,000.');
    assert.equal(await page.isDisabled('#reply-text'), false, 'the box is usable again');
    assert.equal(await page.isDisabled('#reply-send'), false);
    assert.equal(await page.inputValue('#reply-text'), long, 'the text is kept');
    assert.deepEqual(ext.sent, [], 'nothing went to the service');
    assert.equal((await posted()).filter((m) => m.type === 'reply').length, 0, 'the page refused it itself: the limit is in the page');
  });

  it("the page counts the client's limit (10,000 after trimming) as the text is typed", async () => {
    wire();
    await page.locator('#reply-text').fill(`  ${'y'.repeat(10_000)}\n`);
    assert.equal(await status(), '', 'exactly the limit, blanks around it not counted');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('z');
    assert.equal(await status(), 'The reply is too long: 10,001 characters, at most 10,000.');
    await page.keyboard.press('Backspace');
    assert.equal(await status(), '', 'back within the limit: the warning goes');
  });

  it('a reply the extension refuses (the note left the list while it was on its way): the page says why and "Sending…" goes', async () => {
    const ext = wire({ before: (m) => m.type === 'reply' && quietlyGone() });
    const quietlyGone = () => ext.quietly([]);
    await page.locator('#reply-text').fill('Thanks Maya');
    await page.click('#reply-send');
    await leftSending();
    assert.match(String(await status()), /no longer offers a reply/);
    assert.match(
      String(await page.textContent('#note-message')),
      /no longer offers a reply/,
      'said where it shows, the box being hidden now',
    );
    assert.equal(await page.isHidden('#note-message'), false);
    assert.equal(await page.inputValue('#reply-text'), 'Thanks Maya');
    assert.deepEqual(ext.sent, []);
  });

  it('an action the note no longer offers: the page says why in its status line and hides the button; nothing runs', async () => {
    const ext = wire({
      before: (m) => m.type === 'act' && ext.quietly([commentNote({ 'like-comment': false, 'replyto-comment': false }, { id: note.id })]),
    });
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('a');
    await page.waitForSelector('#note-message:not([hidden])');
    assert.match(String(await page.textContent('#note-message')), /no longer offers/);
    await page.waitForSelector('button[data-action="approve"]', { state: 'hidden' });
    assert.deepEqual(ext.ran, []);
    await page.keyboard.press('l');
    await until(
      'the like to run',
      () => ext.ran.length > 0,
      10_000,
      () => ext.ran,
    );
    assert.deepEqual(ext.ran, [entry('like').command]);
    assert.equal(await page.isHidden('#note-message'), true, 'the next action clears what was said of the last');
  });

  it('a draft too long to keep: the page says it is not kept; cut down, the next draft is kept and the line clears', async () => {
    const ext = wire();
    await page.locator('#reply-text').fill('x'.repeat(20_001));
    await page.waitForSelector('#note-message:not([hidden])');
    assert.match(String(await page.textContent('#note-message')), /The draft is not kept: it is longer than 20,000 characters/);
    await page.locator('#reply-text').fill('x'.repeat(20_000));
    await page.waitForSelector('#note-message', { state: 'hidden' });
    await until('the draft to be kept', () => ext.drafts.at(-1)?.length === 20_000, 10_000);
  });
});

/**
 * A Reader post's page (media/detailPost.js) in Chromium, with a real ReaderPostSession behind it
 * over fakes of its models: the toolbar's keys run the row's commands, a disabled control says why
 * and runs nothing, a comment's Like and Reply, Load more, the comment box with @-mentions, and the
 * session's state messages changing the page in place.
 */
describe("A Reader post's page script in Chromium", function () {
  this.timeout(60_000);
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let t: ReturnType<typeof readerSetup>;
  /** Renders carry this request to put the focus in the comment box (`r` on the post's row). */
  let focus: string | undefined;

  before(async () => {
    const { CHROMIUM_ARGS, chromiumPath } = await import('../../../scripts/editor.mjs');
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  });
  after(async () => browser?.close());

  async function open(post: ReaderPost = readerPost(), o: Omit<NonNullable<Parameters<typeof readerSetup>[0]>, 'post'> = {}) {
    t = readerSetup({ post, ...o });
    page = await browser.newPage();
    errors = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    const html = () => {
      const parts = readerPostParts(t.session.post, '1 day ago', { ...t.session.view(() => '5 min ago', false), focus });
      return pageHtml({
        title: 'On margins',
        body: parts.body,
        before: parts.chrome,
        after: parts.after,
        nonce: 'n0nce',
        cspSource: ORIGIN,
        styleUri: `${ORIGIN}/media/detail.css`,
        remoteImages: false,
        token: 'T',
        scriptUris: [`${ORIGIN}/media/detailMentions.js`, `${ORIGIN}/media/detailPost.js`],
      });
    };
    await page.route(`${ORIGIN}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/') return route.fulfill({ contentType: 'text/html', body: html() });
      return serveMedia(route, path);
    });
    await page.addInitScript({
      content: WEBVIEW_API,
    });
    // The session's messages reach the page as the webview's would; its renders load the page again.
    t.hostPost = (m) => void page.evaluate(`window.postMessage(${JSON.stringify(m)}, '*')`).catch(() => undefined);
    await page.exposeFunction('toExtension', (m: unknown) => t.session.handle(m));
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction('document.readyState === "complete"');
  }
  afterEach(async () => {
    await page?.close();
    assert.deepEqual(errors, [], 'no CSP violation or script error');
  });

  const posted = (): Promise<Posted[]> => page.evaluate('window.posted');
  const waitFor = (what: string, check: () => Promise<boolean>) => until(what, async () => ((await check()) ? true : undefined), 10_000);

  it("l, f and m run the row's commands with the post's key (Unfollow: it is followed); with Ctrl or in the box nothing", async () => {
    await open();
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    for (const k of ['l', 'f', 'm', 'Control+l', 'x']) await page.keyboard.press(k);
    await waitFor('three commands', async () => t.ran.length === 3);
    assert.deepEqual(t.ran, [
      [READER_ACTIONS.entry('like').command, KEY],
      [READER_ACTIONS.entry('follow').offCommand, KEY],
      [READER_ACTIONS.entry('seen').command, KEY],
    ]);
    assert.deepEqual((await posted())[0], { token: 'T', post: KEY, type: 'act', action: 'like' });
    await page.keyboard.press('r');
    assert.equal(await page.evaluate('document.activeElement.id'), 'comment-text');
    await page.keyboard.type('lfm');
    assert.equal(t.ran.length, 3, 'letters typed in the comment box are text');
  });

  it("r on the post's row: the page opens with the comment box focused, so letters typed are the comment; the request is taken once", async () => {
    focus = 'c1';
    await open();
    assert.equal(await page.evaluate('document.activeElement.id'), 'comment-text');
    await page.keyboard.type('lfm');
    assert.equal(await page.inputValue('#comment-text'), 'lfm');
    assert.deepEqual(t.ran, [], 'no key ran a command');
    // A render of the same request (the conversation loaded) after the reader left the box leaves the focus where they put it.
    const kept = (await page.evaluate('window.saved')) as { focused: string; asked: string };
    assert.equal(kept.asked, 'c1', 'the page kept which request it took');
    // The webview keeps its state across renders: the next one starts from it (the reader had left the box).
    await page.addInitScript({ content: `window.saved = ${JSON.stringify({ ...kept, focused: '' })};` });
    await page.reload();
    await page.waitForFunction('document.readyState === "complete"');
    assert.notEqual(await page.evaluate('document.activeElement.id'), 'comment-text');
    focus = undefined;
  });

  it("an external feed's post: Like is disabled with the reason, l does nothing, the comment box is replaced by why", async () => {
    await open(readerPost({ is_external: true }));
    assert.equal(await page.isDisabled('button[data-action="like"]'), true);
    assert.match((await page.getAttribute('button[data-action="like"]', 'title')) ?? '', /external feed/);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('l');
    await page.keyboard.press('f');
    await waitFor('the follow command', async () => t.ran.length === 1);
    assert.deepEqual(
      t.ran.map(([c]) => c),
      [READER_ACTIONS.entry('follow').offCommand],
    );
    assert.equal(await page.isVisible('#comment-box'), false);
    assert.match((await page.textContent('#comment-closed')) ?? '', /external feed/);
  });

  it('a like from the row shows on the page at once (a state message), and so does a comment liked', async () => {
    await open();
    t.setPost(readerPost({ i_like: true, like_count: 3 }));
    await waitFor('Liked', async () => (await page.textContent('button[data-action="like"]')) === 'Liked');
    assert.equal(await page.getAttribute('button[data-action="like"]', 'aria-pressed'), 'true');
    assert.equal(await page.textContent('#post-likes'), '3 likes');
    const liked = t.conversation.items.map((x) =>
      x.comment.ID === 9902 ? { ...x, comment: { ...x.comment, i_like: true, like_count: 5 } } : x,
    );
    t.conversation.set(liked);
    await waitFor('the comment liked', async () => (await page.textContent('#comment-9902 .like-count')) === '5 likes');
    assert.equal(await page.textContent('#comment-9902 button.like-comment'), 'Unlike');
    assert.equal(t.renders(), 0, 'no render: the boxes keep their text');
  });

  it("a comment's Like asks for it; a refusal's reason shows in the page's message line", async () => {
    await open();
    t.conversation.likeFails = refusal('You cannot like this comment.');
    await page.click('#comment-9902 button.like-comment');
    await waitFor('the reason', async () => (await page.textContent('#post-message')) === 'You cannot like this comment.');
    assert.deepEqual(t.conversation.asked, ['like 9902 true']);
  });

  it('Reply opens a box under the comment; Ctrl+Enter sends it for that comment; the box goes once it is sent', async () => {
    await open();
    await page.click('#comment-9900 button.reply-to');
    assert.equal(await page.evaluate('document.activeElement.dataset.reply'), '9900');
    await page.keyboard.type('Indeed.');
    await page.keyboard.press('Control+Enter');
    await waitFor('the reply sent', async () => t.conversation.asked.includes('reply 9900 Indeed.'));
    await waitFor('the box gone', async () => (await page.locator('#comment-9900 .reply-box').count()) === 0);
  });

  it('the comment box: @ lists the site’s writers and inserts one; Ctrl+Enter sends; a refusal keeps the text and says why', async () => {
    await open(readerPost(), {
      comment: async () => {
        throw refusal('Comments are closed on this post.');
      },
    });
    await page.locator('#comment-text').click();
    await page.keyboard.type('Hi @ma');
    // The list comes up at "@m" already; the "a" typed after it narrows it (under load, after the list is first seen).
    await waitFor('the writers for @ma', async () => (await page.textContent('#mentions li .login').catch(() => null)) === '@mawriter');
    await page.keyboard.press('Enter');
    assert.equal(await page.inputValue('#comment-text'), 'Hi @mawriter ');
    await page.keyboard.press('Control+Enter');
    await waitFor('the refusal', async () => (await page.textContent('#comment-status')) === 'Comments are closed on this post.');
    assert.equal(await page.inputValue('#comment-text'), 'Hi @mawriter ', 'the text is kept');
    assert.equal(await page.isDisabled('#comment-text'), false);
    const sent = (await posted()).find((m) => m.type === 'comment');
    assert.match(String(sent?.send), /^[\w-]{1,40}$/, "the page's name for the send");
    assert.deepEqual(sent, { token: 'T', post: KEY, type: 'comment', text: 'Hi @mawriter ', send: sent?.send });
  });

  it('a comment sent: the box empties and says it is held for moderation', async () => {
    await open(readerPost(), { comment: async () => readerComment(9960, undefined, { status: 'unapproved' }) });
    await page.locator('#comment-text').fill('Hello');
    await page.click('#comment-send');
    await waitFor('sent', async () => /held for moderation/.test((await page.textContent('#comment-status')) ?? ''));
    assert.equal(await page.inputValue('#comment-text'), '');
  });

  /**
   * The webview's way with a render: the page is loaded again with the HTML of the moment, from the
   * state the old page saved; a message the session posts to the old page meanwhile is lost with it.
   * The session's `sent` messages are held back (never reach any page): the race is made, not hoped for.
   */
  function renderLosesSent(): { lost: Posted[]; reloaded: () => Promise<void> } {
    const lost: Posted[] = [];
    let reloading: Promise<void> = Promise.resolve();
    t.hostPost = (m) => {
      if ((m as Posted).type === 'sent') lost.push(m as Posted);
      else void page.evaluate(`window.postMessage(${JSON.stringify(m)}, '*')`).catch(() => undefined);
    };
    t.hostRender = () => {
      reloading = (async () => {
        const kept = await page.evaluate('window.saved');
        await page.addInitScript({ content: `window.saved = ${JSON.stringify(kept)};` });
        await page.reload();
        await page.waitForFunction('document.readyState === "complete"');
      })();
    };
    return { lost, reloaded: () => reloading };
  }

  it('a comment the service took, the page rendered again before it heard so: the new page’s box is empty, not the text again', async () => {
    await open(readerPost(), { comment: async (_p, text) => readerComment(9960, undefined, { content: text }) });
    const { lost, reloaded } = renderLosesSent();
    await page.locator('#comment-text').fill('Thank you for this.');
    await page.click('#comment-send');
    await waitFor('the render of the conversation with the comment', async () => t.renders() === 1);
    await reloaded();
    assert.equal(lost.length, 1, 'the old page never heard the answer');
    assert.equal(await page.inputValue('#comment-text'), '', 'the sent text is not back in the box');
    assert.equal(await page.isDisabled('#comment-text'), false);
    assert.equal(await page.textContent('#comment-status'), 'Sent.');
    assert.equal(await page.locator('#comment-9960').count(), 1, 'the comment is in the conversation');
    // A later render (more comments) keeps the box empty: the send is settled, not pending.
    t.conversation.set([...t.conversation.items, { comment: readerComment(9970, undefined), depth: 0, liking: false }]);
    await waitFor('the next render', async () => t.renders() === 2);
    await reloaded();
    assert.equal(await page.inputValue('#comment-text'), '');
  });

  it('a comment refused, the page rendered again before it heard so: the text is kept in the box with the reason', async () => {
    let refuse!: () => void;
    await open(readerPost(), {
      comment: () => new Promise((_resolve, reject) => (refuse = () => reject(refusal('Comments are closed on this post.')))),
    });
    const { lost, reloaded } = renderLosesSent();
    await page.locator('#comment-text').fill('Thank you for this.');
    await page.click('#comment-send');
    await waitFor('the comment on its way', async () => refuse !== undefined && t.posted.length >= 0);
    // The conversation changes while the comment is on its way: the render waits for its answer.
    t.conversation.set([...t.conversation.items, { comment: readerComment(9970, undefined), depth: 0, liking: false }]);
    assert.equal(t.renders(), 0, 'no render while the answer is awaited');
    refuse();
    await waitFor('the render once answered', async () => t.renders() === 1);
    await reloaded();
    assert.equal(lost.length, 1);
    assert.equal(await page.inputValue('#comment-text'), 'Thank you for this.', 'the text is kept');
    assert.equal(await page.isDisabled('#comment-text'), false);
    assert.equal(await page.textContent('#comment-status'), 'Comments are closed on this post.');
  });

  it('a render while the comment is on its way: the new page still waits for it, and its answer empties the box', async () => {
    let take!: () => void;
    await open(readerPost(), {
      comment: (_p, text) => new Promise((resolve) => (take = () => resolve(readerComment(9960, undefined, { content: text })))),
    });
    await page.locator('#comment-text').fill('Thank you for this.');
    await page.click('#comment-send');
    await waitFor('the comment on its way', async () => take !== undefined);
    // A render forced meanwhile (as the panel may: a setting changed), from the state the page saved.
    const kept = await page.evaluate('window.saved');
    await page.addInitScript({ content: `window.saved = ${JSON.stringify(kept)};` });
    await page.reload();
    await page.waitForFunction('document.readyState === "complete"');
    assert.equal(await page.isDisabled('#comment-text'), true, 'the box waits for the answer');
    assert.equal(await page.textContent('#comment-status'), 'Sending…');
    t.hostPost = (m) => void page.evaluate(`window.postMessage(${JSON.stringify(m)}, '*')`).catch(() => undefined);
    take();
    await waitFor('the answer', async () => (await page.textContent('#comment-status')) === 'Sent.');
    assert.equal(await page.inputValue('#comment-text'), '');
  });

  it('Load more asks for the next page once', async () => {
    await open(readerPost(), { hasMore: true });
    await page.click('#load-more');
    await page.click('#load-more', { force: true });
    await waitFor('more', async () => t.conversation.asked.includes('more'));
    assert.equal(await page.isDisabled('#load-more'), true);
    assert.equal((await posted()).filter((m) => m.type === 'more').length, 1);
  });
});
