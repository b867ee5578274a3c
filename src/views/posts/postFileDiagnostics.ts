import * as vscode from 'vscode';
import { CONTEXT_KEYS } from '../../ids';
import type { WritingModule } from '../../writing/writingModule';
import { Disposable } from '../../models/disposable';
import type { UploadRules } from '../../writing/imageFiles';
import { KeyedDebounce } from '../../models/keyedDebounce';
import { isPostFile } from './imageDrop';

export const DIAGNOSTIC_SOURCE = 'Content Site';
/** The code of an image that lies outside the workspace folder: its Quick Fix copies it in (imageQuickFix.ts). */
export const OUTSIDE_CODE = 'image-outside-workspace';
/** After the last keystroke: the front matter follows the typing without checking on every key. */
const DEBOUNCE_MS = 300;
/** The images are looked at on disk less often while typing, and only in files up to this size (else on save). */
const IMAGE_DEBOUNCE_MS = 1000;
const IMAGE_CHECK_WHILE_TYPING_CHARS = 200_000;

/** An image problem's diagnostic remembers which file the link leads to, and whether its range is the path as written (for the Quick Fix). */
export class ImageDiagnostic extends vscode.Diagnostic {
  constructor(
    range: vscode.Range,
    message: string,
    readonly target: string | undefined,
    readonly exact: boolean,
  ) {
    super(range, message, vscode.DiagnosticSeverity.Error);
  }
}

/**
 * A post file's problems as diagnostics while it is open and typed in (the writing module loads
 * only for Markdown that starts with `---`): its front matter's, and each local image that would not
 * be uploaded (outside the workspace folder, not an image by its bytes, too big, missing), on the
 * line that names it. Also the context key that puts Publish in the editor's title bar.
 */
export class PostFileDiagnostics extends Disposable implements vscode.Disposable {
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection('content-site-post-files'));
  private readonly typed = new KeyedDebounce(DEBOUNCE_MS);
  private readonly typedImages = new KeyedDebounce(IMAGE_DEBOUNCE_MS);
  /** The latest check of each document: an older one's answer is dropped. */
  private readonly runs = new Map<string, number>();

  constructor(
    /** The chosen site's upload rules as known now (no request): a publish checks again with the site's own. */
    private readonly rules: (w: WritingModule) => UploadRules,
    private readonly placeOf: (doc: vscode.TextDocument) => { fileDir: string; root: string | undefined },
  ) {
    super();
    this.registerAll([
      vscode.workspace.onDidOpenTextDocument((d) => void this.check(d, true)),
      vscode.workspace.onDidSaveTextDocument((d) => void this.check(d, true)),
      vscode.workspace.onDidChangeTextDocument((e) => this.later(e.document)),
      vscode.workspace.onDidCloseTextDocument((d) => this.forget(d)),
      vscode.window.onDidChangeActiveTextEditor((e) => this.setContext(e?.document)),
    ]);
    // Disposed of first: no check waiting to run once the subscriptions and the collection are gone.
    this.registerAll([this.typed, this.typedImages]);
    for (const d of vscode.workspace.textDocuments) void this.check(d, true);
    this.setContext(vscode.window.activeTextEditor?.document);
  }

  private setContext(doc: vscode.TextDocument | undefined): void {
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.postFile, doc !== undefined && isPostFile(doc));
  }

  private later(doc: vscode.TextDocument): void {
    const key = doc.uri.toString();
    this.typed.later(key, () => {
      void this.check(doc, false);
      if (doc === vscode.window.activeTextEditor?.document) this.setContext(doc);
    });
    if (doc.getText().length > IMAGE_CHECK_WHILE_TYPING_CHARS) return;
    this.typedImages.later(key, () => void this.check(doc, true));
  }

  private forget(doc: vscode.TextDocument): void {
    const key = doc.uri.toString();
    this.typed.cancel(key);
    this.typedImages.cancel(key);
    this.runs.delete(key);
    this.collection.delete(doc.uri);
  }

  /** The front matter's problems at once; with `images`, the images' too once the disk has answered. */
  private async check(doc: vscode.TextDocument, images: boolean): Promise<void> {
    if (!isPostFile(doc)) {
      if (this.collection.has(doc.uri)) this.collection.delete(doc.uri);
      return;
    }
    const key = doc.uri.toString();
    const run = (this.runs.get(key) ?? 0) + 1;
    this.runs.set(key, run);
    const w = await import('../../writing/index');
    const parsed = w.parsePostFile(doc.getText());
    const own = parsed.problems.map((p) => {
      const d = new vscode.Diagnostic(
        new vscode.Range(p.line, p.column, p.endLine, p.endColumn),
        p.message,
        p.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning,
      );
      d.source = DIAGNOSTIC_SOURCE;
      return d;
    });
    const kept = (this.collection.get(doc.uri) ?? []).filter((d) => d instanceof ImageDiagnostic);
    this.collection.set(doc.uri, [...own, ...(images ? [] : kept)]);
    if (!images) return;
    let imageProblems: vscode.Diagnostic[];
    try {
      imageProblems = await this.imageProblems(doc, w, parsed);
    } catch (err) {
      // Over a size limit: the body's own refusal, once, on the first line.
      const d = new vscode.Diagnostic(new vscode.Range(0, 0, 0, 3), err instanceof Error ? err.message : String(err));
      d.source = DIAGNOSTIC_SOURCE;
      imageProblems = [d];
    }
    if (this.runs.get(key) !== run) return;
    this.collection.set(doc.uri, [...own, ...imageProblems]);
  }

  private async imageProblems(
    doc: vscode.TextDocument,
    w: WritingModule,
    parsed: ReturnType<WritingModule['parsePostFile']>,
  ): Promise<vscode.Diagnostic[]> {
    const found = await w.imageProblems(doc.getText(), parsed, this.placeOf(doc), this.rules(w));
    return found.map((p) => {
      const d = new ImageDiagnostic(new vscode.Range(p.line, p.start, p.line, p.end), p.message, p.target, p.exact);
      d.source = DIAGNOSTIC_SOURCE;
      if (p.problem === 'outside') d.code = OUTSIDE_CODE;
      return d;
    });
  }

  /** The file an outside image's diagnostic at `range` leads to, when its range is the path as written. */
  targetAt(doc: vscode.TextDocument, range: vscode.Range): string | undefined {
    const d = this.collection.get(doc.uri)?.find((x) => x instanceof ImageDiagnostic && x.range.isEqual(range));
    return d instanceof ImageDiagnostic && d.exact ? d.target : undefined;
  }
}
