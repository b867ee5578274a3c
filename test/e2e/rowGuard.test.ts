/**
 * The click guard of the e2e page object (treeRows.ts, inPage.ts), in plain Chromium on a page
 * shaped like a VS Code tree: the list re-renders, recycling row elements, at the worst instant
 * (after the click's point is computed, before the mouse goes down). That is issue 11's race, made
 * to happen rather than hoped for.
 */
import * as assert from 'node:assert/strict';
import { chromium, type Browser, type Page } from 'playwright-core';
import { TreeRows } from './treeRows';

const ROWS = ['installer.exe', 'Contact form entry', 'Ann’s first draft', 'A guest essay', 'Photo essay: the harbour'];

/**
 * A pane titled Trash whose list, on `race()` or the first time a guard is armed, drops "Ann’s first draft" and re-renders the remaining items into the same row elements, as a
 * virtualized list does: the element under the computed point now shows the next item.
 */
const PAGE = `<!doctype html><html><body style="margin:0">
<div class="pane"><div class="pane-header"><h3 class="title">Trash</h3></div>
<div class="pane-body"><div class="monaco-list-rows" style="position:relative;width:300px;height:200px"></div></div></div>
<script>
  const list = document.querySelector('.monaco-list-rows');
  window.events = [];
  const render = (items) => {
    list.replaceChildren(...items.map((t, i) => {
      const row = document.createElement('div');
      row.className = 'monaco-list-row';
      row.style.cssText = 'position:absolute;left:0;width:300px;height:22px;top:' + i * 22 + 'px';
      row.textContent = t;
      return row;
    }));
  };
  const recycle = (items) => Array.from(list.children).forEach((row, i) => { row.textContent = items[i] ?? ''; });
  render(${JSON.stringify(ROWS)});
  list.addEventListener('contextmenu', (e) => { e.preventDefault(); window.events.push(e.target.closest('.monaco-list-row').textContent); });
  let guard, raced = false;
  window.race = () => {
    if (raced) return;
    raced = true;
    recycle(${JSON.stringify(ROWS)}.filter((t) => t !== 'Ann’s first draft'));
  };
  Object.defineProperty(window, '__e2eGuard', {
    get: () => guard,
    set: (g) => {
      guard = g;
      if (g) window.race();
    },
  });
</script></body></html>`;

describe('The e2e click guard (plain Chromium, a page shaped like a tree)', function () {
  let browser: Browser;
  let page: Page;

  before(async function () {
    this.timeout(60_000);
    const { CHROMIUM_ARGS, chromiumPath } = await import('../../scripts/editor.mjs');
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  });
  after(() => browser?.close());

  beforeEach(async () => {
    page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await page.setContent(PAGE);
  });
  afterEach(() => page.close());

  it('the race is real: a right-click aimed at a row before the list re-renders lands on another row', async () => {
    const box = (await page.locator('.monaco-list-row', { hasText: 'A guest essay' }).boundingBox())!;
    await page.evaluate(() => (window as unknown as { race(): void }).race());
    await page.mouse.click(box.x + 50, box.y + box.height / 2, { button: 'right' });
    assert.deepEqual(await page.evaluate(() => (window as unknown as { events: string[] }).events), ['Photo essay: the harbour']);
  });

  it('with the guard, the missed gesture never reaches the list and the retry lands on the row meant', async () => {
    await new TreeRows(page).click('Trash', 'A guest essay', { button: 'right' });
    assert.deepEqual(await page.evaluate(() => (window as unknown as { events: string[] }).events), ['A guest essay']);
  });

  it('refuses to guess between two rows that show the same text', async () => {
    await assert.rejects(new TreeRows(page).click('Trash', 'essay'), /2 rows of Trash show "essay"/);
    assert.deepEqual(await page.evaluate(() => (window as unknown as { events: string[] }).events), []);
  });
});
