/**
 * One editor for the e2e tests: the reference service, code-server with the packaged VSIX and the
 * given user settings, and a Chromium page on it with the Content Site container open.
 */
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Demo } from '../../scripts/demo-editor.mjs';
import { Workbench } from './workbench';

export interface EditorSession {
  demo: Demo;
  context: BrowserContext;
  page: Page;
  wb: Workbench;
  /** Where this run's screenshots (and a failed step's logs) go. */
  shotsDir: string;
  close(): Promise<void>;
}

export async function openEditor(browser: Browser, shotsDir: string, settings: Record<string, unknown>): Promise<EditorSession> {
  const { launchDemo } = await import('../../scripts/demo-editor.mjs');
  const demo = await launchDemo({ settings });
  const context = await browser.newContext({ viewport: { width: 1400, height: 1300 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const wb = new Workbench(page, shotsDir);
  const close = async () => {
    await context.close().catch(() => undefined);
    await demo.stop();
  };
  try {
    await page.goto(demo.editor.url);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await page.locator('.activitybar [aria-label^="Content Site"]').first().click();
    // Away from the activity bar: its hover ("Content Site - 8 unread notifications") would lie over
    // the side bar's pane headers and take the next clicks.
    await page.mouse.move(700, 650);
  } catch (err) {
    await close();
    throw err;
  }
  return { demo, context, page, wb, shotsDir, close };
}

/**
 * An editor signed in as demo with an access token, its Notifications filled and the other list
 * panes collapsed: where the note tests start.
 */
export async function openSignedIn(browser: Browser, shotsDir: string, settings: Record<string, unknown>): Promise<EditorSession> {
  const session = await openEditor(browser, shotsDir, settings);
  const { wb } = session;
  await wb.command('Content Site: Sign In with Access Token…');
  await wb.answer('cs-demo-token');
  await wb.row('Notifications', 'Maya Lin commented on Morning pages').waitFor();
  await wb.expandPane('Following', false);
  await wb.expandPane('Trash', false);
  await wb.expandPane('Posts', false);
  return session;
}

/**
 * For afterEach: a failed step's screenshot, `FAILED-<its title>`, beside the run's others, and the
 * editor's logs (the extension's own channel, the extension host's, the window's) copied beside it,
 * so that a failure on a CI machine says what the extension did, not only what the page showed.
 */
export async function shotIfFailed(test: Mocha.Test | undefined, session: EditorSession | undefined): Promise<void> {
  if (test?.state !== 'failed' || !session) return;
  const name = `FAILED-${(test.title || 'step').slice(0, 40).replace(/[^a-z0-9]+/gi, '-')}`;
  await session.wb.shot(name).catch(() => undefined);
  try {
    const logs = join(session.shotsDir, `${name}-logs`);
    mkdirSync(logs, { recursive: true });
    for (const file of logFiles(session.demo.work.dir)) copyFileSync(file, join(logs, basename(file)));
  } catch {
    // The screenshot is what matters; logs are a help.
  }
}

/** The editor's log files under its run folder (code-server writes them under user-data/logs). */
function logFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.log'))
    .map((e) => join(e.parentPath, e.name));
}

/** For after: the editor (service and code-server) and the browser closed, whatever state they are in. */
export async function closeEditor(session: EditorSession | undefined, browser: Browser | undefined): Promise<void> {
  await session?.close();
  await browser?.close().catch(() => undefined);
}

/** The Sign In button of the signed-out welcome. */
export const signInButton = (wb: Workbench) =>
  wb.pane('Notifications').locator('.welcome-view-content a.monaco-button', { hasText: /^Sign In$/ });

/** Clicks Sign In, answers on the authorize page (screenshot `shot`), and hands back the page it lands on, still open. */
export async function answerInBrowser(
  s: Pick<EditorSession, 'context' | 'wb'>,
  button: 'approve' | 'deny',
  shotsDir: string,
  shot = `authorize-${button}`,
): Promise<Page> {
  const popup = s.context.waitForEvent('page');
  await signInButton(s.wb).click();
  const authorize = await popup;
  await authorize.locator(`#${button}`).waitFor();
  await authorize.screenshot({ path: join(shotsDir, `${shot}.png`) });
  s.wb.taken.push(join(shotsDir, `${shot}.png`));
  await authorize.locator(`#${button}`).click();
  await authorize.waitForURL(/\/callback/);
  return authorize;
}
