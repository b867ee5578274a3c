/**
 * The detail view's pages over hostile content, in Chromium (as detailPage.browser.test.ts runs
 * them: the rendered page under its CSP, a stand-in for the webview's acquireVsCodeApi, every page
 * error collected). A comment's HTML stays in its own comment (a bare `<li>` closed it on the
 * Reader post page); a message of a shape the extension never sends is ignored, and the page still
 * follows the next well-formed one (the scripts threw on them).
 */
import * as assert from 'node:assert/strict';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Comment, Notification } from '../../../src/api';
import type { ThreadedComment } from '../../../src/models/readerConversation';
import { conversationHtml, noteParts, noteState, page as pageHtml } from '../../../src/render';
import { readerPostParts } from '../../../src/render/readerPostHtml';
import { until } from '../../e2e/until';
import { commentNote } from './commentNote';
import { comment, KEY, readerPost, setup } from './readerPostFixtures';
import { ORIGIN, serveMedia, WEBVIEW_API } from './webviewPage';

/** A comment whose content holds list items of its own, with no list around them. */
const LOOSE_ITEMS = '<p>Before the list.</p><li>A loose item</li><li>Another <b>one</b></li><p>After the list.</p>';

describe('The detail pages over hostile content, in Chromium', function () {
  this.timeout(60_000);
  let browser: Browser;
  let page: Page;
  let errors: string[];

  before(async () => {
    const { CHROMIUM_ARGS, chromiumPath } = await import('../../../scripts/editor.mjs');
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  });
  after(async () => browser?.close());
  afterEach(async () => {
    await page?.close();
  });

  /** A page made by `html` (asked again at each load), with its script (`detail.js` or `detailPost.js`). */
  async function open(html: () => { body: string; before?: string; after?: string }, script: string, toExtension: (m: unknown) => unknown) {
    page = await browser.newPage();
    errors = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route(`${ORIGIN}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/') {
        const parts = html();
        const body = pageHtml({
          title: 'Page',
          ...parts,
          nonce: 'n0nce',
          cspSource: ORIGIN,
          styleUri: `${ORIGIN}/media/detail.css`,
          remoteImages: false,
          token: 'T',
          scriptUris: [`${ORIGIN}/media/detailMentions.js`, `${ORIGIN}/media/${script}`],
        });
        return route.fulfill({ contentType: 'text/html', body });
      }
      return serveMedia(route, path);
    });
    await page.addInitScript({
      content: WEBVIEW_API,
    });
    await page.exposeFunction('toExtension', toExtension);
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction('document.readyState === "complete"');
  }

  /** A message from the extension, resolved once the page's own listener (registered first) has run. */
  const fromExtension = (m: unknown) =>
    page.evaluate(
      `new Promise((done) => { window.addEventListener('message', () => setTimeout(done, 0), { once: true }); window.postMessage(${JSON.stringify(m)}, '*'); })`,
    );
  const text = (selector: string) => page.evaluate(`(document.querySelector(${JSON.stringify(selector)}) || {}).textContent`);
  const waitFor = (what: string, check: () => Promise<boolean>) => until(what, async () => ((await check()) ? true : undefined), 10_000);

  describe("a Reader post's page", () => {
    let t: ReturnType<typeof setup>;
    const items = (): ThreadedComment[] => [
      { comment: comment(9900, undefined), depth: 0, liking: false },
      { comment: comment(9901, undefined, { content: LOOSE_ITEMS }), depth: 0, liking: false },
      { comment: comment(9902, 9901), depth: 1, liking: false },
      { comment: comment(9903, undefined), depth: 0, liking: false },
    ];
    async function openPost(): Promise<void> {
      t = setup({ post: readerPost() });
      t.conversation.set(items());
      t.hostPost = (m) => void page.evaluate(`window.postMessage(${JSON.stringify(m)}, '*')`).catch(() => undefined);
      await open(
        () => {
          const parts = readerPostParts(
            t.session.post,
            '1 day ago',
            t.session.view(() => '5 min ago', false),
          );
          return { body: parts.body, before: parts.chrome, after: parts.after };
        },
        'detailPost.js',
        (m) => t.session.handle(m),
      );
    }
    const likeComment = (id: number, count: number) =>
      t.conversation.set(
        t.conversation.items.map((x) =>
          x.comment.ID === id ? { ...x, comment: { ...x.comment, i_like: true, like_count: count } as Comment } : x,
        ),
      );

    it('a comment with bare <li>s keeps them in its own comment; every comment keeps its Like and Reply', async () => {
      await openPost();
      const shape = await page.evaluate(`[...document.querySelectorAll('#comments > *')].map((el) => [
        el.tagName, el.id, el.querySelectorAll(':scope > .comment-actions button.like-comment').length,
        el.querySelectorAll(':scope > .comment-actions button.reply-to').length])`);
      assert.deepEqual(shape, [
        ['LI', 'comment-9900', 1, 1],
        ['LI', 'comment-9901', 1, 1],
        ['LI', 'comment-9902', 1, 1],
        ['LI', 'comment-9903', 1, 1],
      ]);
      const own = (await text('#comment-9901 .content')) as string;
      for (const words of ['Before the list.', 'A loose item', 'Another one', 'After the list.']) assert.ok(own.includes(words), own);
      assert.equal(await text('#comment-9901 .meta'), 'Writer 9901 · 5 min ago');
      assert.deepEqual(errors, []);
    });

    it("a like of that comment, and of a later one, shows on the page (the state message), and Like asks for that comment's", async () => {
      await openPost();
      const renders = t.renders();
      likeComment(9901, 5);
      await waitFor('the comment liked', async () => (await text('#comment-9901 .like-count')) === '5 likes');
      assert.equal(await text('#comment-9901 button.like-comment'), 'Unlike');
      likeComment(9903, 2);
      await waitFor('the later comment liked', async () => (await text('#comment-9903 .like-count')) === '2 likes');
      await page.click('#comment-9900 button.like-comment');
      await waitFor('the like asked', async () => t.conversation.asked.includes('like 9900 true'));
      assert.equal(t.renders(), renders, 'no render: the state message did it');
      assert.deepEqual(errors, []);
    });

    it('messages of shapes the extension never sends are ignored: no error, and the next state still shows', async () => {
      await openPost();
      const post = KEY;
      for (const m of [
        { type: 'sent', post, box: '"]<b>x</b>', ok: true, message: 'Sent.' },
        { type: 'sent', post, box: { toString: 1 }, ok: true, message: 'Sent.' },
        { type: 'sent', post, box: 9901, ok: true, message: 'Sent.' },
        { type: 'sent', post, box: 'comment', ok: 'yes', message: 7 },
        { type: 'state', post, state: {} },
        { type: 'state', post, state: { controls: null, likes: 1, gone: '', comments: {} } },
        { type: 'state', post, state: { controls: {}, likes: 1, gone: '', comments: { 9901: null } } },
        { type: 'state', post, state: { controls: { like: 'on' }, likes: '1', gone: 0, comments: [] } },
        // A note's state, sent to a post's page.
        { type: 'state', post, note: 1, state: noteState(1, undefined, { hasPrevious: false, hasNext: false }) },
        { type: 'refused', post, refused: 'more', message: { text: 'x' } },
        { type: 'suggestions', post, seq: 1, users: [null, 5, { login: 7 }] },
        { type: 'suggestions', post, seq: 1, users: 'maya' },
      ])
        await fromExtension(m);
      assert.deepEqual(errors, [], 'no page error');
      assert.equal(await page.inputValue('#comment-text'), '', 'nothing changed in the box');
      assert.equal(await page.isDisabled('#comment-text'), false);
      assert.equal(await text('#post-message'), '', 'no line said');
      likeComment(9901, 5);
      await waitFor('the comment liked', async () => (await text('#comment-9901 .like-count')) === '5 likes');
      t.setPost(readerPost({ i_like: true, like_count: 3 }));
      await waitFor('the post liked', async () => (await text('#post-likes')) === '3 likes');
      assert.deepEqual(errors, []);
    });
  });

  describe("the Comments view's conversation and a note's page", () => {
    const conversation = () => ({
      body: conversationHtml({
        post: { title: 'On margins', link: 'https://longhand.example.blog/p' },
        comment: { ID: 2, author: { name: 'Maya' }, content: LOOSE_ITEMS },
        replies: [{ ID: 3, author: { name: 'Bo' }, content: '<p>A reply</p>' }],
        when: () => '5 min ago',
      }),
    });

    it("a note's list items with bare <li>s in their HTML keep them in their own item", async () => {
      const note = {
        id: 60010,
        type: 'comment',
        unread: 0,
        unreadIsCount: true,
        timestamp: 0,
        subjectText: 'Two comments',
        body: {
          template: 'multi-line-list',
          items: [
            { header: '<b>Maya</b><li>in the header</li>', html: LOOSE_ITEMS },
            { header: 'Bo', html: '<p>The second item.</p>' },
          ],
        },
      } as unknown as Notification;
      const state = noteState(note.id, note, { hasPrevious: false, hasNext: false });
      await open(
        () => {
          const parts = noteParts(note, '5 min ago', { state, draft: '' });
          return { body: parts.body, before: parts.chrome, after: parts.reply };
        },
        'detail.js',
        () => undefined,
      );
      const shape = await page.evaluate(`[...document.querySelectorAll('ul.items > *')].map((el) => el.tagName + '.' + el.className)`);
      assert.deepEqual(shape, ['LI.item', 'LI.item']);
      const first = (await text('ul.items > li.item')) as string;
      for (const words of ['Maya', 'in the header', 'Before the list.', 'A loose item', 'After the list.'])
        assert.ok(first.includes(words), first);
      assert.deepEqual(errors, []);
    });

    it("the conversation ignores a note's messages (it has no note): no error, and a link still opens through the extension", async () => {
      const asked: unknown[] = [];
      await open(conversation, 'detail.js', (m) => void asked.push(m));
      for (const m of [
        { type: 'state', state: noteState(60005, undefined, { canReply: true, hasPrevious: false, hasNext: false }) },
        { type: 'state', state: {} },
        { type: 'replied', ok: true, message: 'Reply posted.', url: 'javascript:alert(1)' },
        { type: 'refused', refused: 'act', message: 'No.' },
        { type: 'suggestions', seq: 1, users: [{ login: 'maya' }] },
      ])
        await fromExtension(m);
      assert.deepEqual(errors, [], 'no page error');
      await page.click('h1 a');
      await waitFor('the link asked', async () => asked.length === 1);
      assert.deepEqual(asked, [{ type: 'open', href: 'https://longhand.example.blog/p', token: 'T' }]);
    });

    it("a note's page ignores malformed messages for its note, and follows the next well-formed state", async () => {
      const note = commentNote(
        { 'approve-comment': false, 'spam-comment': false, 'trash-comment': false, 'like-comment': false, 'replyto-comment': false },
        { status: { approval_status: 'unapproved', i_replied: false } },
      );
      const state = noteState(note.id, note, { canReply: true, hasPrevious: true, hasNext: true });
      await open(
        () => {
          const parts = noteParts(note, '5 min ago', { state, draft: '' });
          return { body: parts.body, before: parts.chrome, after: parts.reply };
        },
        'detail.js',
        () => undefined,
      );
      const id = note.id;
      for (const m of [
        { type: 'state', note: id, state: {} },
        { type: 'state', note: id, state: { ...state, controls: null } },
        { type: 'state', note: id, state: { ...state, controls: { like: 'on' } } },
        { type: 'state', note: id, state: { ...state, removed: { text: 'x' } } },
        // A Reader post's state, sent to a note's page.
        { type: 'state', note: id, state: { post: KEY, controls: {}, likes: 1, gone: '', comments: {} } },
        { type: 'replied', note: id, ok: 'yes', message: null },
        { type: 'refused', note: id, refused: 'act', message: 5 },
        { type: 'suggestions', note: id, seq: 1, users: [null] },
      ])
        await fromExtension(m);
      assert.deepEqual(errors, [], 'no page error');
      assert.equal(await page.isDisabled('#reply-text'), false, 'the box is as it was');
      await fromExtension({ type: 'state', note: id, state: { ...state, status: 'Comment status: approved', unread: false } });
      assert.equal(await text('#note-status'), 'Comment status: approved');
      assert.deepEqual(errors, []);
    });
  });
});
