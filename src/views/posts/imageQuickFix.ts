import { basename, dirname } from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS } from '../../ids';
import { report } from '../../report';
import { WRITING_LIMITS } from '../../writing/limits';
import { DIAGNOSTIC_SOURCE, OUTSIDE_CODE } from './postFileDiagnostics';

/**
 * The Quick Fix of an image outside the workspace folder: the writer's explicit say to bring it in.
 * Its command copies the file next to the post (writing/imageCopy.ts: a regular file within the
 * upload limit, to a name nothing holds) and points the link at the copy; the next publish checks
 * the copy as it checks every image.
 */
export class ImageQuickFix implements vscode.CodeActionProvider, vscode.Disposable {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };
  private readonly command = vscode.commands.registerCommand(
    COMMANDS.posts.copyImageIn,
    (uri: vscode.Uri, range: vscode.Range, from: string) => this.copyIn(uri, range, from),
  );

  constructor(
    /** The file an outside image's diagnostic leads to, by document and range, when the range is its path as written. */
    private readonly targetOf: (doc: vscode.TextDocument, range: vscode.Range) => string | undefined,
    private readonly placeOf: (doc: vscode.TextDocument) => { fileDir: string; root: string | undefined },
  ) {}

  provideCodeActions(doc: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    if (this.placeOf(doc).root === undefined) return [];
    const out: vscode.CodeAction[] = [];
    for (const d of context.diagnostics) {
      if (d.source !== DIAGNOSTIC_SOURCE || d.code !== OUTSIDE_CODE) continue;
      const from = this.targetOf(doc, d.range);
      if (!from) continue;
      const action = new vscode.CodeAction(
        vscode.l10n.t('Copy {0} into the workspace, next to the post', basename(from)),
        vscode.CodeActionKind.QuickFix,
      );
      action.command = { command: COMMANDS.posts.copyImageIn, title: action.title, arguments: [doc.uri, d.range, from] };
      action.diagnostics = [d];
      action.isPreferred = true;
      out.push(action);
    }
    return out;
  }

  private async copyIn(uri: vscode.Uri, range: vscode.Range, from: string): Promise<void> {
    try {
      const w = await import('../../writing/index');
      const doc = await vscode.workspace.openTextDocument(uri);
      const name = await w.copyImageInto(from, dirname(uri.fsPath), WRITING_LIMITS.defaultUploadBytes);
      const edit = new vscode.WorkspaceEdit();
      edit.replace(doc.uri, range, name);
      await vscode.workspace.applyEdit(edit);
    } catch (err) {
      void report.error(vscode.l10n.t('The image was not copied: {0}', err instanceof Error ? err.message : String(err)));
    }
  }

  dispose(): void {
    this.command.dispose();
  }
}
