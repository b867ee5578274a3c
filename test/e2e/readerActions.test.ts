/**
 * Working through Following from the keyboard in a real VS Code (code-server + Chromium, the
 * packaged VSIX): Following says the service's unseen count (no badge), `l` likes a post and a
 * multi-selection, `r` comments on one (and marks it seen; the box empties once sent), `f`
 * unfollows a site (undone once from its message, then for good), and Mark All as Seen in the view's
 * title bar (Following's and Followed Sites' counts follow). Each step is checked on the reference
 * service (its state and its request log), never only on the screen.
 * Screenshots go to artifacts/e2e/reader-actions/.
 */
import * as assert from 'node:assert/strict';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import type { Demo } from '../../scripts/demo-editor.mjs';
import { SETTINGS } from '../../src/settings';
import { feedItemIdOf } from '../service/readerShapes';
import { READER } from '../service/seedReader';
import { openSignedIn } from './session';
import { useEditor } from './setup';
import { until } from './until';
import type { Workbench } from './workbench';

const SHOTS = resolve(__dirname, '../../artifacts/e2e/reader-actions');
const PANE = 'Following';
const DEMO_USER = 1001;
/** Following's first page (its page size, 10): the feed's newest posts, 7000–7009, of the four followed blogs in turn. */
const SHOWN = 10;
/** Liked, and its site (Small Press Diary) unfollowed. */
const LIKED = READER.heldPost;
/** Commented on: the thread's post, on Longhand Quarterly (which publishes comments at once). */
const COMMENTED = READER.threadPost;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('Acting on followed posts in a real VS Code', function () {
  let demo: Demo;
  let page: Page;
  let wb: Workbench;

  const world = () => demo.svc.world();
  const feedPost = (id: number) => world().feed.find((p) => p.ID === id)!;
  /** A post's row: its title, and no digit after it (#1 is not #10). */
  const row = (id: number) => new RegExp(`^${escapeRegExp(feedPost(id).title)}(?!\\d)`);
  const follows = (site: number) => world().follows.get(DEMO_USER)?.has(site) ?? false;
  const posted = (path: string) => demo.svc.requests.filter((r) => r.method === 'POST' && r.path.split('?')[0] === path);
  /** The writes that act on posts and sites (not the notifications' own, which the editor may send at any time). */
  const writes = () => demo.svc.requests.filter((r) => r.method === 'POST' && !r.path.startsWith('/rest/v1.1/notifications/')).length;
  const isSeen = (id: number) => world().seen.get(DEMO_USER)?.has(feedItemIdOf(id)) ?? false;
  /** The service's count of the followed sites' posts demo has not seen (of one site, or all). */
  const unseenOnService = (site?: number) =>
    world().feed.filter((p) => follows(p.siteId) && (site === undefined || p.siteId === site) && !isSeen(p.ID)).length;
  /** What a pane's header says after its title ("59 unseen · Newest first"). */
  const description = async (pane: string) => ((await wb.pane(pane).locator('.pane-header .description').textContent()) ?? '').trim();
  /** Until Following's description gives the service's unseen count. */
  const followingSaysUnseen = () =>
    until(
      "Following's description to give the service's unseen count",
      async () => (await description(PANE)).startsWith(`${unseenOnService()} unseen`),
      15_000,
      async () => [await description(PANE), unseenOnService()],
    );
  const unfollowPath = `/rest/v1.1/sites/${READER.holding}/follows/mine/delete`;

  /**
   * Only this row selected, and the tree focused: where the keys act. The click also shows the
   * post (the only row selected, the tree runs its command) beside the tree, which keeps the focus,
   * and marks it seen, as opening a post does: waited for on the service, so that no step counts
   * that request as its own.
   */
  async function selectOnly(id: number): Promise<void> {
    await wb.settle(PANE);
    const selected = wb.pane(PANE).locator('.pane-body .monaco-list-row.selected');
    if ((await selected.count()) > 0) {
      await wb.pane(PANE).locator('.pane-body .monaco-list').first().focus();
      await page.keyboard.press('Escape'); // list.clear
      await until('the selection to clear', async () => (await selected.count()) === 0);
    }
    // A plain click: the tree takes a multi-selection, where a Ctrl+click adds a row and opens nothing.
    await wb.click(PANE, row(id));
    await wb.expectSelected(PANE, [feedPost(id).title]);
    await until(`opening post ${id} to mark it seen on the service`, () => isSeen(id));
    // Its row drawn again as seen: a redraw after the next click (a Ctrl+click) would reset the selection.
    await until(`post ${id}'s row to stop saying unseen`, async () => !/\bunseen\b/.test(await wb.row(PANE, row(id)).innerText()));
    await wb.settle(PANE);
  }

  /** The titles of the posts Following shows, once it has settled (not its Load more… row). */
  async function shownTitles(): Promise<string[]> {
    await wb.settle(PANE);
    return (await wb.rows(PANE).locator('.label-name').allInnerTexts()).map((t) => t.trim()).filter((t) => !/^Load more/.test(t));
  }

  /**
   * The container's badge as its label says it ("Content Site - 8 unread notifications - 10 unseen
   * posts": each view's part; the number is their sum) and the notifications' part of it.
   */
  async function badgeParts(): Promise<{ label: string; notes: number }> {
    const label = (await page.locator('.activitybar [aria-label^="Content Site"]').first().getAttribute('aria-label')) ?? '';
    return { label, notes: Number(/(\d+) unread notification/.exec(label)?.[1] ?? 0) };
  }

  /** The "Site unfollowed." message with its Undo (toasts are the newest; the last one is this step's). */
  const unfollowedToast = () => page.locator('.notification-toast', { hasText: 'Site unfollowed.' }).last();

  useEditor({
    clear: SHOTS,
    // A long undo window: no step races it however loaded the machine is; the last unfollow is
    // let go by closing its message, which sends it at once.
    open: (browser) => openSignedIn(browser, SHOTS, { [SETTINGS.undoSeconds.id]: 60 }),
    ready: async (session) => {
      ({ demo, page, wb } = session);
      await wb.expandPane('Notifications', false);
      await wb.expandPane(PANE, true);
      await wb.row(PANE, row(7000 + SHOWN - 1)).waitFor();
    },
  });

  it("0. Following shows the newest posts of the followed blogs, says the service's unseen count of them all, and adds nothing to the badge", async () => {
    assert.equal(world().seen.get(DEMO_USER)?.size ?? 0, 0, 'demo has seen nothing yet');
    assert.equal((await shownTitles()).length, SHOWN);
    assert.ok(unseenOnService() > SHOWN, 'the service has more unseen posts than Following loads');
    await followingSaysUnseen();
    // The container's badge counts the unread notes only: no part for posts.
    await until(
      'the badge to be the unread notes alone',
      async () => {
        const { label, notes } = await badgeParts();
        return notes > 0 && !label.includes('unseen') && (await wb.badge()) === String(notes);
      },
      15_000,
      async () => [await badgeParts(), await wb.badge()],
    );
    await wb.shot('following');
  });

  it('1. l likes the selected post: the service has it liked by demo, one request', async () => {
    const post = feedPost(LIKED);
    assert.equal(world().postLikes.get(LIKED)?.has(DEMO_USER) ?? false, false);
    await selectOnly(LIKED);
    await page.keyboard.press('l');
    await until(
      `the service to have post ${LIKED} liked by demo`,
      () => world().postLikes.get(LIKED)?.has(DEMO_USER),
      20_000,
      () => [...(world().postLikes.get(LIKED) ?? [])],
    );
    assert.equal(posted(`/rest/v1.1/sites/${post.siteId}/posts/${LIKED}/likes/new`).length, 1, 'one like request');
    await until('the row to say liked', async () => (await wb.row(PANE, row(LIKED)).innerText()).includes('liked'));
    await wb.shot('liked-with-l');
  });

  it('1b. a multi-selection by Ctrl+click: l likes every selected post on the service, one request each', async () => {
    const titles = await shownTitles();
    const ids = titles.map((t) => world().feed.find((f) => f.title === t)!.ID);
    // Two posts that take likes (not the private site's, not the external feed's), not liked yet.
    const two = ids
      .filter((id) => feedPost(id).siteId === READER.longhand || feedPost(id).siteId === READER.holding)
      .filter((id) => id !== LIKED && id !== COMMENTED && !world().postLikes.get(id)?.has(DEMO_USER))
      .slice(0, 2);
    assert.equal(two.length, 2);
    await selectOnly(two[0]);
    await wb.click(PANE, row(two[1]), { ctrl: true });
    await wb.expectSelected(
      PANE,
      two.map((id) => feedPost(id).title),
    );
    const likes = () => demo.svc.requests.filter((r) => r.method === 'POST' && /\/likes\/new$/.test(r.path.split('?')[0])).length;
    const before = likes();
    await page.keyboard.press('l');
    await until(
      'the service to have both liked by demo',
      () => two.every((id) => world().postLikes.get(id)?.has(DEMO_USER)),
      20_000,
      () => two.map((id) => world().postLikes.get(id)?.has(DEMO_USER) ?? false),
    );
    assert.equal(likes() - before, 2, 'one like request per selected post');
    await wb.shot('ctrl-selection-liked');
  });

  it('1c. a multi-selection by Shift+click: m marks the whole range seen on the service', async () => {
    const titles = await shownTitles();
    const ids = titles.map((t) => world().feed.find((f) => f.title === t)!.ID);
    // Three rows in a row whose last two are not seen yet (the first is opened by its click).
    const start = ids.findIndex(
      (_id, i) =>
        i + 2 < ids.length &&
        !isSeen(ids[i + 1]) &&
        !isSeen(ids[i + 2]) &&
        ids[i + 1] !== COMMENTED &&
        ids[i + 2] !== COMMENTED &&
        ids[i] !== COMMENTED,
    );
    assert.ok(start >= 0, 'three rows, the last two unseen');
    const three = ids.slice(start, start + 3);
    await selectOnly(three[0]);
    await wb.click(PANE, row(three[2]), { shift: true });
    await wb.expectSelected(
      PANE,
      three.map((id) => feedPost(id).title),
    );
    assert.deepEqual(three.slice(1).map(isSeen), [false, false], 'a Shift+click opens nothing');
    await page.keyboard.press('m');
    await until(
      'the service to have the whole range seen',
      () => three.every(isSeen),
      20_000,
      () => three.map(isSeen),
    );
    await wb.shot('shift-selection-seen');
  });

  it("2. r (the row only focused, never opened) opens the post's page with its comment box focused and marks the post seen; the comment sent is on the service and in the conversation, the box empties, and no key acted while typing", async () => {
    const text = 'Drafting by hand made me slower, and far more careful: thank you for this.';
    // A row beside the post is opened; the keyboard then moves the focus to the post, unopened.
    const titles = await shownTitles();
    const at = titles.indexOf(feedPost(COMMENTED).title);
    assert.ok(at >= 0 && titles.length > 1, 'the post is shown, beside another');
    const beside = world().feed.find((f) => f.title === titles[at > 0 ? at - 1 : at + 1])!.ID;
    await selectOnly(beside);
    await page.keyboard.press(at > 0 ? 'ArrowDown' : 'ArrowUp');
    // In a tree that takes a multi-selection the arrows move the focus, not the selection: r acts on the focused row.
    await wb
      .pane(PANE)
      .locator('.pane-body .monaco-list-row.focused', { hasText: feedPost(COMMENTED).title })
      .waitFor();
    assert.equal(isSeen(COMMENTED), false, 'not seen before r');
    const before = writes();
    await page.keyboard.press('r');
    await until(`r to mark post ${COMMENTED} seen on the service`, () => isSeen(COMMENTED), 20_000);
    const key = `${String(feedPost(COMMENTED).siteId)}/${COMMENTED}`;
    const frame = await wb.webviewFrame(`#post-controls[data-post="${key}"]`, `the page of post ${COMMENTED}`);
    // The keyboard is in the box: what is typed is the comment (its l, r, f, m and u act on nothing).
    await until('the comment box to have the focus', async () =>
      (await frame.evaluate(() => document.activeElement?.id).catch(() => undefined)) === 'comment-text' ? true : undefined,
    );
    await page.keyboard.type(text);
    await wb.shot('comment-box');
    await page.keyboard.press('Control+Enter');
    const comment = await until(
      `the comment on post ${COMMENTED} on the service`,
      () => [...world().comments.values()].find((c) => c.postId === COMMENTED && c.authorId === DEMO_USER),
      20_000,
    );
    assert.match(comment.content, new RegExp(escapeRegExp(text)));
    assert.equal(comment.status, 'approved');
    // The new comment joins the post's conversation on the page.
    const shown = await wb.webviewFrame(`#comment-${comment.ID}`, 'the comment in the conversation');
    await shown.locator(`#comment-${comment.ID}`).waitFor();
    // The page was drawn again with the comment: its box is empty and says so, the text is not back.
    await until(
      'the comment box to be empty and say Sent.',
      async () => {
        const f = await wb.webviewFrame(`#comment-${comment.ID}`, 'the page with the comment');
        const [value, status] = await Promise.all([f.inputValue('#comment-text'), f.textContent('#comment-status')]);
        return value === '' && status === 'Sent.';
      },
      15_000,
    );
    await wb.shot('comment-sent-box-empty');
    assert.equal(writes(), before + 2, 'two requests, the seen mark and the comment: no key acted while typing');
  });

  it("3. f unfollows the post's site, and Undo in its message brings the posts back with nothing sent", async () => {
    const ofSite = world()
      .feed.slice(0, SHOWN)
      .filter((p) => p.siteId === READER.holding)
      .map((p) => p.ID);
    assert.ok(ofSite.length >= 2 && ofSite.includes(LIKED));
    assert.ok(follows(READER.holding));
    await selectOnly(LIKED);
    await page.keyboard.press('f');
    for (const id of ofSite) await wb.row(PANE, row(id)).waitFor({ state: 'detached' });
    const toast = unfollowedToast();
    await toast.waitFor();
    await wb.shot('unfollowed-with-undo');
    assert.deepEqual(posted(unfollowPath), [], 'nothing sent inside the window');
    await toast.locator('.monaco-button', { hasText: /^Undo$/ }).click();
    for (const id of ofSite) await wb.row(PANE, row(id)).waitFor();
    assert.ok(follows(READER.holding), 'the service still has the follow');
    assert.deepEqual(posted(unfollowPath), []);
  });

  it("4. f again, and the message closed: the service no longer has the follow, and the site's posts stay out of Following", async () => {
    const site = feedPost(LIKED).siteName;
    await selectOnly(LIKED);
    await page.keyboard.press('f');
    await wb.row(PANE, row(LIKED)).waitFor({ state: 'detached' });
    assert.ok(follows(READER.holding), 'nothing sent inside the window');
    const toast = unfollowedToast();
    await toast.hover();
    await toast.getByRole('button', { name: /^Clear Notification/ }).click();
    await until(
      'the service to no longer have demo following Small Press Diary',
      () => !follows(READER.holding),
      20_000,
      () => [...(world().follows.get(DEMO_USER) ?? [])],
    );
    // Step 3's undone unfollow was never sent: this one is the only request.
    assert.equal(posted(unfollowPath).length, 1, 'one unfollow request');
    // Read again from the service, Following still leaves the site out.
    const from = demo.svc.requests.length;
    await wb.command('Content Site: Refresh Following');
    await until('Following to be read again', () =>
      demo.svc.requests.slice(from).some((r) => r.method === 'GET' && /\/read\/following\/(\?|$)/.test(decodeURIComponent(r.path))),
    );
    await wb.settle(PANE);
    assert.ok(!(await wb.rowLabels(PANE)).some((l) => l.includes(site)), `no row of ${site} in Following`);
    await wb.shot('unfollowed-for-good');
  });

  it('5. Mark All as Seen: the service has every shown post seen, the rows stop saying unseen and the badge goes away', async () => {
    const shown = await shownTitles();
    assert.ok(shown.length > 0);
    const ids = shown.map((t) => {
      const p = world().feed.find((f) => f.title === t);
      assert.ok(p, `a shown row "${t}" is a post of the feed`);
      assert.notEqual(p.siteId, READER.holding, 'no post of the unfollowed site');
      return p.ID;
    });
    assert.ok(
      ids.some((id) => !isSeen(id)),
      'some shown posts are not seen yet',
    );
    const from = demo.svc.requests.length;
    await wb.titleAction(PANE, 'Mark All as Seen');
    await until(
      'the service to have every shown post seen',
      () => ids.every(isSeen),
      20_000,
      () => ids.filter((id) => !isSeen(id)),
    );
    const sites = new Set(ids.map((id) => feedPost(id).siteId)).size;
    const marks = demo.svc.requests.slice(from).filter((r) => r.method === 'POST' && r.path.startsWith('/wpcom/v2/seen-posts/seen/'));
    assert.ok(marks.length >= 1 && marks.length <= sites, `one request per site or feed (${sites}), not per post: ${marks.length}`);
    await until('no row to say unseen', async () => !(await wb.rowLabels(PANE)).some((l) => /\bunseen\b/.test(l)));
    // Following's count is the service's again (its other posts are still unseen), with no refresh.
    assert.ok(unseenOnService() > 0, 'posts beyond the shown page are still unseen');
    await followingSaysUnseen();
    await wb.shot('all-seen');
  });

  it("6. Followed Sites' counts are the service's after Mark All as Seen, with no refresh", async () => {
    await wb.expandPane('Followed Sites', true);
    await wb.settle('Followed Sites');
    const sites = [...(world().follows.get(DEMO_USER) ?? [])].map((id) => world().sites.get(id)!);
    assert.ok(sites.length >= 3);
    for (const site of sites) {
      const n = unseenOnService(site.ID);
      await until(
        `${site.name} to say ${n} unseen`,
        async () => {
          const label = (await wb.rowLabels('Followed Sites')).find((l) => l.startsWith(site.name)) ?? '';
          return n === 0 ? !/unseen/.test(label) : label.includes(`${n} unseen`);
        },
        15_000,
        async () => wb.rowLabels('Followed Sites'),
      );
    }
    await wb.shot('followed-sites-counts');
  });
});
