import { dirname } from 'node:path';
import * as vscode from 'vscode';

/** The post file, its folder, and the workspace folder that holds it (none for an untitled or outside file). */
export function placeOf(doc: vscode.TextDocument): { fileDir: string; root: string | undefined; file?: string } {
  const folder = doc.uri.scheme === 'file' ? vscode.workspace.getWorkspaceFolder(doc.uri) : undefined;
  if (doc.uri.scheme !== 'file') return { fileDir: '', root: undefined };
  return { fileDir: dirname(doc.uri.fsPath), root: folder?.uri.fsPath, file: doc.uri.fsPath };
}
