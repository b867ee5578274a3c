/** What the features share: the services extension.ts makes once. */
import type * as vscode from 'vscode';
import type { ContentSiteClient } from '../api';
import type { AuthService } from '../auth';
import type { ChosenSite } from '../models/chosenSite';
import type { SiteChanges } from '../models/siteChanges';
import type { LoadCoordinator } from '../models/loadCoordinator';
import type { FirstPaint } from '../views/common/firstPaint';
import type { Lists } from '../views/common/lists';

/** The services extension.ts makes once; each feature takes the ones it uses (a Pick of these). */
export interface Shared {
  log: vscode.LogOutputChannel;
  /** The service's client; made again when the API address changes, so ask for it at each use. */
  client: () => ContentSiteClient;
  auth: AuthService;
  /** The site the trash, mentions and site commands are about. */
  site: ChosenSite;
  /** What became of the site's posts, told by whoever changed them; every list that shows them follows. */
  changes: SiteChanges;
  /** Views that load at the same moment load in one batch. */
  coordinator: LoadCoordinator;
  /** Every list view, each added by its feature. */
  lists: Lists;
  /** The last session's first pages, each list's added by its feature. */
  firstPaint: FirstPaint;
  /** The extension's global state (recent sites, reply drafts). */
  state: vscode.Memento;
  /** Where the extension's files are (media/ for the webviews). */
  extensionUri: vscode.Uri;
  /** The extension's own folder for larger state (what each post file and the site last agreed on). */
  storageUri: vscode.Uri;
}
