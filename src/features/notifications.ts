/**
 * Notifications: the list and its view, the unread count in the status bar, its commands (the list,
 * a note shown in the detail panel, marking read, acting on notes, the keys), acting on notes with
 * the reply drafts, the poller that keeps the list fresh, the seen marker, and its first page for
 * the next start; on deactivation, the removals still in their undo window are sent.
 */
import * as vscode from 'vscode';
import { registerMarkNotes } from '../commands/markNotes';
import { registerNoteActions } from '../commands/noteActions';
import { registerKeyboardShortcuts } from '../commands/noteActionsKeys';
import { registerNotificationListCommands } from '../commands/notificationListCommands';
import { registerShowNote } from '../commands/showNote';
import { retryFailedViews } from '../commands/refreshAll';
import { newNoteAlert, onDidChangeSetting, pageSizes, pollIntervalMs, undoMs } from '../config';
import { COMMANDS, VIEWS } from '../ids';
import { report } from '../report';
import type { LiveSession } from '../models/liveSession';
import { NewNoteTeller } from '../models/newNoteAlert';
import { untilChanged } from '../models/emitter';
import { watchForWake } from '../models/wakeWatch';
import { cachedItem } from '../models/firstPageCache';
import { NoteActionsModel } from '../models/noteActionsModel';
import { filterId } from '../models/noteFilters';
import { watchNoteComments } from '../models/noteCommentWatch';
import { NotePoller } from '../models/notePoller';
import { NotificationsModel } from '../models/notificationsModel';
import { ReplyDrafts } from '../models/replyDrafts';
import { SeenMarker } from '../models/seenMarker';
import { SETTINGS } from '../settings';
import { NotificationsProvider } from '../views/notifications/notificationsProvider';
import { unreadStatusItem, type UnreadStatusItem } from '../views/notifications/unreadStatusItem';
import { ListFeature, type ListFeatureDeps } from './listFeature';
import { signedIn } from '../auth';
import type { Shared } from '../services/shared';

export type NotificationsDeps = ListFeatureDeps & Pick<Shared, 'log' | 'client' | 'state' | 'detail' | 'mentions' | 'changes'>;

export class NotificationsFeature extends ListFeature<NotificationsModel, NotificationsProvider> {
  /** Acting on notes (approve, spam, trash with undo, like, follow, reply; the agent's tools too); see NoteActionsModel. */
  readonly noteActions: NoteActionsModel;

  constructor(deps: NotificationsDeps) {
    const { log, client, auth } = deps;
    super(deps, {
      commands: COMMANDS.notifications,
      model: new NotificationsModel({ client, pageSize: pageSizes.notifications }),
      provider: (model, loader) => new NotificationsProvider(model, loader),
      watched: (model) => [model],
      pages: (model) => [
        {
          name: () => `notifications:${filterId(model.filter)}`,
          list: model.list,
          read: cachedItem.note,
          pageSize: pageSizes.notifications,
        },
      ],
    });
    const { model, provider } = this;
    const status = this.register(unreadStatusItem(model));

    const noteActions = this.register(new NoteActionsModel({ notes: model, client, undoMs, changes: deps.changes }));
    const drafts = new ReplyDrafts(deps.state, () => `${auth.current()?.user.ID ?? ''}@${client().baseUrl}`);
    this.noteActions = noteActions;
    this.registerAll([
      ...registerNotificationListCommands({ model, provider, auth }),
      ...registerShowNote({ detail: deps.detail, notes: model, noteActions, drafts, mentions: deps.mentions, log, auth }),
      ...registerMarkNotes({ model, provider, log, auth }),
      ...registerNoteActions({ noteActions, notifications: { model, provider }, log, drafts, auth }),
      ...registerKeyboardShortcuts(),
    ]);

    const poller = this.poll(deps);
    this.live(deps, poller, status);
    this.tellNew(deps);
    this.markSeen(deps);
    // What the notes say of their comments (a new one, one moderated elsewhere): the Comments view follows.
    this.register(watchNoteComments(model.list, (change) => deps.changes.comment(change)));
    // A comment moderated in another view (the Comments view): the notes about it are read again.
    this.register(
      deps.changes.onComment((change) => {
        if (!change.from || change.from === noteActions) return;
        model.rereadAbout(change).catch((err: unknown) => log.warn(`Notes about comment ${change.id} not read again: ${String(err)}`));
      }),
    );
  }

  /** Spam and trash still in their undo window are sent now (the extension's deactivate): closing the window does not lose them. */
  deactivate(): Promise<void> {
    return this.noteActions.flush();
  }

