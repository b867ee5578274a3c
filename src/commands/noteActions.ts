import * as vscode from 'vscode';
import { localized } from '../localize';
import { ContentSiteError, noteActions, type Comment } from '../api';
import { COMMANDS } from '../ids';
import { actionFor } from '../views/notifications/noteContext';
import { openExternal, reportError, requireSignIn } from './common';
// Only what the note commands use; the helpers below take it by their old name (CommandContext).
import type { NoteActionsDeps, NoteActionsDeps as CommandContext } from './noteActionsDeps';
import type { ActReport, PendingRemoval, RemoveKind, ToggleKind } from '../models/noteActionsModel';
import { noteTargets, type NoteArg } from './noteTargets';

type Toggle = 'approve' | 'like' | 'follow';

/**
 * Acting on notes from the tree, its keys and the detail view: approve, like, follow (toggles,
 * optimistic), spam and trash (hidden at once, sent after the undo window), undo, reply, edit.
 * Every command takes (a row or a note id, the selection); with neither it acts on the tree's
 * selection. They call the note-actions model and say the outcome; they build no URL.
 */
export function registerNoteActions(ctx: NoteActionsDeps): vscode.Disposable[] {
  const reg = (id: string, run: (clicked?: NoteArg, selected?: readonly vscode.TreeItem[]) => unknown) =>
    vscode.commands.registerCommand(id, (clicked?: NoteArg, selected?: readonly vscode.TreeItem[]) => run(clicked, selected));
  const N = COMMANDS.notifications;
  return [
    reg(N.approve, (c, s) => toggle(ctx, 'approve', undefined, c, s)),
    reg(N.unapprove, (c, s) => toggle(ctx, 'approve', false, c, s)),
    reg(N.like, (c, s) => toggle(ctx, 'like', undefined, c, s)),
    reg(N.unlike, (c, s) => toggle(ctx, 'like', false, c, s)),
    reg(N.follow, (c, s) => toggle(ctx, 'follow', undefined, c, s)),
    reg(N.unfollow, (c, s) => toggle(ctx, 'follow', false, c, s)),
    reg(N.spam, (c, s) => remove(ctx, 'spam', c, s)),
    reg(N.trash, (c, s) => remove(ctx, 'trash', c, s)),
    // With a note id (the detail view's Undo) the removal of that note; otherwise the latest.
    reg(N.undo, (c) => {
      const of = typeof c === 'number' ? ctx.noteActions.pending.find((r) => r.ids.includes(c)) : undefined;
      if (!(of ? of.undo() : ctx.noteActions.undoLast())) vscode.window.setStatusBarMessage(vscode.l10n.t('Nothing to undo.'), 4000);
    }),
    reg(N.reply, (c, s) => reply(ctx, c, s)),
    reg(N.edit, (c, s) => edit(ctx, c, s)),
  ];
}

type Kind = Toggle | RemoveKind | 'reply' | 'edit';

/** An action's name in messages; toggles named for the way they go. */
const ACTION_NAMES: Record<Kind, (on: boolean) => string> = {
  approve: (on) => (on ? vscode.l10n.t('Approve') : vscode.l10n.t('Unapprove')),
  like: (on) => (on ? vscode.l10n.t('Like') : vscode.l10n.t('Unlike')),
  follow: (on) => (on ? vscode.l10n.t('Follow') : vscode.l10n.t('Unfollow')),
  spam: () => vscode.l10n.t('Mark as Spam'),
  trash: () => vscode.l10n.t('Trash'),
  reply: () => vscode.l10n.t('Reply'),
  edit: () => vscode.l10n.t('Edit'),
};
const actionName = (kind: Kind, on = true): string => ACTION_NAMES[kind](on);

/** A key pressed on a note that does not offer the action: said quietly, in the status bar. */
function notOffered(ctx: CommandContext, kind: Kind, count: number): void {
  const what = actionName(kind);
  ctx.log.info(`${what}: not offered on the ${count} note(s) chosen.`);
  vscode.window.setStatusBarMessage(
    count === 1
      ? vscode.l10n.t('{0} is not offered on this notification.', what)
      : vscode.l10n.t('{0} is not offered on any of the selected notifications.', what),
    5000,
  );
}

/** The current value of a toggle on a note: approved, liked (the comment, else the post), followed. */
function valueOf(ctx: CommandContext, id: number, kind: Toggle): boolean | undefined {
  const note = ctx.notifications.model.get(id);
  return note ? actionFor(noteActions(note), kind)?.value : undefined;
}

/**
 * Approve / like / follow on every chosen note that offers it. `on` defaults to the opposite of the
 * first such note (the clicked one), so pressing again reverses. A like goes to each note's comment,
 * or to its post when the note offers only that. Success says nothing (the rows change); a refusal
 * says why (the notes are back as they were).
 */
