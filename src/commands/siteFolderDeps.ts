/** What site folders take of the services the features share (commands/siteFolders.ts, cloneSite.ts). */
import type * as vscode from 'vscode';
import type { ContentSiteClient } from '../api';
import type { ChosenSite } from '../models/chosenSite';
import type { SiteChanges } from '../models/siteChanges';
import type { SitePostDocuments } from '../views/posts/sitePostDocuments';
import type { CommandAuth } from './common';

export interface SiteFolderDeps {
  log: vscode.LogOutputChannel;
  client(): ContentSiteClient;
  auth: CommandAuth & { readonly ready: Promise<void> };
  site: ChosenSite;
  selectSite(): Promise<unknown>;
  /** The global state: the publish memory. */
  state: vscode.Memento;
  /** This workspace's state: the outbox (its folders' publishes; another window has its own). */
  workspaceState: vscode.Memento;
  /** Where the sync records and each folder's state are kept. */
  storageUri: vscode.Uri;
  changes: SiteChanges;
  /** The site's versions of posts, as read-only documents (the one provider: Publish's, Sync's, revisions'). */
  sitePosts: SitePostDocuments;
}
