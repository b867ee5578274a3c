/**
 * The work of the note-action commands (in a chunk of its own, loaded with the first of them;
 * noteActions.ts registers them): toggles (optimistic), removals (hidden at once, sent after the
 * undo window), undo, reply, the link actions. Each is given the command's (row or note id,
 * selection) and finds the notes itself; they call the note-actions model and say the outcome.
 */
import * as vscode from 'vscode';
import { localized } from '../localize';
import type { Comment } from '../api';
import { ContentSiteError } from '../api/errors';
import { noteActions } from '../api/noteActions';
import type { CatalogEntry } from '../models/noteActionCatalog';
import type { ActReport } from '../models/noteActionsModel';
import type { MarkAllReport, NotificationsModel } from '../models/notificationsModel';
import type { NotificationsProvider } from '../views/notifications/notificationsProvider';
import { openExternal, requireSignIn, type CommandAuth } from './common';
import { report, reportFailure } from '../report';
import type { NoteActionsDeps } from './noteActionsDeps';
import type { NoteArg } from './noteTargets';
import { offerUndo } from './undoMessage';

/**
 * The note commands' deps, and the notes a command acts on (noteTargets, run in the main file: its
 * rows are the main file's classes, which a copy here would not recognise).
 */
export type NoteWorkDeps = NoteActionsDeps & { targets(clicked?: NoteArg, selected?: readonly vscode.TreeItem[]): number[] };

/** An action's name in messages; toggles named for the way they go. */
const actionName = (e: CatalogEntry, on = true): string => localized(on ? e.labels.on : e.labels.off);

/** A key pressed on a note that does not offer the action: said quietly, in the status bar. */
function notOffered(ctx: NoteWorkDeps, e: CatalogEntry, count: number): void {
  const what = actionName(e);
  ctx.log.info(`${e.id}: not offered on the ${count} note(s) chosen.`);
  vscode.window.setStatusBarMessage(
    count === 1
      ? vscode.l10n.t('{0} is not offered on this notification.', what)
      : vscode.l10n.t('{0} is not offered on any of the selected notifications.', what),
    5000,
  );
}

/** The notes chosen, when signed in (else nothing: requireSignIn said why). */
function chosen(ctx: NoteWorkDeps, clicked?: NoteArg, selected?: readonly vscode.TreeItem[]): number[] {
  const ids = ctx.targets(clicked, selected);
  if (ids.length === 0) ctx.log.info(`no notification chosen (given ${clicked === null ? 'null' : typeof clicked}).`);
  return ids.length > 0 && requireSignIn(ctx) ? ids : [];
}

/**
 * A toggle on every chosen note that offers it; `on` defaults to the opposite of the first such
 * note (the clicked or focused one), so pressing again reverses. Success says nothing (the rows
 * change); a refusal says why (the notes are back as the service has them).
 */
export async function toggle(
  ctx: NoteWorkDeps,
  e: CatalogEntry,
  on: boolean | undefined,
  clicked?: NoteArg,
  selected?: readonly vscode.TreeItem[],
) {
  const ids = chosen(ctx, clicked, selected);
  if (ids.length === 0) return;
  if (ctx.noteActions.offering(ids, e.id).length === 0) return notOffered(ctx, e, ids.length);
  const outcome = await ctx.noteActions.toggle(ids, e.id, on);
  logReport(ctx, outcome);
  if (outcome.error) await reportFailure(ctx, outcome.error, actionName(e, outcome.on));
}

function logReport(ctx: NoteWorkDeps, r: ActReport): void {
  ctx.log.info(
    `${r.action} ${r.on ? 'on' : 'off'}: ${r.acted.length} confirmed${r.failed.length ? `, ${r.failed.length} refused or unconfirmed (${r.error?.code ?? r.error?.kind ?? 'no answer'})` : ''}.`,
  );
}

/**
 * A removal: the notes go at once and the message offers Undo; the model sends the request when
 * its window ends. Undo inside the window brings them back and sends nothing; after it, says so.
 */
export function remove(ctx: NoteWorkDeps, e: CatalogEntry, clicked?: NoteArg, selected?: readonly vscode.TreeItem[]): void {
  const ids = chosen(ctx, clicked, selected);
  if (ids.length === 0) return;
  const pending = ctx.noteActions.remove(ids, e.id);
  if (!pending) return notOffered(ctx, e, ids.length);
  const n = pending.ids.length;
  ctx.log.info(`${e.id}: ${n} note(s) hidden; sent when the undo window ends.`);
  const sentence = n === 1 ? localized(e.removed!.one) : localized(e.removed!.many, n);
  void offerUndo(pending, sentence);
  void pending.done.then((outcome) => {
    logReport(ctx, outcome);
    if (outcome.failed.length === 0) return;
    if (outcome.error) return reportFailure(ctx, outcome.error, actionName(e));
    void report.warn(localized(e.removed!.failed, outcome.failed.length));
  });
}

/** Undo (u, or the detail view's with a note id): the removal of that note, else the latest. */
export function undo(ctx: NoteWorkDeps, clicked?: NoteArg): void {
  const result = ctx.noteActions.undo(typeof clicked === 'number' ? clicked : undefined);
  if (result !== 'undone') vscode.window.setStatusBarMessage(vscode.l10n.t('Nothing to undo.'), 4000);
}

