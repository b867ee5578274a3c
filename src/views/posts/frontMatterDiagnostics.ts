import * as vscode from 'vscode';
import { CONTEXT_KEYS } from '../../ids';
import { loadWriting } from '../../lazy/loadWriting';
import { isPostFile } from './imageDrop';

const DIAGNOSTIC_SOURCE = 'Content Site';
/** After the last keystroke: the problems follow the typing without checking on every key. */
const DEBOUNCE_MS = 300;

/**
 * The front matter's problems as diagnostics while a post file is open and typed in (the writing
 * module loads only for Markdown that starts with `---`), and the context key that puts Publish in
 * the editor's title bar.
 */
export class FrontMatterDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('content-site-front-matter');
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly subscriptions: vscode.Disposable[];

  constructor() {
    this.subscriptions = [
      vscode.workspace.onDidOpenTextDocument((d) => this.check(d)),
      vscode.workspace.onDidChangeTextDocument((e) => this.later(e.document)),
      vscode.workspace.onDidCloseTextDocument((d) => this.collection.delete(d.uri)),
      vscode.window.onDidChangeActiveTextEditor((e) => this.setContext(e?.document)),
    ];
    for (const d of vscode.workspace.textDocuments) this.check(d);
    this.setContext(vscode.window.activeTextEditor?.document);
  }

  private setContext(doc: vscode.TextDocument | undefined): void {
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.postFile, doc !== undefined && isPostFile(doc));
  }

  private later(doc: vscode.TextDocument): void {
    const key = doc.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        this.check(doc);
        if (doc === vscode.window.activeTextEditor?.document) this.setContext(doc);
      }, DEBOUNCE_MS),
    );
  }

  private async check(doc: vscode.TextDocument): Promise<void> {
    if (!isPostFile(doc)) {
      if (this.collection.has(doc.uri)) this.collection.delete(doc.uri);
      return;
    }
    const w = await loadWriting();
    const problems = w.parsePostFile(doc.getText()).problems;
    this.collection.set(
      doc.uri,
      problems.map((p) => {
        const d = new vscode.Diagnostic(
          new vscode.Range(p.line, p.column, p.endLine, p.endColumn),
          p.message,
          p.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning,
        );
        d.source = DIAGNOSTIC_SOURCE;
        return d;
      }),
    );
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    for (const s of this.subscriptions) s.dispose();
    this.collection.dispose();
  }
}
