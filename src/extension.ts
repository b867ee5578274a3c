/**
 * Composition root: makes the services the features share (the log, the client, sign-in, the chosen
 * site and the way to choose one, the load coordinator, the registries of lists and first pages, the
 * detail panel, the mention source), then lists the features in order, each made with those
 * services; each registers its own models, views and commands (src/features/). Nothing else happens here.
 */
import * as vscode from 'vscode';
import { registerAuth, signedIn } from './auth';
import { openExternal } from './commands/common';
import { siteChooser } from './commands/selectSite';
import { CommentsFeature } from './features/comments';
import { FollowedSitesFeature } from './features/followedSites';
import { FollowingFeature } from './features/following';
import { InsightsFeature } from './features/insights';
import { listsOf } from './features/listFeature';
import { MentionsFeature } from './features/mentions';
import { NotificationsFeature } from './features/notifications';
import { PostsFeature } from './features/posts';
import { ReaderFeature } from './features/reader';
import { ReaderPostsFeature } from './features/readerPosts';
import { RefreshFeature } from './features/refresh';
import { SignInFeature } from './features/signIn';
import { SiteFeature } from './features/site';
import { SiteFolderFeature } from './features/siteFolder';
import { contributedTools, ToolsFeature } from './features/tools';
import { TrashFeature } from './features/trash';
import { ChosenSite } from './models/chosenSite';
import type { Disposal } from './models/disposable';
import { LoadCoordinator } from './models/loadCoordinator';
import { MentionSource } from './models/mentionSource';
import { SiteChanges } from './models/siteChanges';
import { clientFactory, ServiceClient } from './services/serviceClient';
import { PublishOutbox } from './commands/publishOutbox';
import { ReaderPosts } from './services/readerPosts';
import type { Shared } from './services/shared';
import { FirstPaint } from './views/common/firstPaint';
import { Lists } from './views/common/lists';
import { withViewProgress } from './views/common/viewProgress';
import { DetailWebview } from './views/detail/detailWebview';
import { SitePostDocuments } from './views/posts/sitePostDocuments';

export async function activate(context: vscode.ExtensionContext) {
  const activateStarted = performance.now();
  const own = <T extends Disposal>(part: T): T => {
    context.subscriptions.push(part);
    return part;
  };

  const log = own(vscode.window.createOutputChannel('Content Site', { log: true }));
  const createClient = clientFactory(log);
  const auth = registerAuth(context, { log, createClient });
  const service = own(new ServiceClient(createClient, () => auth.getToken()));
  const client = service.current;
  const site = own(new ChosenSite());
  const state = context.globalState;
  // First paint from the last session's first pages, before any request, once the stored session
  // is read: nothing here waits for that round trip to the editor (see FirstPaint).
  const firstPaint = own(
    new FirstPaint(
      state,
      () => {
        const s = auth.current();
        return s ? { userId: s.user.ID, baseUrl: client().baseUrl } : undefined;
      },
      site,
      auth.ready,
    ),
  );
  const changes = own(new SiteChanges());
  const shared: Shared = {
    log,
    client,
    onDidChangeClient: service.onDidChange,
    auth,
    site,
    selectSite: siteChooser({ client, site, auth, log, state }),
    changes,
    coordinator: own(new LoadCoordinator(client, withViewProgress)),
    lists: new Lists(),
    firstPaint,
    detail: own(new DetailWebview(context.extensionUri, openExternal, auth)),
    readerPosts: own(new ReaderPosts({ client, changes })),
    sitePosts: own(new SitePostDocuments()),
    outbox: new PublishOutbox(),
    mentions: new MentionSource({ client, site: () => site.site, signedIn: signedIn(auth), log: (m) => log.info(m) }),
    state,
    workspaceState: context.workspaceState,
    extensionUri: context.extensionUri,
    storageUri: context.globalStorageUri,
  };

  const features = {
    signIn: own(new SignInFeature(shared)),
    site: own(new SiteFeature(shared)),
    notifications: own(new NotificationsFeature(shared)),
    following: own(new FollowingFeature(shared)),
    followedSites: own(new FollowedSitesFeature(shared)),
    trash: own(new TrashFeature(shared)),
    posts: own(new PostsFeature(shared)),
    comments: own(new CommentsFeature(shared)),
    mentions: own(new MentionsFeature(shared)),
    reader: own(new ReaderFeature(shared)),
    readerPosts: own(new ReaderPostsFeature(shared)),
    insights: own(new InsightsFeature(shared)),
    siteFolder: own(new SiteFolderFeature(shared)),
    refresh: own(new RefreshFeature(shared)),
  };
  // The agent's tools act through the views' own models.
  const tools = own(new ToolsFeature(shared, features, contributedTools(context.extension.packageJSON)));
  running = Object.values(features);

  /** For the in-host tests (`started`: the stored session read, and the views painted from it). */
  return {
    timing: { activateMs: performance.now() - activateStarted },
    started: features.refresh.started,
    auth,
    site,
    tools: tools.calls,
    ...listsOf(features),
  };
}

export type ContentSiteApi = Awaited<ReturnType<typeof activate>>;

/** The features made by activate, for deactivate. */
let running: readonly object[] = [];

/** What a feature has to finish before the extension stops (NotificationsFeature: spam and trash still in their undo window are sent). */
const finishing = (f: object): f is { deactivate(): Promise<void> } => typeof (f as { deactivate?: unknown }).deactivate === 'function';

/** Each feature's unfinished work is done now: closing the window does not lose it. */
export function deactivate(): Promise<void> | undefined {
  const work = running.filter(finishing).map((f) => f.deactivate());
  return work.length > 0 ? Promise.all(work).then(() => undefined) : undefined;
}
