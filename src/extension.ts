/**
 * Composition root: creates the log, the api client, sign-in, the models, their views and the
 * commands, and wires them together. Nothing else happens here.
 */
import * as vscode from 'vscode';
import { ContentSiteClient } from './api';
import { registerAuth } from './auth';
import { signOutOnUnauthorized } from './auth/signOutOnUnauthorized';
import { registerCommands, type CommandContext } from './commands';
import { openExternal } from './commands/commandContext';
import { retryFailedViews } from './commands/refreshAll';
import { apiBaseUrl, pageSizes, pollIntervalMs, undoMs } from './config';
import { ChosenSite } from './models/chosenSite';
import { cachedItem } from './models/firstPageCache';
import { filterId } from './models/noteFilters';
import { FollowingModel } from './models/followingModel';
import { LoadCoordinator } from './models/loadCoordinator';
import { MentionSource } from './models/mentionSource';
import { NoteActionsModel } from './models/noteActionsModel';
import { NotePoller } from './models/notePoller';
import { NotificationsModel } from './models/notificationsModel';
import { ReaderModel } from './models/readerModel';
import { ReplyDrafts } from './models/replyDrafts';
import { SeenMarker } from './models/seenMarker';
import { TrashModel } from './models/trashModel';
import { bindFirstPages } from './views/common/firstPaint';
import { bindSiteSetting } from './views/common/siteSetting';
import { withViewProgress } from './views/common/viewProgress';
import { DetailPanel } from './views/detail/detailPanel';
import { FollowingProvider } from './views/following/followingProvider';
import { registerMentionCompletions } from './views/mentions/mentionCompletions';
import { NotificationsProvider } from './views/notifications/notificationsProvider';
import { unreadStatusItem } from './views/notifications/unreadStatusItem';
import { ReaderProvider } from './views/reader/readerProvider';
import { TrashProvider } from './views/trash/trashProvider';

/** When this file's code had run (its imports first): for the in-host suite's activation figure. */
const evaluatedAt = performance.now();

