/**
 * Show Revisions… (a post file's title bar, the palette, a Source Control row): its work is
 * commands/showRevisions.ts; this gives it the extension's client and reporting, and its documents
 * (made with the first use, for the rest of the session).
 */
import type * as vscode from 'vscode';
import { reportFailure } from '../report';
import { RevisionDocuments, showRevisions } from './showRevisions';
import type { SiteFolderDeps } from './siteFolderDeps';

export function revisionsCommand(deps: SiteFolderDeps): vscode.Disposable & { run(uri?: vscode.Uri): Promise<void> } {
  let documents: RevisionDocuments | undefined;
  return {
    run: (uri) =>
      showRevisions(
        {
          client: deps.client,
          log: deps.log,
          report: (err, what) => reportFailure(deps, err, what),
          documents: (documents ??= new RevisionDocuments()),
        },
        uri,
      ),
    dispose: () => documents?.dispose(),
  };
}