/**
 * Reply… in an input box: prefilled with the note's draft, which is saved as the user types and
 * kept when the box closes. Enter sends; a refusal shows in the box and keeps the draft.
 */
export function reply(ctx: NoteWorkDeps, e: CatalogEntry, clicked?: NoteArg, selected?: readonly vscode.TreeItem[]): void {
  const [id] = chosen(ctx, clicked, selected);
  if (id === undefined) return;
  if (ctx.noteActions.offering([id], e.id).length === 0) return notOffered(ctx, e, 1);
  const note = ctx.notifications.model.get(id);
  const box = vscode.window.createInputBox();
  box.title = note?.subjectText ? vscode.l10n.t('Reply: {0}', note.subjectText) : vscode.l10n.t('Reply');
  box.placeholder = vscode.l10n.t('Your reply');
  box.prompt = vscode.l10n.t('Enter sends the reply. Escape keeps it as a draft.');
  box.value = ctx.drafts.get(id);
  box.ignoreFocusOut = true;
  let sent = false;
  let sending = false;
  box.onDidChangeValue((text) => {
    ctx.drafts.set(id, text);
    box.validationMessage = undefined;
  });
  box.onDidAccept(async () => {
    if (sending) return;
    sending = true;
    box.busy = true;
    box.enabled = false;
    try {
      const comment = await ctx.noteActions.reply(id, box.value);
      sent = true;
      ctx.drafts.clear(id);
      ctx.log.info(`Reply to note ${id} posted (comment ${comment.ID}).`);
      box.hide();
      posted(comment);
    } catch (err) {
      if (err instanceof ContentSiteError && err.kind !== 'auth') {
        ctx.log.warn(`Reply to note ${id}: ${err.kind} ${err.code ?? ''}`);
        const fixable = err.kind === 'network' || err.kind === 'timeout' || err.kind === 'rate_limited';
        box.validationMessage = {
          message: localized(err.userMessage),
          severity: fixable ? vscode.InputBoxValidationSeverity.Warning : vscode.InputBoxValidationSeverity.Error,
        };
      } else {
        box.hide();
        await reportFailure(ctx, err, actionName(e));
      }
    } finally {
      sending = false;
      box.busy = false;
      box.enabled = true;
    }
  });
  box.onDidHide(() => {
    if (!sent) ctx.drafts.set(id, box.value);
    box.dispose();
  });
  box.show();
}

function posted(comment: Comment): void {
  const open = vscode.l10n.t('Open in Browser');
  void report.info(vscode.l10n.t('Reply posted.'), ...(comment.URL ? [open] : [])).then((pick) => {
    if (pick === open) openExternal(comment.URL);
  });
}

/** A link action (edit): the page the note gives for it, in the browser. */
export function openLink(ctx: NoteWorkDeps, e: CatalogEntry, clicked?: NoteArg, selected?: readonly vscode.TreeItem[]): void {
  const [id] = ctx.targets(clicked, selected);
  if (id === undefined) return;
  const note = ctx.notifications.model.get(id);
  const link = note && e.service ? noteActions(note)[e.service]?.link : undefined;
  if (!link) return notOffered(ctx, e, 1);
  openExternal(link);
}

export interface MarkNotesDeps {
  model: NotificationsModel;
  provider: NotificationsProvider;
  log: vscode.LogOutputChannel;
  auth: CommandAuth;
}

/** Mark All Read: every unread note in a few POSTs, then one sentence of what happened. */
export async function markAllRead(deps: MarkNotesDeps): Promise<void> {
  const { model, provider, log } = deps;
  if (!requireSignIn(deps)) return;
  let outcome: MarkAllReport;
  try {
    outcome = await vscode.window.withProgress({ location: { viewId: provider.viewId } }, () => model.markAllRead());
  } catch (err) {
    await reportFailure(deps, err, vscode.l10n.t('Mark all as read'));
    return;
  }
  log.info(
    `Mark all read: ${outcome.marked} marked, ${outcome.stillUnread} with new updates, ${outcome.notMarked} not marked, ${outcome.unconfirmed} unknown.`,
  );
  if (outcome.error?.kind === 'auth') {
    await reportFailure(deps, outcome.error, vscode.l10n.t('Mark all as read'));
    return;
  }
  void report[outcome.notMarked + outcome.unconfirmed > 0 ? 'warn' : 'info'](markAllSentence(outcome));
}

function markAllSentence(r: MarkAllReport): string {
  const parts: string[] = [];
  if (r.marked === 0 && r.stillUnread === 0 && r.notMarked === 0 && r.unconfirmed === 0) return vscode.l10n.t("You're all caught up!");
  parts.push(
    r.marked === 1 ? vscode.l10n.t('Marked 1 notification as read.') : vscode.l10n.t('Marked {0} notifications as read.', r.marked),
  );
  if (r.stillUnread > 0) parts.push(vscode.l10n.t('{0} got new updates meanwhile and stay unread.', r.stillUnread));
  if (r.notMarked > 0)
    parts.push(vscode.l10n.t('{0} could not be marked: {1}', r.notMarked, r.error ? localized(r.error.userMessage) : ''));
  if (r.unconfirmed > 0)
    parts.push(
      vscode.l10n.t(
        'Whether {0} were marked is unknown: the service did not confirm it and could not be asked. {1}',
        r.unconfirmed,
        r.error ? localized(r.error.userMessage) : '',
      ),
    );
  return parts.join(' ');
}
