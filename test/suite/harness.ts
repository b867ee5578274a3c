/** Shared by the in-host tests: one reference service, and the extension pointed at it. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { ContentSiteApi } from '../../src/extension';
import { SECTION, SETTINGS, type Setting } from '../../src/settings';
import { startService, type RunningService } from '../service';

/** What package.json's main (src/extension.ts) answers: the extension's API. */
export type ExtensionApi = ContentSiteApi;

export const EXTENSION_ID = 'contentsite.content-site';
let service: RunningService | undefined;
let api: ExtensionApi | undefined;

export async function setup(): Promise<{ svc: RunningService; api: ExtensionApi }> {
  if (!service) {
    service = await startService();
    const config = vscode.workspace.getConfiguration(SECTION);
    await config.update(SETTINGS.apiBaseUrl.key, service.restUrl, vscode.ConfigurationTarget.Global);
    await config.update(SETTINGS.authorizeUrl.key, `${service.url}/oauth2/authorize`, vscode.ConfigurationTarget.Global);
  }
  if (!api) {
    const ext = vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID);
    if (!ext) throw new Error(`${EXTENSION_ID} is not installed in this extension host.`);
    const started = performance.now();
    api = await ext.activate();
    const fromCallMs = performance.now() - started;
    await api.started;
    const startedMs = performance.now() - started;
    // Measured, never asserted (timings belong in benchmarks): in the suite's output, and in
    // artifacts/in-host/activation.json for the bench (scripts/bench/run.ts) to report.
    const { activateMs } = api.timing;
    // From the call: the host (finding the extension, loading dist/extension.mjs and the chunks it
    // imports, making its context), then its activate().
    const fromCall = { ms: fromCallMs, hostMs: fromCallMs - activateMs, activateMs };
    const host = hostActivationTimes(EXTENSION_ID);
    const record: ActivationRecord = host
      ? { activationMs: host.codeLoadingMs + host.activateCallMs, definition: 'vscode', vscode: host, fromCall, startedMs }
      : { activationMs: fromCallMs, definition: 'from-call', vscode: null, fromCall, startedMs };
    console.log(
      host
        ? `    activation in the extension host, as VS Code reports it (code loading + activate call, from its performance marks): ${record.activationMs} ms = ${host.codeLoadingMs} + ${host.activateCallMs} ms`
        : "    activation in the extension host: this build of VS Code left no code/extHost/*ExtensionCode marks, so the figure below (from the test's ext.activate() call) stands in",
    );
    console.log(
      `    from the test's ext.activate() call to its return: ${fromCallMs.toFixed(1)} ms: the host (with loading the main file) ${fromCall.hostMs.toFixed(1)} ms, ` +
        `activate() ${activateMs.toFixed(1)} ms (stored session read and views started: ${startedMs.toFixed(1)} ms)`,
    );
    recordActivation(record);
  }
  return { svc: service, api };
}

/**
 * What artifacts/in-host/activation.json holds (scripts/bench/run.ts reads it). `activationMs` is
 * VS Code's own figure (`definition: 'vscode'`) when the host left its marks, else the from-call
 * figure (`definition: 'from-call'`).
 */
export interface ActivationRecord {
  activationMs: number;
  definition: 'vscode' | 'from-call';
  /** VS Code's parts, whole milliseconds (its marks are Date.now()). */
  vscode: { codeLoadingMs: number; activateCallMs: number } | null;
  /**
   * From the test's ext.activate() call to its return, and its parts: the host's (finding the
   * extension, loading dist/extension.mjs with the chunks it imports, making its context) and activate().
   */
  fromCall: { ms: number; hostMs: number; activateMs: number };
  startedMs: number;
}

/**
 * The extension's activation as VS Code's Running Extensions view shows it ("Activation:
 * codeLoadingTime + activateCallTime"), from the marks the extension host puts into
 * globalThis.MonacoPerformanceMarks around loading the code (`require`) and around calling
 * activate(); these tests run in that same process. The host's own codeLoadingTime also holds the
 * loading of the extension's l10n bundle, which this extension has none of (no `l10n` in
 * package.json); the activate marks also hold the settling of activate()'s promise, which here is
 * immediate (nothing in activate() awaits). Undefined when this build of VS Code leaves no such marks.
 */
