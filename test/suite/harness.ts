/** Shared by the in-host tests: one reference service, and the extension pointed at it. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
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
    const started = performance.now();
    api = await ext.activate();
    const activationMs = performance.now() - started;
    await api.started;
    const startedMs = performance.now() - started;
    // Measured, never asserted (timings belong in benchmarks): in the suite's output, and in
    // artifacts/in-host/activation.json for the bench (scripts/bench/run.ts) to report.
    const { evaluatedAt, activateStarted, activateMs } = api.timing;
    // Up to the end of the bundle's evaluation: the host finding the extension and loading its code.
    const parts = { loadedMs: evaluatedAt - started, contextMs: activateStarted - evaluatedAt, activateMs };
    console.log(
      `    activation in the extension host: ${activationMs.toFixed(1)} ms: code found and loaded ${parts.loadedMs.toFixed(1)} ms, ` +
        `then the host's context ${parts.contextMs.toFixed(1)} ms, activate() ${activateMs.toFixed(1)} ms (stored session read and views started: ${startedMs.toFixed(1)} ms)`,
    );
    recordActivation(activationMs, parts, startedMs);
  }
  return { svc: service, api };
}

/** Writes the activation measured in this extension host where the bench reads it. */
function recordActivation(activationMs: number, parts: { loadedMs: number; contextMs: number; activateMs: number }, startedMs: number): void {
  const root = resolve(__dirname, '../../..'); // out/test/suite
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
  } catch {
    // not a git checkout: the file still says when it was measured
  }
  const build = readFileSync(resolve(root, 'dist/extension.js'), 'utf8').includes('\n//# sourceMappingURL=') ? 'development' : 'production';
  mkdirSync(resolve(root, 'artifacts/in-host'), { recursive: true });
  const record = { activationMs, ...parts, startedMs, measuredAt: new Date().toISOString(), commit, build };
  writeFileSync(resolve(root, 'artifacts/in-host/activation.json'), `${JSON.stringify(record, null, 2)}\n`);
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