  /** The list refreshes itself while the window is focused, cheaply; failed views recover (see NotePoller). */
  private poll({ client, auth, lists, log }: NotificationsDeps): NotePoller {
    const isSignedIn = signedIn(auth);
    const poller = new NotePoller({
      client,
      model: this.model,
      intervalMs: pollIntervalMs,
      active: () => isSignedIn() && vscode.window.state.focused,
      failedView: () => lists.all.find((p) => p.loader.gateOpen && p.loader.passingFailure)?.loader.passingFailure,
      recover: () => retryFailedViews({ lists }, true),
      log: (m) => log.debug(m),
    });
    poller.start();
    this.register({ dispose: () => poller.stop() });
    this.register(vscode.window.onDidChangeWindowState((state) => void (state.focused && poller.nudge())));
    this.register(onDidChangeSetting(SETTINGS.pollInterval, () => poller.start()));
    return poller;
  }

  /**
   * New notes as they happen: one push-channel socket while signed in (see LiveSession, loaded from
   * its own chunk when it first starts); while it is up the poller stands down, while it is down (or
   * before it started) the poll runs. The view says which; a machine that slept reconnects at once; a
   * 401/403 on the upgrade that the REST API confirms goes down the usual re-sign-in path, once.
   */
  private live({ client, auth, log }: NotificationsDeps, poller: NotePoller, status: UnreadStatusItem): void {
    let session: LiveSession | undefined;
    // The view says it in a word, the status bar item's hover in full; until the session starts, the poll runs.
    const show = () => {
      const state = auth.current()
        ? { mode: session?.mode ?? ('polling' as const), retryAt: session?.retryAt, failure: session?.lastFailure }
        : undefined;
      this.provider.showLive(state);
      status.showLive(state);
    };
    let made: Promise<LiveSession | undefined> | undefined;
    const make = () =>
      (made ??= import('../models/liveSession').then(
        ({ LiveSession }) => {
          if (this.isDisposed) return undefined;
          session = this.register(
            new LiveSession({
              client,
              model: this.model,
              poller,
              // Told only when the REST API refused the sign-in too (a proxy refusing the upgrade alone signs no one out).
              onUnauthorized: (status) => {
                log.warn(`Push channel refused the sign-in (HTTP ${status}), and so did the REST API.`);
                void auth.handleUnauthorized();
              },
              log: (m) => log.debug(m),
              warn: (m) => log.warn(m),
            }),
          );
          this.register(session.onDidChange(show));
          return session;
        },
        (err: unknown) => {
          log.error(`Live notes could not load; the list is polled instead: ${err instanceof Error ? err.message : String(err)}`);
          return undefined;
        },
      ));
    // Signed in: the socket opens once the list has had its first load (its connect reads the first
    // page again, which would race the view's own first load); signed out: it closes.
    const follow = () => {
      if (!auth.current()) return session?.stop();
      void settled(this.model)
        .then(make)
        .then((s) => auth.current() && s?.start());
    };
    void auth.ready.then(follow);
    this.register(auth.onDidChangeSession(follow));
    this.register(
      onDidChangeSetting(SETTINGS.apiBaseUrl, () => {
        session?.stop();
        follow();
      }),
    );
    this.register(watchForWake(() => session?.wake()));
    this.register(auth.onDidChangeSession(show));
    show();
  }

  /**
   * "Notify me of new notes": a message for each new note the setting picks, however it arrived
   * (pushed, or found by a poll or the re-read after a reconnect while the channel was down), once.
   */
  private tellNew({ auth }: NotificationsDeps): void {
    const teller = new NewNoteTeller({
      setting: newNoteAlert,
      me: () => auth.current()?.user.ID,
      tell: (told) => {
        const open = vscode.l10n.t('Open');
        const text = told.length === 1 ? told[0].subjectText : vscode.l10n.t('{0} new notifications', told.length);
        void report.info(text, open).then((pick) => {
          if (pick !== open) return;
          if (told.length === 1) void vscode.commands.executeCommand(COMMANDS.notifications.show, told[0].id);
          else void vscode.commands.executeCommand(`${VIEWS.notifications}.focus`);
        });
      },
    });
    this.register(this.model.onDidArrive((notes) => teller.arrived(notes)));
    this.register(auth.onDidChangeSession(() => teller.reset()));
  }

  /** The service's bell stops showing as new what the user saw here (see SeenMarker). */
  private markSeen({ client, auth, log }: NotificationsDeps): void {
    const isSignedIn = signedIn(auth);
    const seen = new SeenMarker({
      client,
      newest: () => this.model.notes[0]?.timestamp,
      visible: () => isSignedIn() && this.provider.view.visible,
      log: (m) => log.info(m),
    });
    this.register(this.model.onDidChange(() => void seen.update()));
    this.register(this.provider.view.onDidChangeVisibility(() => void seen.update()));
    this.register(auth.onDidChangeSession(() => seen.reset()));
  }
}

/** Resolves once the list is neither idle nor loading (its first load answered, or failed). */
function settled(model: NotificationsModel): Promise<void> {
  return untilChanged(model, () => model.state.kind !== 'idle' && model.state.kind !== 'loading');
}