function hostActivationTimes(id: string): { codeLoadingMs: number; activateCallMs: number } | undefined {
  const perf = (globalThis as { MonacoPerformanceMarks?: { getMarks(): Array<{ name: string; startTime: number }> } })
    .MonacoPerformanceMarks;
  const marks = perf?.getMarks() ?? [];
  const at = (what: string) => marks.find((m) => m.name.toLowerCase() === `code/exthost/${what}/${id}`.toLowerCase())?.startTime;
  const [willLoad, didLoad, willActivate, didActivate] = [
    'willLoadExtensionCode',
    'didLoadExtensionCode',
    'willActivateExtension',
    'didActivateExtension',
  ].map(at);
  if (willLoad === undefined || didLoad === undefined || willActivate === undefined || didActivate === undefined) return undefined;
  return { codeLoadingMs: didLoad - willLoad, activateCallMs: didActivate - willActivate };
}

/** Writes the activation measured in this extension host where the bench reads it. */
function recordActivation(measured: ActivationRecord): void {
  const root = resolve(__dirname, '../../..'); // out/test/suite
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
  } catch {
    // not a git checkout: the file still says when it was measured
  }
  const build = readFileSync(resolve(root, 'dist/extension.mjs'), 'utf8').includes('\n//# sourceMappingURL=')
    ? 'development'
    : 'production';
  mkdirSync(resolve(root, 'artifacts/in-host'), { recursive: true });
  const record = { ...measured, measuredAt: new Date().toISOString(), commit, build };
  writeFileSync(resolve(root, 'artifacts/in-host/activation.json'), `${JSON.stringify(record, null, 2)}\n`);
}

/** Settings a test changed, with their values before the first change (undefined: not set). */
const changed = new Map<string, unknown>();

/** Changes a user setting of contentSite for this test; restoreSettings() (in afterEach) puts it back. */
export async function setSetting(setting: Setting, value: unknown): Promise<void> {
  const config = vscode.workspace.getConfiguration(SECTION);
  const { key } = setting;
  if (!changed.has(key)) changed.set(key, config.inspect(key)?.globalValue);
  await config.update(key, value, vscode.ConfigurationTarget.Global);
}

/** For afterEach: every setting changed by setSetting back as it was, even after a failed test. */
export async function restoreSettings(): Promise<void> {
  const config = vscode.workspace.getConfiguration(SECTION);
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
    if (child.collapsibleState !== vscode.TreeItemCollapsibleState.None && child.collapsibleState !== undefined)
      out.push(...(await allItems(provider, child)));
  }
  return out;
}

export const labelOf = (item: vscode.TreeItem): string => (typeof item.label === 'string' ? item.label : (item.label?.label ?? ''));

/**
 * The messages the extension shows while this is on, with the button a test picks for each
 * (`answer`; none: the message is closed; 'unanswered': left open). The extension host gives this suite and the extension
 * one API object, so its window's message functions are swapped here and put back by `restore`.
 */
export function captureMessages(answer: (message: string, buttons: string[]) => string | undefined | 'unanswered' = () => undefined): {
  seen: string[];
  restore(): void;
} {
  const seen: string[] = [];
  const win = vscode.window as unknown as Record<string, unknown>;
  const names = ['showInformationMessage', 'showWarningMessage', 'showErrorMessage'] as const;
  const originals = names.map((n) => win[n]);
  for (const n of names)
    win[n] = (message: string, ...rest: unknown[]) => {
      seen.push(message);
      const buttons = rest.filter((r): r is string => typeof r === 'string');
      const pick = answer(message, buttons);
      // 'unanswered': the writer leaves the message open (it never settles).
      return pick === 'unanswered' ? new Promise(() => undefined) : Promise.resolve(pick);
    };
  return {
    seen,
    restore: () => names.forEach((n, i) => (win[n] = originals[i])),
  };
}