async function toggle(
  ctx: CommandContext,
  kind: Toggle,
  on: boolean | undefined,
  clicked?: NoteArg,
  selected?: readonly vscode.TreeItem[],
): Promise<void> {
  const ids = noteTargets(ctx, clicked, selected);
  if (ids.length === 0 || !requireSignIn(ctx)) return;
  const model = ctx.noteActions;
  const groups: Array<[ToggleKind, number[]]> = [];
  if (kind === 'like') {
    const comments = model.offering(ids, 'like');
    groups.push(
      ['like', comments],
      [
        'likePost',
        model.offering(
          ids.filter((id) => !comments.includes(id)),
          'likePost',
        ),
      ],
    );
  } else {
    groups.push([kind, model.offering(ids, kind)]);
  }
  const offering = ids.filter((id) => groups.some(([, g]) => g.includes(id)));
  if (offering.length === 0) return notOffered(ctx, kind, ids.length);
  const turnOn = on ?? !valueOf(ctx, offering[0], kind);
  // Notes already that way are left alone: no request for them.
  const todo = groups
    .map(([k, g]): [ToggleKind, number[]] => [k, g.filter((id) => valueOf(ctx, id, kind) !== turnOn)])
    .filter(([, g]) => g.length > 0);
  const reports = await Promise.all(todo.map(([k, g]) => model.toggle(g, k, turnOn)));
  for (const r of reports) logReport(ctx, r);
  const refused = reports.find((r) => r.error);
  if (refused?.error) await reportError(ctx, refused.error, actionName(kind, turnOn));
}

function logReport(ctx: CommandContext, r: ActReport): void {
  ctx.log.info(
    `${r.kind} ${r.on ? 'on' : 'off'}: ${r.acted.length} confirmed${r.failed.length ? `, ${r.failed.length} refused or unconfirmed (${r.error?.code ?? r.error?.kind ?? 'no answer'})` : ''}.`,
  );
}

function removedSentence(kind: RemoveKind, n: number): string {
  if (kind === 'trash') return n === 1 ? vscode.l10n.t('Comment trashed.') : vscode.l10n.t('{0} comments trashed.', n);
  return n === 1 ? vscode.l10n.t('Comment marked as spam.') : vscode.l10n.t('{0} comments marked as spam.', n);
}

/**
 * Spam / trash: the notes go at once and the message offers Undo; the model sends the request when
 * its window ends. Undo inside the window brings them back and sends nothing; after it, says so.
 */
function remove(ctx: CommandContext, kind: RemoveKind, clicked?: NoteArg, selected?: readonly vscode.TreeItem[]): void {
  const ids = noteTargets(ctx, clicked, selected);
  if (ids.length === 0 || !requireSignIn(ctx)) return;
  const pending = ctx.noteActions.remove(ids, kind);
  if (!pending) return notOffered(ctx, kind, ids.length);
  const n = pending.ids.length;
  ctx.log.info(`${kind}: ${n} note(s) hidden; sent when the undo window ends.`);
  const undo = vscode.l10n.t('Undo');
  // Undo brings the notes back; closing the message lets them go at once (as the service's panel does).
  void vscode.window.showInformationMessage(removedSentence(kind, n), undo).then((pick) => {
    if (pick === undo) undoRemoval(ctx, pending);
    else pending.sendNow();
  });
  void pending.done.then((report) => {
    logReport(ctx, report);
    if (report.failed.length === 0) return;
    if (report.error) return reportError(ctx, report.error, actionName(kind));
    void vscode.window.showWarningMessage(
      kind === 'trash'
        ? vscode.l10n.t('{0} of the comments could not be trashed; they are back in the list.', report.failed.length)
        : vscode.l10n.t('{0} of the comments could not be marked as spam; they are back in the list.', report.failed.length),
    );
  });
}

function undoRemoval(ctx: CommandContext, pending: PendingRemoval): void {
  if (pending.undo()) {
    ctx.log.info(`${pending.kind}: undone; nothing sent.`);
    return;
  }
  void vscode.window.showInformationMessage(
    pending.kind === 'trash'
      ? vscode.l10n.t('Too late to undo: the comment was already sent to the trash.')
      : vscode.l10n.t('Too late to undo: the comment was already marked as spam.'),
  );
}

/**
 * Reply… in an input box: prefilled with the note's draft, which is saved as the user types and
 * kept when the box closes. Enter sends; a refusal shows in the box and keeps the draft.
 */
function reply(ctx: CommandContext, clicked?: NoteArg, selected?: readonly vscode.TreeItem[]): void {
  const [id] = noteTargets(ctx, clicked, selected);
  if (id === undefined || !requireSignIn(ctx)) return;
  if (ctx.noteActions.offering([id], 'reply').length === 0) return notOffered(ctx, 'reply', 1);
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
        await reportError(ctx, err, vscode.l10n.t('Reply'));
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
  void vscode.window.showInformationMessage(vscode.l10n.t('Reply posted.'), ...(comment.URL ? [open] : [])).then((pick) => {
    if (pick === open) openExternal(comment.URL);
  });
}

/** Edit: the comment's edit page, as the note gives it (edit-comment), in the browser. */
function edit(ctx: CommandContext, clicked?: NoteArg, selected?: readonly vscode.TreeItem[]): void {
  const [id] = noteTargets(ctx, clicked, selected);
  if (id === undefined) return;
  const note = ctx.notifications.model.get(id);
  const link = note ? noteActions(note).edit?.link : undefined;
  if (!link) return notOffered(ctx, 'edit', 1);
  openExternal(link);
}
