import * as vscode from 'vscode';
import { localized } from '../localize';
import { ContentSiteError, noteActions, type Comment } from '../api';
import { SHOWN_ENTRIES, type CatalogEntry } from '../models/noteActionCatalog';
import type { ActReport, PendingRemoval } from '../models/noteActionsModel';
import { openExternal, requireSignIn } from './common';
import { report, reportFailure } from '../report';
import type { NoteActionsDeps } from './noteActionsDeps';
import { noteTargets, whenRowsKnown, type NoteArg } from './noteTargets';

type Run = (clicked?: NoteArg, selected?: readonly vscode.TreeItem[]) => unknown;

/**
 * The commands of the note-action catalog, from the tree's rows, its keys and the detail view:
 * toggles (optimistic; the partner command only turns off), removals (hidden at once, sent after
 * the undo window), undo, reply, the link actions (edit). Every command takes (a row or a note
 * id, the selection); with neither it acts on the tree's selection. They call the note-actions
 * model and say the outcome; they build no URL. Toggle read is markNotes.ts's.
 */
export function registerNoteActions(ctx: NoteActionsDeps): vscode.Disposable[] {
  const provider = ctx.notifications.provider;
  const reg = (id: string | undefined, run: Run) => (id ? [vscode.commands.registerCommand(id, whenRowsKnown(provider, id, run))] : []);
  return SHOWN_ENTRIES.flatMap((e) => {
    switch (e.kind) {
      case 'toggle':
        return [...reg(e.command, (c, s) => toggle(ctx, e, undefined, c, s)), ...reg(e.offCommand, (c, s) => toggle(ctx, e, false, c, s))];
      case 'remove':
        return reg(e.command, (c, s) => remove(ctx, e, c, s));
      case 'reply':
        return reg(e.command, (c, s) => reply(ctx, e, c, s));
      case 'link':
        return reg(e.command, (c, s) => openLink(ctx, e, c, s));
      case 'local':
        return e.undoes ? reg(e.command, (c) => undo(ctx, c)) : [];
    }
  });
}

/** An action's name in messages; toggles named for the way they go. */
const actionName = (e: CatalogEntry, on = true): string => localized(on ? e.labels.on : e.labels.off);

/** A key pressed on a note that does not offer the action: said quietly, in the status bar. */
function notOffered(ctx: NoteActionsDeps, e: CatalogEntry, count: number): void {
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
function chosen(ctx: NoteActionsDeps, clicked?: NoteArg, selected?: readonly vscode.TreeItem[]): number[] {
  const ids = noteTargets(ctx, clicked, selected);
  if (ids.length === 0) ctx.log.info(`no notification chosen (given ${clicked === null ? 'null' : typeof clicked}).`);
  return ids.length > 0 && requireSignIn(ctx) ? ids : [];
}

/**
 * A toggle on every chosen note that offers it; `on` defaults to the opposite of the first such
 * note (the clicked or focused one), so pressing again reverses. Success says nothing (the rows
 * change); a refusal says why (the notes are back as the service has them).
 */
async function toggle(
  ctx: NoteActionsDeps,
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

function logReport(ctx: NoteActionsDeps, r: ActReport): void {
  ctx.log.info(
    `${r.action} ${r.on ? 'on' : 'off'}: ${r.acted.length} confirmed${r.failed.length ? `, ${r.failed.length} refused or unconfirmed (${r.error?.code ?? r.error?.kind ?? 'no answer'})` : ''}.`,
  );
}

/**
 * A removal: the notes go at once and the message offers Undo; the model sends the request when
 * its window ends. Undo inside the window brings them back and sends nothing; after it, says so.
 */
function remove(ctx: NoteActionsDeps, e: CatalogEntry, clicked?: NoteArg, selected?: readonly vscode.TreeItem[]): void {
  const ids = chosen(ctx, clicked, selected);
  if (ids.length === 0) return;
  const pending = ctx.noteActions.remove(ids, e.id);
  if (!pending) return notOffered(ctx, e, ids.length);
  const n = pending.ids.length;
  ctx.log.info(`${e.id}: ${n} note(s) hidden; sent when the undo window ends.`);
  const undoLabel = vscode.l10n.t('Undo');
  const sentence = n === 1 ? localized(e.removed!.one) : localized(e.removed!.many, n);
  // Undo brings the notes back; closing the message lets them go at once (as the service's panel does).
  void report.info(sentence, undoLabel).then((pick) => {
    if (pick === undoLabel) undoRemoval(ctx, pending);
    else pending.sendNow();
  });
  void pending.done.then((outcome) => {
    logReport(ctx, outcome);
    if (outcome.failed.length === 0) return;
    if (outcome.error) return reportFailure(ctx, outcome.error, actionName(e));
    void report.warn(localized(e.removed!.failed, outcome.failed.length));
  });
}

/** The message's Undo: says only what is true (already undone by a key, or already sent). */
function undoRemoval(ctx: NoteActionsDeps, pending: PendingRemoval): void {
  const result = pending.undo();
  ctx.log.info(`${pending.action}: undo: ${result}.`);
  if (result === 'already undone') vscode.window.setStatusBarMessage(vscode.l10n.t('Already undone: nothing was sent.'), 4000);
  else if (result === 'already sent') void report.info(vscode.l10n.t('Too late to undo: it was already sent to the service.'));
}

/** Undo (u, or the detail view's with a note id): the removal of that note, else the latest. */
function undo(ctx: NoteActionsDeps, clicked?: NoteArg): void {
  const result = ctx.noteActions.undo(typeof clicked === 'number' ? clicked : undefined);
  if (result !== 'undone') vscode.window.setStatusBarMessage(vscode.l10n.t('Nothing to undo.'), 4000);
}

/**
 * Reply… in an input box: prefilled with the note's draft, which is saved as the user types and
 * kept when the box closes. Enter sends; a refusal shows in the box and keeps the draft.
 */
function reply(ctx: NoteActionsDeps, e: CatalogEntry, clicked?: NoteArg, selected?: readonly vscode.TreeItem[]): void {
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
function openLink(ctx: NoteActionsDeps, e: CatalogEntry, clicked?: NoteArg, selected?: readonly vscode.TreeItem[]): void {
  const [id] = noteTargets(ctx, clicked, selected);
  if (id === undefined) return;
  const note = ctx.notifications.model.get(id);
  const link = note && e.service ? noteActions(note)[e.service]?.link : undefined;
  if (!link) return notOffered(ctx, e, 1);
  openExternal(link);
}
