/**
 * Show Revisions… (a post file's title bar, the palette, a Source Control row): its work is
 * commands/showRevisions.ts; this gives it the extension's client and reporting, and its documents
 * (made with the first use, for the rest of the session).
 */
import type * as vscode from 'vscode';
import { reportFailure } from '../report';
import { SCHEMES } from '../ids';
import { SitePostDocuments } from '../views/posts/sitePostDocuments';
import { showRevisions } from './showRevisions';
import type { SiteFolderDeps } from './siteFolderDeps';

export function revisionsCommand(deps: SiteFolderDeps): vscode.Disposable & { run(uri?: vscode.Uri): Promise<void> } {
  let documents: SitePostDocuments | undefined;
  return {
    run: (uri) =>
      showRevisions(
        {
          client: deps.client,
          log: deps.log,
          report: (err, what) => reportFailure(deps, err, what),
          documents: (documents ??= new SitePostDocuments(SCHEMES.revision)),
        },
        uri,
      ),
    dispose: () => documents?.dispose(),
  };
}