export async function activate(context: vscode.ExtensionContext) {
  const activateStarted = performance.now();
  const log = vscode.window.createOutputChannel('Content Site', { log: true });
  context.subscriptions.push(log);

  const onRequest = (e: { method: string; path: string; status?: number; ms: number; error?: string }) =>
    log.info(`${e.method} ${e.path} ${e.status ?? e.error ?? ''} ${e.ms} ms`);
  const createClient = (token?: string) => new ContentSiteClient({ baseUrl: apiBaseUrl(), token, onRequest });

  const auth = registerAuth(context, { log, createClient });
  let client = new ContentSiteClient({ baseUrl: apiBaseUrl(), token: () => auth.getToken(), onRequest });
  const currentClient = () => client;
  const signedIn = () => auth.current() !== undefined;

  const site = new ChosenSite();
  const siteSetting = bindSiteSetting(site, context.globalState);
  const notificationsModel = new NotificationsModel({ client: currentClient, pageSize: pageSizes.notifications });
  const followingModel = new FollowingModel({ client: currentClient, pageSize: pageSizes.following });
  const trashModel = new TrashModel({ client: currentClient, pageSize: pageSizes.trash, site });
  const readerModel = new ReaderModel({ client: currentClient, pageSize: pageSizes.following });

  const coordinator = new LoadCoordinator(currentClient, withViewProgress);
  const loader = { gate: signedIn, coordinator };
  const notifications = new NotificationsProvider(notificationsModel, loader);
  const following = new FollowingProvider(followingModel, loader);
  const trash = new TrashProvider(trashModel, site, { gate: () => signedIn() && site.site !== undefined, coordinator });
  const reader = new ReaderProvider(readerModel, loader);
  const providers = [notifications, following, trash, reader];
  context.subscriptions.push(
    coordinator,
    site,
    ...siteSetting.disposables,
    ...providers,
    notificationsModel,
    followingModel,
    trashModel,
    readerModel,
  );
  context.subscriptions.push(...signOutOnUnauthorized(auth, [notificationsModel, followingModel, trashModel, readerModel.featured]));

  // First paint from the last session's first pages, before any request, once the stored session
  // is read: nothing here waits for that round trip to the editor (see bindFirstPages).
  const firstPages = bindFirstPages(
    context.globalState,
    () => {
      const s = auth.current();
      return s ? { userId: s.user.ID, baseUrl: client.baseUrl } : undefined;
    },
    [
      {
        name: () => `notifications:${filterId(notificationsModel.filter)}`,
        list: notificationsModel.list,
        read: cachedItem.note,
        pageSize: pageSizes.notifications,
      },
      { name: () => 'following', list: followingModel.list, read: cachedItem.feedPost, pageSize: pageSizes.following },
      { name: () => `trash:${site.site ?? ''}`, list: trashModel.list, read: cachedItem.trashedPost, pageSize: pageSizes.trash },
      { name: () => 'featured', list: readerModel.featured, read: cachedItem.featuredPost, pageSize: pageSizes.following },
      { name: () => 'tags', list: readerModel.tags, read: cachedItem.tag, pageSize: () => 50 },
    ],
    site,
    auth.ready,
  );
  context.subscriptions.push(
    firstPages,
    auth.onDidChangeSession((session) => void (session ? undefined : firstPages.forget())),
  );

  const detail = new DetailPanel(context.extensionUri, openExternal);
  context.subscriptions.push(detail);

  // Acting on notes (approve, spam, trash with undo, like, follow, reply); see NoteActionsModel.
  noteActions = new NoteActionsModel({ notes: notificationsModel, client: currentClient, undoMs });
  const drafts = new ReplyDrafts(context.globalState, () => `${auth.current()?.user.ID ?? ''}@${client.baseUrl}`);
  // @mentions in Markdown, HTML and reply boxes, from the chosen (or the note's) site's writers.
  const mentions = new MentionSource({ client: currentClient, site: () => site.site, signedIn, log: (m) => log.info(m) });

  const ctx: CommandContext = {
    auth,
    client: currentClient,
    log,
    site,
    chooseSite: siteSetting.choose,
    recentSites: siteSetting.recent,
    notifications: { model: notificationsModel, provider: notifications },
    following: { model: followingModel, provider: following },
    trash: { model: trashModel, provider: trash },
    reader: { model: readerModel, provider: reader },
    detail,
    noteActions,
    drafts,
    mentions,
    extensionUri: context.extensionUri,
  };
  context.subscriptions.push(...registerCommands(ctx));

  let shownSite = site.site;
  const started = firstPages.seeded.then(() => {
    // Registered once the stored session is read: reading it is not a change of session.
    context.subscriptions.push(
      auth.onDidChangeSession((session) => {
        for (const p of providers) p.reset();
        if (session) for (const p of providers) p.ensureLoaded();
      }),
    );
    if (auth.current()) for (const p of providers) p.ensureLoaded();
  });
  context.subscriptions.push(
    site.onDidChange(() => {
      if (site.site === shownSite) return;
      shownSite = site.site;
      trash.reset();
      trash.ensureLoaded();
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration('contentSite.apiBaseUrl')) return;
      void client.close();
      client = new ContentSiteClient({ baseUrl: apiBaseUrl(), token: () => auth.getToken(), onRequest });
      for (const p of providers) p.reset();
      for (const p of providers) p.ensureLoaded();
    }),
    { dispose: () => void client.close() },
  );

  // Notifications refresh themselves while the window is focused, cheaply; failed views recover (see NotePoller).
  const poller = new NotePoller({
    client: currentClient,
    model: notificationsModel,
    intervalMs: pollIntervalMs,
    active: () => signedIn() && vscode.window.state.focused,
    failedView: () => providers.find((p) => p.loader.gateOpen && p.loader.passingFailure)?.loader.passingFailure,
    recover: () => retryFailedViews(ctx, true),
    log: (m) => log.debug(m),
  });
  poller.start();
  context.subscriptions.push(
    { dispose: () => poller.stop() },
    unreadStatusItem(notificationsModel),
    vscode.window.onDidChangeWindowState((state) => void (state.focused && poller.nudge())),
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('contentSite.notifications.pollInterval') && poller.start()),
  );

  context.subscriptions.push(
    registerMentionCompletions(mentions),
    auth.onDidChangeSession(() => mentions.reset()),
  );

  // The service's bell stops showing as new what the user saw here (see SeenMarker).
  const seen = new SeenMarker({
    client: currentClient,
    newest: () => notificationsModel.notes[0]?.timestamp,
    visible: () => signedIn() && notifications.view.visible,
    log: (m) => log.info(m),
  });
  context.subscriptions.push(
    notificationsModel.onDidChange(() => void seen.update()),
    notifications.view.onDidChangeVisibility(() => void seen.update()),
    auth.onDidChangeSession(() => seen.reset()),
  );

  /** For the in-host tests (`started`: the stored session read, and the views painted from it). */
  return {
    timing: { evaluatedAt, activateStarted, activateMs: performance.now() - activateStarted },
    started,
    auth,
    site,
    models: { notifications: notificationsModel, following: followingModel, trash: trashModel },
    views: { notifications, following, trash },
  };
}

export type ContentSiteApi = Awaited<ReturnType<typeof activate>>;

let noteActions: NoteActionsModel | undefined;

/** Spam and trash still in their undo window are sent now: closing the window does not lose them. */
export function deactivate(): Promise<void> | undefined {
  return noteActions?.flush();
}
