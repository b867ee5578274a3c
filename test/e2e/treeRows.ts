/**
 * The view panes of the side bar and their tree rows, clicked only where the click is meant to
 * land: each gesture waits for the pane to settle, re-finds its row by label right before the
 * click, and is checked in the page, event by event, against that row (see inPage.ts). A right-click
 * also checks that the menu opened for that row before any of its items is chosen.
 */
import type { Locator, Page } from 'playwright-core';
import { armGuard, disarmGuard, paneSettled, type PageAim } from './inPage';

export type RowText = string | RegExp;

export interface RowClick {
  button?: 'left' | 'right';
  /** Ctrl-click: adds the row to the selection; checked to be selected afterwards. */
  ctrl?: boolean;
  /** Shift-click: selects the range from the focused row to this one; checked to be selected afterwards. */
  shift?: boolean;
  /** The aria-label an inline action of the row starts with: click that action. */
  action?: string;
}

const ATTEMPTS = 5;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class TreeRows {
  private settles = 0;
  /** Every gesture the guard stopped (and that was then tried again): for the run's report. */
  readonly misses: string[] = [];

  constructor(readonly page: Page) {}

  pane(title: string): Locator {
    return this.page.locator('.pane', {
      has: this.page.locator('.pane-header h3.title', { hasText: new RegExp(`^${escapeRegExp(title)}$`) }),
    });
  }

  rows(pane: string): Locator {
    return this.pane(pane).locator('.pane-body .monaco-list-row');
  }

  row(pane: string, text: RowText): Locator {
    return this.rows(pane).filter({ hasText: text }).first();
  }

  async rowLabels(pane: string): Promise<string[]> {
    return (await this.rows(pane).allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  }

  /** Until the pane shows no progress and its rows have stopped moving (three frames alike). */
  async settle(pane: string): Promise<void> {
    await this.page.waitForFunction(paneSettled, [pane, ++this.settles] as [string, number], { polling: 'raf' });
  }

  /** Clicks a row (or one of its inline actions) of a settled pane, and only that row. */
  async click(pane: string, text: RowText, how: RowClick = {}): Promise<void> {
    const aim: PageAim =
      typeof text === 'string'
        ? { pane, source: text, flags: '', literal: true, action: how.action }
        : { pane, source: text.source, flags: text.flags, literal: false, action: how.action };
    let missed = '';
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      await this.closeMenu();
      await this.settle(pane);
      const row = this.row(pane, text);
      await row.waitFor();
      const alike = await this.rows(pane).filter({ hasText: text }).count();
      if (alike > 1) throw new Error(`${alike} rows of ${pane} show "${text}": name one.`);
      await row.scrollIntoViewIfNeeded();
      if (how.action) await row.hover();
      const target = how.action ? row.locator(`.action-label[aria-label^="${how.action}"]`) : row;
      const box = await target.boundingBox();
      if (!box) {
        missed = 'the row was not on screen';
        continue;
      }
      // Over the label, clear of the inline actions at the row's right end.
      const x = how.action ? box.x + box.width / 2 : box.x + Math.min(box.width * 0.35, 140);
      await this.page.evaluate(armGuard, aim);
      const key = how.ctrl ? 'Control' : how.shift ? 'Shift' : undefined;
      if (key) await this.page.keyboard.down(key);
      try {
        await this.page.mouse.click(x, box.y + box.height / 2, { button: how.button ?? 'left' });
      } finally {
        if (key) await this.page.keyboard.up(key);
      }
      const verdict = await this.page.evaluate(disarmGuard);
      if (verdict === 'ok') {
        if (key) await this.pane(pane).locator('.pane-body .monaco-list-row.selected', { hasText: text }).first().waitFor();
        return;
      }
      missed = verdict ?? 'no event of it reached the page';
      this.misses.push(`a click meant for "${text}" in ${pane}: ${missed}`);
    }
    throw new Error(`A click meant for "${text}" in ${pane} missed ${ATTEMPTS} times; the last ${missed}.`);
  }

  /** Right-clicks the row, checks that the menu opened for it (its focused row), and chooses `item`. */
  async contextMenu(pane: string, text: RowText, item: string): Promise<void> {
    const menu = this.page.locator('.context-view .monaco-menu').first();
    let focused = '';
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      await this.click(pane, text, { button: 'right' });
      await menu.waitFor();
      focused = ((await this.pane(pane).locator('.pane-body .monaco-list-row.focused').allInnerTexts())[0] ?? '')
        .replace(/\s+/g, ' ')
        .trim();
      if (typeof text === 'string' ? focused.toLowerCase().includes(text.toLowerCase()) : text.test(focused)) return this.menuItem(item);
      this.misses.push(`the context menu meant for "${text}" in ${pane} opened for "${focused}"`);
      await this.closeMenu();
    }
    throw new Error(`The context menu meant for "${text}" in ${pane} kept opening for "${focused}".`);
  }

  /** Hovers the row to reveal its inline actions and clicks the one whose label starts with `label`. */
  inline(pane: string, text: RowText, label: string): Promise<void> {
    return this.click(pane, text, { action: label });
  }

  /** Until exactly these rows (by text) are the pane's selection. */
  async expectSelected(pane: string, texts: string[]): Promise<void> {
    const selected = this.pane(pane).locator('.pane-body .monaco-list-row.selected');
    for (const t of texts) await selected.filter({ hasText: t }).first().waitFor();
    const count = await selected.count();
    if (count !== texts.length)
      throw new Error(
        `${pane} has ${count} selected rows (${(await selected.allInnerTexts()).join(' | ')}), expected ${texts.join(', ')}.`,
      );
  }

  /** A context menu left open would take the next click (its block covers the workbench). */
  private async closeMenu(): Promise<void> {
    const menu = this.page.locator('.context-view .monaco-menu').first();
    if (!(await menu.isVisible())) return;
    await this.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  }

  /** VS Code's menus act on their focused item: move the focus to it, then press Enter. */
  async menuItem(label: string): Promise<void> {
    const item = this.page.getByRole('menuitem', { name: label, exact: true }).first();
    await item.waitFor();
    await item.hover();
    await item.focus();
    await this.page.keyboard.press('Enter');
    await item.waitFor({ state: 'hidden' });
  }

  /**
   * A title-bar action of the pane: a button (the navigation group; waited for, as its when-clause
   * may still be catching up with a sign-in) or, with `inMenu`, an item of the "More Actions" menu.
   */
  async titleAction(pane: string, label: string, inMenu = false): Promise<void> {
    const header = this.pane(pane).locator('.pane-header');
    await header.hover();
    if (!inMenu) return header.locator(`.action-label[aria-label^="${label}"]`).first().click();
    await header
      .locator('.action-label[aria-label="More Actions..."], .action-label[aria-label^="Views and More Actions"]')
      .first()
      .click();
    await this.menuItem(label);
  }

  async expandPane(title: string, expanded = true): Promise<void> {
    const header = this.pane(title).locator('.pane-header');
    if ((await header.getAttribute('aria-expanded')) !== String(expanded)) await header.click({ position: { x: 30, y: 10 } });
    await this.pane(title).locator(`.pane-header[aria-expanded="${expanded}"]`).waitFor();
  }
}
