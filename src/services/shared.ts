/** What the features share: the services extension.ts makes once. */
import type * as vscode from 'vscode';
import type { ContentSiteClient, Site } from '../api';
import type { AuthService } from '../auth';
import type { ChosenSite } from '../models/chosenSite';
import type { MentionSource } from '../models/mentionSource';
import type { ReaderPosts } from './readerPosts';
import type { SiteChanges } from '../models/siteChanges';
import type { LoadCoordinator } from '../models/loadCoordinator';
import type { DetailWebview } from '../views/detail/detailWebview';
import type { FirstPaint } from '../views/common/firstPaint';
import type { Lists } from '../views/common/lists';
import type { PublishOutbox } from '../commands/publishOutbox';
import type { ServiceClient } from './serviceClient';
import type { SitePostDocuments } from '../views/posts/sitePostDocuments';

/**
 * The services extension.ts makes once; every feature is made with all of them and takes the ones
 * it uses (its deps type is a Pick of these). What one feature offers another is a service here.
 */
export interface Shared {
  log: vscode.LogOutputChannel;
  /** The service's client; made again when the API address changes, so ask for it at each use. */
  client: () => ContentSiteClient;
  /** Fires after the API address changed (the client is new). */
  onDidChangeClient: ServiceClient['onDidChange'];
  auth: AuthService;
  /** The site the trash, mentions and site commands are about. */
  site: ChosenSite;
  /** Asks the user for a site and remembers it; undefined when they gave up (Select Site, and whatever needs a site when none is chosen). */
  selectSite(): Promise<{ site: string; info: Site } | undefined>;
  /** What became of the site's posts, told by whoever changed them; every list that shows them follows. */
  changes: SiteChanges;
  /** Views that load at the same moment load in one batch. */
  coordinator: LoadCoordinator;
  /** Every list view, each added by its feature. */
  lists: Lists;
  /** The last session's first pages, each list's added by its feature. */
  firstPaint: FirstPaint;
  /** The one panel notes and posts show in. */
  detail: DetailWebview;
  /** Acting on Reader posts (like, seen, follow…), over Following's and the Reader's lists, each added by its feature. */
  readerPosts: ReaderPosts;
  /** The site's versions of posts as read-only documents beside a post file (a conflict's, a revision's, a held publish's). */
  sitePosts: SitePostDocuments;
  /** Where a post file's Publish that could not reach the service waits (its site folder's outbox). */
  outbox: PublishOutbox;
  /** The one source of @mention suggestions (its cache and refusals shared by Markdown and the reply boxes). */
  mentions: MentionSource;
  /** The extension's global state (recent sites, reply drafts). */
  state: vscode.Memento;
  /** This workspace's state (the outbox of its site folders). */
  workspaceState: vscode.Memento;
  /** Where the extension's files are (media/ for the webviews). */
  extensionUri: vscode.Uri;
  /** The extension's own folder for larger state (what each post file and the site last agreed on). */
  storageUri: vscode.Uri;
}
