/**
 * A small page object for the VS Code workbench in Chromium: commands through the palette, view
 * panes and their rows, inline and context-menu actions, the notification center, screenshots.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';

export class Workbench {
  private shots = 0;
  readonly taken: string[] = [];

  constructor(
    readonly page: Page,
    private readonly shotsDir: string,
  ) {
    mkdirSync(shotsDir, { recursive: true });
  }

  async shot(name: string): Promise<string> {
    const file = join(this.shotsDir, `${String(++this.shots).padStart(2, '0')}-${name}.png`);
    await this.page.screenshot({ path: file });
    this.taken.push(file);
    return file;
  }

  async command(title: string): Promise<void> {
    const input = this.page.locator('.quick-input-widget input');
    await this.page.keyboard.press('Escape');
    await this.page.keyboard.press('F1');
    await input.waitFor({ state: 'visible' });
    await input.fill(`>${title}`);
    await this.page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor();
    await this.page.keyboard.press('Enter');
  }

  /** Fills the open input box or quick pick and accepts. */
  async answer(text: string): Promise<void> {
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill(text);
    await this.page.keyboard.press('Enter');
  }

  /** Messages land in the notification center even when toasts are suppressed. */
  async expectMessage(text: string | RegExp): Promise<void> {
    await this.command('Notifications: Show Notifications');
    await this.page.locator('.notifications-center', { hasText: text }).waitFor();
  }

  async clearMessages(): Promise<void> {
    await this.command('Notifications: Clear All Notifications');
    await this.page.keyboard.press('Escape');
  }

  pane(title: string): Locator {
    return this.page.locator('.pane', { has: this.page.locator('.pane-header h3.title', { hasText: new RegExp(`^${title}$`) }) });
  }

  rows(pane: string): Locator {
    return this.pane(pane).locator('.pane-body .monaco-list-row');
  }

  row(pane: string, text: string | RegExp): Locator {
    return this.rows(pane).filter({ hasText: text }).first();
  }

  async rowLabels(pane: string): Promise<string[]> {
    return (await this.rows(pane).allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  }

  async inline(row: Locator, label: string): Promise<void> {
    await row.hover();
    await row.locator(`.action-label[aria-label^="${label}"]`).click();
  }

  async contextMenu(row: Locator, label: string): Promise<void> {
    await row.click({ button: 'right' });
    await this.menuItem(label);
  }

  /** VS Code's menus act on their focused item: move the focus to it, then press Enter. */
  private async menuItem(label: string): Promise<void> {
    const item = this.page.getByRole('menuitem', { name: label, exact: true }).first();
    await item.waitFor();
    await item.hover();
    await item.focus();
    await this.page.keyboard.press('Enter');
    await item.waitFor({ state: 'hidden' });
  }

  async titleAction(pane: string, label: string): Promise<void> {
    const header = this.pane(pane).locator('.pane-header');
    await header.hover();
    const action = header.locator(`.action-label[aria-label^="${label}"]`);
    if (await action.count()) return action.first().click();
    await header.locator('.action-label[aria-label="More Actions..."], .action-label[aria-label^="Views and More Actions"]').first().click();
    await this.menuItem(label);
  }

  async expandPane(title: string, expanded = true): Promise<void> {
    const header = this.pane(title).locator('.pane-header');
    if ((await header.getAttribute('aria-expanded')) !== String(expanded)) await header.click({ position: { x: 30, y: 10 } });
  }

  /** The number on the container's activity-bar entry. */
  async badge(): Promise<string> {
    const b = this.page.locator('.activitybar .action-item', { has: this.page.locator('[aria-label^="Content Site"]') }).locator('.badge-content');
    return (await b.count()) ? ((await b.first().textContent()) ?? '').trim() : '';
  }
}
