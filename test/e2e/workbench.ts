/**
 * A small page object for the VS Code workbench in Chromium: commands through the palette, view
 * panes and their rows (treeRows.ts), the notification center, the badge, screenshots.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { QuickInput } from './quickInput';
import { TreeRows } from './treeRows';
import { until } from './until';

export class Workbench extends TreeRows {
  private shots = 0;
  readonly taken: string[] = [];
  readonly quick: QuickInput;

  constructor(
    page: Page,
    private readonly shotsDir: string,
  ) {
    super(page);
    this.quick = new QuickInput(page);
    mkdirSync(shotsDir, { recursive: true });
  }

  async shot(name: string): Promise<string> {
    const file = join(this.shotsDir, `${String(++this.shots).padStart(2, '0')}-${name}.png`);
    await this.page.screenshot({ path: file });
    this.taken.push(file);
    return file;
  }

  command(title: string): Promise<void> {
    return this.quick.command(title);
  }

  answer(text: string): Promise<void> {
    return this.quick.answer(text);
  }

  /**
   * Messages land in the notification center even when toasts are suppressed. The center is opened
   * again until it shows the message: one opened while the message was on its way (or closed by
   * a toast's arrival) is not the end of the wait.
   */
  async expectMessage(text: string | RegExp): Promise<void> {
    const shown = this.page.locator('.notifications-center', { hasText: text });
    await until(
      `the message ${String(text)}`,
      async () => {
        await this.command('Notifications: Show Notifications');
        return (
          (await shown.waitFor({ timeout: 3000 }).then(
            () => true,
            () => false,
          )) || undefined
        );
      },
      30_000,
    );
  }

  async clearMessages(): Promise<void> {
    await this.command('Notifications: Clear All Notifications');
    await this.page.keyboard.press('Escape');
  }

  /** The number on the container's activity-bar entry. */
  async badge(): Promise<string> {
    const b = this.page
      .locator('.activitybar .action-item', { has: this.page.locator('[aria-label^="Content Site"]') })
      .locator('.badge-content');
    return (await b.count()) ? ((await b.first().textContent()) ?? '').trim() : '';
  }

  /** The frame of a webview once its document has `selector` (webviews nest their content in iframes); `what` names the wait. */
  async webviewFrame(selector: string, what: string): Promise<Frame> {
    return until(what, async () => {
      for (const f of this.page.frames())
        if (
          await f
            .locator(selector)
            .count()
            .catch(() => 0)
        )
          return f;
      return undefined;
    });
  }

  /**
   * The unread notes' part of the container's badge, as its label says it ("Content Site - 8 unread
   * notifications - 10 unseen posts": each view's part; the number shown is their sum); '' when none.
   */
  async notesBadge(): Promise<string> {
    const label = (await this.page.locator('.activitybar [aria-label^="Content Site"]').first().getAttribute('aria-label')) ?? '';
    return /(\d+) unread notification/.exec(label)?.[1] ?? '';
  }

  async notesBadgeIs(expected: string, ms = 15_000): Promise<void> {
    await until(
      `the notifications' badge to show "${expected}"`,
      async () => (await this.notesBadge()) === expected,
      ms,
      () => this.notesBadge(),
    );
  }
}
