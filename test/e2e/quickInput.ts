/**
 * The command palette, quick picks and input boxes. Enter acts on whatever the quick input holds at
 * that instant, and under load its list filters and its validation answers late: every Enter here
 * waits for the entry meant to be the focused one (or the value to be valid), and then for the
 * quick input to take it.
 */
import type { Page } from 'playwright-core';
import { accepted, onlyEntry, readyToAccept } from './inPage';

export class QuickInput {
  constructor(private readonly page: Page) {}

  private input() {
    return this.page.locator('.quick-input-widget .quick-input-filter input.input');
  }

  async command(title: string): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.page.keyboard.press('F1');
    await this.input().waitFor({ state: 'visible' });
    await this.enter(`>${title}`, title);
  }

  /** Fills the open input box or quick pick (whose entry labelled `text` is then accepted). */
  async answer(text: string): Promise<void> {
    await this.input().waitFor({ state: 'visible' });
    await this.enter(text, text);
  }

  /** In an open multi-select pick: filters by `filter`, checks the one entry labelled `label`, presses OK. */
  async pickMany(filter: string, label: string): Promise<void> {
    await this.input().waitFor({ state: 'visible' });
    await this.input().fill(filter);
    await this.page.waitForFunction(onlyEntry, [label, filter] as [string, string], { polling: 'raf' });
    await this.page
      .locator('.quick-input-list .monaco-list-row', { hasText: label })
      .locator('input[type="checkbox"], [role="checkbox"]')
      .first()
      .check();
    // OK, not Enter: the focused checkbox would take Enter as another toggle.
    await this.page.locator('.quick-input-widget .monaco-button', { hasText: /^OK$/ }).click();
    await this.page.waitForFunction(accepted, filter, { polling: 'raf' });
  }

  /**
   * In an open multi-select pick: filters by `filter` until `label` is its one entry, waits until
   * the extension has highlighted it (as a user sees it), and presses Enter with nothing ticked:
   * the pick takes the highlighted entry. No arrow key: typing and Enter is what a user does.
   */
  async pickHighlighted(filter: string, label: string): Promise<void> {
    await this.input().waitFor({ state: 'visible' });
    await this.input().fill(filter);
    await this.page.waitForFunction(onlyEntry, [label, filter] as [string, string], { polling: 'raf' });
    await this.accept(filter, label);
  }

  /**
   * Fills the open quick pick with `value`, presses Enter, and waits until the pick, still open
   * with that value, shows `problem` as its top entry. Returns that entry's text.
   */
  async refused(value: string, problem: string | RegExp): Promise<string> {
    await this.input().waitFor({ state: 'visible' });
    await this.input().fill(value);
    await this.page.waitForFunction(readyToAccept, ['', value] as [string, string], { polling: 'raf' });
    await this.page.keyboard.press('Enter');
    const top = this.page.locator('.quick-input-widget .quick-input-list .monaco-list-row').first();
    await top.filter({ hasText: problem }).waitFor();
    if ((await this.input().inputValue()) !== value) throw new Error(`The pick lost what was typed ("${value}").`);
    return ((await top.textContent()) ?? '').trim();
  }

  private async enter(value: string, label: string): Promise<void> {
    await this.input().fill(value);
    await this.accept(value, label);
  }

  /** Presses Enter once the input holds `value` and `label` is focused (or the value is valid). */
  private async accept(value: string, label: string): Promise<void> {
    await this.page.waitForFunction(readyToAccept, [label, value] as [string, string], { polling: 'raf' });
    await this.page.keyboard.press('Enter');
    await this.page.waitForFunction(accepted, value, { polling: 'raf' });
  }
}
