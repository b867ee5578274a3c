import { dirname } from 'node:path';
import * as vscode from 'vscode';

/** The post file's folder, and the workspace folder that holds it (none for an untitled or outside file). */
export function placeOf(doc: vscode.TextDocument): { fileDir: string; root: string | undefined } {
  const folder = doc.uri.scheme === 'file' ? vscode.workspace.getWorkspaceFolder(doc.uri) : undefined;
  return { fileDir: doc.uri.scheme === 'file' ? dirname(doc.uri.fsPath) : '', root: folder?.uri.fsPath };
}
