/**
 * Composition root: creates the log, the api client, sign-in, the models, their views and the
 * commands, and wires them together. Nothing else happens here.
 */
import * as vscode from 'vscode';
import { ContentSiteClient } from './api';
import { registerAuth } from './auth';
import { signOutOnUnauthorized } from './auth/signOutOnUnauthorized';
import { registerCommands } from './commands';
import { apiBaseUrl, chosenSite, pageSizes, pollIntervalMs } from './config';
import { NotePoller } from './models/notePoller';
import { unreadStatusItem } from './views/notifications/unreadStatusItem';
import { MentionSource } from './models/mentionSource';
import { registerMentionCompletions } from './views/mentions/mentionCompletions';
import { FollowingModel } from './models/followingModel';
import { NotificationsModel } from './models/notificationsModel';
import { TrashModel } from './models/trashModel';
import { ReaderModel } from './models/readerModel';
import { ReaderProvider } from './views/reader/readerProvider';
import { FollowingProvider } from './views/following/followingProvider';
import { NotificationsProvider } from './views/notifications/notificationsProvider';
import { TrashProvider } from './views/trash/trashProvider';
import { DetailPanel } from './views/detail/detailPanel';
import { LoadCoordinator } from './views/common/loadCoordinator';
import { openExternal } from './commands/commandContext';

export async function activate(context: vscode.ExtensionContext) {
  const log = vscode.window.createOutputChannel('Content Site', { log: true });
  context.subscriptions.push(log);

  const onRequest = (e: { method: string; path: string; status?: number; ms: number; error?: string }) =>
    log.info(`${e.method} ${e.path} ${e.status ?? e.error ?? ''} ${e.ms} ms`);
  const createClient = (token?: string) => new ContentSiteClient({ baseUrl: apiBaseUrl(), token, onRequest });

  const auth = await registerAuth(context, { log, createClient });
  let client = new ContentSiteClient({ baseUrl: apiBaseUrl(), token: () => auth.getToken(), onRequest });
  const currentClient = () => client;

  const notificationsModel = new NotificationsModel({ client: currentClient, pageSize: pageSizes.notifications });
  const followingModel = new FollowingModel({ client: currentClient, pageSize: pageSizes.following });
  const trashModel = new TrashModel({ client: currentClient, pageSize: pageSizes.trash });
  const readerModel = new ReaderModel({ client: currentClient, pageSize: pageSizes.following });
  trashModel.setSite(chosenSite());
  void vscode.commands.executeCommand('setContext', 'contentSite.siteChosen', chosenSite() !== undefined);

  const notifications = new NotificationsProvider(notificationsModel);
  const following = new FollowingProvider(followingModel);
  const trash = new TrashProvider(trashModel);
  const reader = new ReaderProvider(readerModel);
  const providers = [notifications, following, trash, reader];
  const signedIn = () => auth.current() !== undefined;
  notifications.loader.gate = signedIn;
  following.loader.gate = signedIn;
  reader.loader.gate = signedIn;
  trash.loader.gate = () => signedIn() && trashModel.site !== undefined;
  const coordinator = new LoadCoordinator(currentClient);
  context.subscriptions.push(coordinator);
  for (const p of providers) p.loader.coordinator = coordinator;
  context.subscriptions.push(notifications, following, trash, reader, notificationsModel, followingModel, trashModel, readerModel);
  context.subscriptions.push(...signOutOnUnauthorized(auth, [notificationsModel, followingModel, trashModel]));

  const detail = new DetailPanel(context.extensionUri, openExternal);
  context.subscriptions.push(detail);

  context.subscriptions.push(
    ...registerCommands({
      auth,
      client: currentClient,
      log,
      notifications: { model: notificationsModel, provider: notifications },
      following: { model: followingModel, provider: following },
      trash: { model: trashModel, provider: trash },
      reader: { model: readerModel, provider: reader },
      detail,
      extensionUri: context.extensionUri,
    }),
  );

  context.subscriptions.push(
    auth.onDidChangeSession((session) => {
      for (const p of providers) p.reset();
      if (session) for (const p of providers) p.ensureLoaded();
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('contentSite.apiBaseUrl')) {
        void client.close();
        client = new ContentSiteClient({ baseUrl: apiBaseUrl(), token: () => auth.getToken(), onRequest });
        for (const p of providers) p.reset();
        for (const p of providers) p.ensureLoaded();
      }
      if (e.affectsConfiguration('contentSite.site')) {
        const site = chosenSite();
        void vscode.commands.executeCommand('setContext', 'contentSite.siteChosen', site !== undefined);
        if (site !== trashModel.site) {
          trashModel.setSite(site);
          trash.reset();
          trash.ensureLoaded();
        }
      }
    }),
    { dispose: () => void client.close() },
  );

  // Notifications refresh themselves while the window is focused, cheaply (see NotePoller).
  const poller = new NotePoller({
    client: currentClient,
    model: notificationsModel,
    intervalMs: pollIntervalMs,
    active: () => signedIn() && vscode.window.state.focused,
    log: (m) => log.debug(m),
  });
  poller.start();
  context.subscriptions.push(
    { dispose: () => poller.stop() },
    unreadStatusItem(notificationsModel),
    vscode.window.onDidChangeWindowState((state) => state.focused && poller.nudge()),
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('contentSite.notifications.pollInterval') && poller.start()),
  );

  // @mentions in Markdown and HTML, from the chosen site's writers.
  const mentions = new MentionSource({ client: currentClient, site: () => trashModel.site, signedIn, log: (m) => log.info(m) });
  context.subscriptions.push(registerMentionCompletions(mentions), auth.onDidChangeSession(() => mentions.reset()));

  if (auth.current()) for (const p of providers) p.ensureLoaded();

  /** For the in-host tests. */
  return { auth, models: { notifications: notificationsModel, following: followingModel, trash: trashModel }, views: { notifications, following, trash } };
}

export function deactivate(): void {}
