/** Shared by the in-host tests: one reference service, and the extension pointed at it. */
import * as vscode from 'vscode';
import type { ContentSiteApi } from '../../src/extension';
import { startService, type RunningService } from '../service';

export type ExtensionApi = ContentSiteApi;

export const EXTENSION_ID = 'contentsite.content-site';
let service: RunningService | undefined;
let api: ExtensionApi | undefined;

export async function setup(): Promise<{ svc: RunningService; api: ExtensionApi }> {
  if (!service) {
    service = await startService();
    const config = vscode.workspace.getConfiguration('contentSite');
    await config.update('apiBaseUrl', service.restUrl, vscode.ConfigurationTarget.Global);
    await config.update('oauth.authorizeUrl', `${service.url}/oauth2/authorize`, vscode.ConfigurationTarget.Global);
  }
  if (!api) {
    const ext = vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID);
    if (!ext) throw new Error(`${EXTENSION_ID} is not installed in this extension host.`);
    const started = Date.now();
    api = await ext.activate();
    // Measured, never asserted (timings belong in benchmarks); reported in the suite's output.
    console.log(`    activation in the extension host: ${Date.now() - started} ms`);
  }
  return { svc: service, api };
}

/** Settings a test changed, with their values before the first change (undefined: not set). */
const changed = new Map<string, unknown>();

/** Changes a user setting of contentSite for this test; restoreSettings() (in afterEach) puts it back. */
export async function setSetting(key: string, value: unknown): Promise<void> {
  const config = vscode.workspace.getConfiguration('contentSite');
  if (!changed.has(key)) changed.set(key, config.inspect(key)?.globalValue);
  await config.update(key, value, vscode.ConfigurationTarget.Global);
}

/** For afterEach: every setting changed by setSetting back as it was, even after a failed test. */
export async function restoreSettings(): Promise<void> {
  const config = vscode.workspace.getConfiguration('contentSite');
  for (const [key, value] of changed) await config.update(key, value, vscode.ConfigurationTarget.Global);
  changed.clear();
}

/** Leaves each test signed out with the seed data. */
export async function fresh(): Promise<{ svc: RunningService; api: ExtensionApi }> {
  const s = await setup();
  if (s.api.auth.current()) await s.api.auth.signOut();
  s.svc.reset();
  return s;
}

/** Polls `probe` (every 50 ms) until it gives a value; 20 s before failing leaves room for a loaded machine. */
export async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Every item under a provider's roots, depth first. */
export async function allItems(provider: vscode.TreeDataProvider<vscode.TreeItem>, parent?: vscode.TreeItem): Promise<vscode.TreeItem[]> {
  const children = (await provider.getChildren(parent)) ?? [];
  const out: vscode.TreeItem[] = [];
  for (const child of children) {
    out.push(child);
    if (child.collapsibleState !== vscode.TreeItemCollapsibleState.None && child.collapsibleState !== undefined) out.push(...(await allItems(provider, child)));
  }
  return out;
}

export const labelOf = (item: vscode.TreeItem): string => (typeof item.label === 'string' ? item.label : item.label?.label ?? '');
