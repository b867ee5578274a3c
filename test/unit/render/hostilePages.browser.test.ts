/**
 * The detail view's pages over hostile content, in Chromium (as detailPage.browser.test.ts runs
 * them: the rendered page under its CSP, a stand-in for the webview's acquireVsCodeApi, every page
 * error collected). A comment's HTML stays in its own comment (a bare `<li>` closed it on the
 * Reader post page).
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Comment, Notification } from '../../../src/api';
import type { ThreadedComment } from '../../../src/models/readerConversation';
import { noteParts, noteState, page as pageHtml } from '../../../src/render';
import { readerPostParts } from '../../../src/render/readerPostHtml';
import { until } from '../../e2e/until';
import { comment, readerPost, setup } from './readerPostFixtures';

const ORIGIN = 'https://webview.test';
const MEDIA = join(__dirname, '../../../media');

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
      const file = /^\/media\/(detail(?:Mentions|Post)?\.(?:js|css))$/.exec(path)?.[1];
      return file
        ? route.fulfill({ contentType: file.endsWith('.js') ? 'text/javascript' : 'text/css', body: readFileSync(join(MEDIA, file)) })
        : route.fulfill({ status: 404 });
    });
    await page.addInitScript({
      content:
        'window.posted = []; window.acquireVsCodeApi = () => ({ postMessage: (m) => { window.posted.push(m); if (window.toExtension) window.toExtension(m); }, getState: () => window.saved, setState: (s) => { window.saved = s; } });',
    });
    await page.exposeFunction('toExtension', toExtension);
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction('document.readyState === "complete"');
  }

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
  });

  describe("a note's page", () => {
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
  });
});
