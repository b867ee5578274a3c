/**
 * Composition root: makes the services the features share (the log, the client, sign-in, the chosen
 * site, the load coordinator, the registries of lists and first pages), then lists the features in
 * order; each registers its own models, views and commands (src/features/). Nothing else happens here.
 */
import * as vscode from 'vscode';
import { registerAuth } from './auth';
import { ChosenSite } from './models/chosenSite';
import { LoadCoordinator } from './models/loadCoordinator';
import { SiteChanges } from './models/siteChanges';
import type { NoteActionsModel } from './models/noteActionsModel';
import { FirstPaint } from './views/common/firstPaint';
import { Lists } from './views/common/lists';
import { withViewProgress } from './views/common/viewProgress';
import { registerDetail } from './features/detail';
import type { Disposal } from './models/disposable';
import { registerFollowing } from './features/following';
import { registerInsights } from './features/insights';
import { registerMentions } from './features/mentions';
import { registerNotifications } from './features/notifications';
import { registerPosts } from './features/posts';
import { registerReader } from './features/reader';
import { registerRefresh } from './features/refresh';
import { clientFactory, ServiceClient } from './services/serviceClient';
import type { Shared } from './services/shared';
import { registerSignIn } from './features/signIn';
import { registerSite } from './features/site';
import { registerTrash } from './features/trash';

/** When this file's code had run (its imports first): for the in-host suite's activation figure. */
const evaluatedAt = performance.now();

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
  // First paint from the last session's first pages, before any request, once the stored session
  // is read: nothing here waits for that round trip to the editor (see FirstPaint).
  const firstPaint = own(
    new FirstPaint(
      context.globalState,
      () => {
        const s = auth.current();
        return s ? { userId: s.user.ID, baseUrl: client().baseUrl } : undefined;
      },
      site,
      auth.ready,
    ),
  );
  const shared: Shared = {
    log,
    client,
    auth,
    site,
    changes: own(new SiteChanges()),
    coordinator: own(new LoadCoordinator(client, withViewProgress)),
    lists: new Lists(),
    firstPaint,
    state: context.globalState,
    extensionUri: context.extensionUri,
    storageUri: context.globalStorageUri,
  };

  own(registerSignIn(shared));
  const chosen = own(registerSite(shared));
  const notifications = own(registerNotifications(shared));
  const following = own(registerFollowing(shared));
  const trash = own(registerTrash({ ...shared, selectSite: chosen.select }));
  const posts = own(registerPosts({ ...shared, selectSite: chosen.select }));
  const mentions = own(registerMentions(shared));
  const detail = own(registerDetail({ ...shared, notifications, mentions: mentions.source }));
  const reader = own(registerReader({ ...shared, detail: detail.panel }));
  own(registerInsights(shared));
  const { started } = own(registerRefresh({ ...shared, service }));
  noteActions = notifications.noteActions;

  /** For the in-host tests (`started`: the stored session read, and the views painted from it). */
  return {
    timing: { evaluatedAt, activateStarted, activateMs: performance.now() - activateStarted },
    started,
    auth,
    site,
    models: {
      notifications: notifications.model,
      following: following.model,
      trash: trash.model,
      posts: posts.model,
      reader: reader.model,
    },
    views: {
      notifications: notifications.provider,
      following: following.provider,
      trash: trash.provider,
      posts: posts.provider,
      reader: reader.provider,
    },
  };
}

export type ContentSiteApi = Awaited<ReturnType<typeof activate>>;

let noteActions: NoteActionsModel | undefined;

/** Spam and trash still in their undo window are sent now: closing the window does not lose them. */
export function deactivate(): Promise<void> | undefined {
  return noteActions?.flush();
}
