/**
 * The language model tools: the chat's agent reads and acts on the site through the same models
 * the views render. Each tool the manifest contributes (`languageModelTools`, written by
 * `npm run manifest` from src/tools/toolCatalog.ts) is registered here by its name; its work
 * (src/tools/tools.work.ts, with the catalog and its schemas) loads with the first call, so
 * activation carries only the names.
 */
import * as vscode from 'vscode';
import { Disposable } from '../models/disposable';
import type { Shared } from '../services/shared';
import type { ToolSources, ToolWork } from '../tools/tools.work';

/** The tool names a manifest contributes. */
export function contributedTools(packageJSON: unknown): string[] {
  const tools = (packageJSON as { contributes?: { languageModelTools?: Array<{ name?: unknown }> } }).contributes?.languageModelTools;
  return (tools ?? []).map((t) => t.name).filter((n): n is string => typeof n === 'string');
}

export class ToolsFeature extends Disposable {
  private work: Promise<ToolWork> | undefined;
  /** What the registered tools call (for the in-host tests: a confirmation as the tool gives it, a call without one). */
  readonly calls: {
    prepare(name: string, input: unknown): Promise<vscode.PreparedToolInvocation | undefined>;
    invoke(name: string, input: unknown): Promise<vscode.LanguageModelToolResult>;
  };

  /** `features`: the features whose models the tools act through. */
  constructor(shared: Shared, features: Omit<ToolSources, 'shared'>, names: readonly string[]) {
    super();
    // Made once; a work that did not load is loaded again at the next call.
    const load = () =>
      (this.work ??= import('../tools/tools.work').then(
        (m) => m.toolWork({ shared, ...features }),
        (err: unknown) => {
          this.work = undefined;
          throw err;
        },
      ));
    this.calls = {
      prepare: async (name, input) => (await load()).prepare(name, input),
      invoke: async (name, input) => (await load()).invoke(name, input),
    };
    for (const name of names)
      this.register(
        vscode.lm.registerTool<object>(name, {
          prepareInvocation: (options) => this.calls.prepare(name, options.input),
          invoke: (options) => this.calls.invoke(name, options.input),
        }),
      );
  }
}
