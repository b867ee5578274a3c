/**
 * The work of the Comments view's commands (commentCommands.ts registers them), loaded with the
 * first of them as dist/comments.js: approve, like, spam and trash with Undo (the catalog's
 * sentences), restore, delete for good after a confirmation, reply, edit, the conversation. They
 * call the comments model and say the outcome; they build no URL. This file holds its own copy of
 * what it imports: the error class is recognised across copies (src/api/bundleMark.ts), and the
 * failure reporter, bound to the main file's sign-in, comes in `deps.report`.
 */
import * as vscode from 'vscode';
import { ContentSiteError } from '../api/errors';
import { localized } from '../localize';
import { report } from '../report';
import { loadRender } from '../lazy/loadRender';
import type { CommentActionId, CommentRemoval, CommentReport, CommentsModel } from '../models/commentsModel';
import { entry } from '../models/noteActionCatalog';
import { relativeTime } from '../models/relativeTime';
import type { DetailPanel } from '../views/detail/detailPanel';
import { withViewProgress } from '../views/common/viewProgress';

export interface CommentWorkDeps {
  model: CommentsModel;
  detail: Pick<DetailPanel, 'show'>;
  log: vscode.LogOutputChannel;
  /** The view whose progress bar shows while the conversation loads. */
  viewId: string;
  /** The main file's reportFailure, bound to its sign-in (a sign-out on auth failures). */
  report(err: unknown, what: string): Promise<void>;
}

type CommentCommandsDeps = CommentWorkDeps;

/** The commands' work, by command. */
export function commentWork(deps: CommentWorkDeps) {
  return {
    approve: (ids: number[]) => toggle(deps, ids, 'approve'),
    unapprove: (ids: number[]) => toggle(deps, ids, 'approve', false),
    like: (ids: number[]) => toggle(deps, ids, 'like'),
    unlike: (ids: number[]) => toggle(deps, ids, 'like', false),
    spam: (ids: number[]) => remove(deps, ids, 'spam'),
    trash: (ids: number[]) => remove(deps, ids, 'trash'),
    restore: (ids: number[]) => restore(deps, ids),
    delete: (ids: number[]) => deleteForGood(deps, ids),
    reply: ([id]: number[]) => reply(deps, id),
    edit: ([id]: number[]) => edit(deps, id),
    show: ([id]: number[]) => show(deps, id),
  };
}
export type CommentWork = ReturnType<typeof commentWork>;

const NAMES: Record<CommentActionId | 'reply', () => string> = {
  reply: () => vscode.l10n.t('Reply'),
  approve: () => vscode.l10n.t('Approve'),
  like: () => vscode.l10n.t('Like'),
  spam: () => vscode.l10n.t('Mark as Spam'),
  trash: () => vscode.l10n.t('Trash'),
  restore: () => vscode.l10n.t('Restore'),
  delete: () => vscode.l10n.t('Delete Permanently'),
};

function notOffered(deps: CommentCommandsDeps, action: CommentActionId | 'reply', count: number): void {
  deps.log.info(`comments ${action}: not offered on the ${count} comment(s) chosen.`);
  vscode.window.setStatusBarMessage(
    count === 1
      ? vscode.l10n.t('{0} does not apply to this comment.', NAMES[action]())
      : vscode.l10n.t('{0} does not apply to any of the selected comments.', NAMES[action]()),
    5000,
  );
}

async function told(deps: CommentCommandsDeps, report: CommentReport): Promise<void> {
  deps.log.info(
    `comments ${report.action} ${report.on ? 'on' : 'off'}: ${report.acted.length} confirmed${report.failed.length ? `, ${report.failed.length} refused or unconfirmed (${report.error?.code ?? report.error?.kind ?? 'no answer'})` : ''}.`,
  );
  if (report.error) await deps.report(report.error, NAMES[report.action]());
}

async function toggle(deps: CommentCommandsDeps, ids: number[], action: 'approve' | 'like', on?: boolean): Promise<void> {
  if (deps.model.offering(ids, action, on).length === 0) return notOffered(deps, action, ids.length);
  await told(deps, await deps.model.toggle(ids, action, on));
}

async function restore(deps: CommentCommandsDeps, ids: number[]): Promise<void> {
  if (deps.model.offering(ids, 'restore').length === 0) return notOffered(deps, 'restore', ids.length);
  await told(deps, await deps.model.restore(ids));
}

/** Spam or trash: gone at once, with Undo; sent when the window ends (or the message closes). */
function remove(deps: CommentCommandsDeps, ids: number[], action: 'spam' | 'trash'): void {
  const pending = deps.model.remove(ids, action);
  if (!pending) return notOffered(deps, action, ids.length);
  const sentences = entry(action).removed!;
  const n = pending.ids.length;
  const undoLabel = vscode.l10n.t('Undo');
  void report.info(n === 1 ? localized(sentences.one) : localized(sentences.many, n), undoLabel).then((pick) => {
    if (pick === undoLabel) undoRemoval(pending);
    else pending.sendNow();
  });
  void pending.done.then((report) => told(deps, report));
}

function undoRemoval(pending: CommentRemoval): void {
  const result = pending.undo();
  if (result === 'already undone') vscode.window.setStatusBarMessage(vscode.l10n.t('Already undone: nothing was sent.'), 4000);
  else if (result === 'already sent') void report.info(vscode.l10n.t('Too late to undo: it was already sent to the service.'));
}

async function deleteForGood(deps: CommentCommandsDeps, ids: number[]): Promise<void> {
  const targets = deps.model.offering(ids, 'delete');
  if (targets.length === 0) return notOffered(deps, 'delete', ids.length);
  const yes = vscode.l10n.t('Delete Permanently');
  const question =
    targets.length === 1
      ? vscode.l10n.t('Delete this comment permanently? This cannot be undone.')
      : vscode.l10n.t('Delete {0} comments permanently? This cannot be undone.', targets.length);
  if ((await report.modal(question, {}, yes)) !== yes) return;
  const done = await deps.model.deleteForGood(targets);
  await told(deps, done);
  if (done.acted.length > 0)
    vscode.window.setStatusBarMessage(
      done.acted.length === 1 ? vscode.l10n.t('Comment deleted.') : vscode.l10n.t('{0} comments deleted.', done.acted.length),
      5000,
    );
}

/** An input box for the text; Enter sends; a refusal shows in the box and keeps the text. */
function textBox(deps: CommentCommandsDeps, o: { title: string; value: string; send(text: string): Promise<unknown>; done: string }): void {
  const box = vscode.window.createInputBox();
  box.title = o.title;
  box.value = o.value;
  box.ignoreFocusOut = true;
  box.prompt = vscode.l10n.t('Enter sends. Escape cancels.');
  let sending = false;
  box.onDidChangeValue(() => (box.validationMessage = undefined));
  box.onDidAccept(async () => {
    if (sending) return;
    if (!box.value.trim()) {
      box.validationMessage = vscode.l10n.t('Write something first.');
      return;
    }
    sending = true;
    box.busy = true;
    try {
      await o.send(box.value);
      box.hide();
      vscode.window.setStatusBarMessage(o.done, 4000);
    } catch (err) {
      if (err instanceof ContentSiteError && err.kind !== 'auth') box.validationMessage = localized(err.userMessage);
      else {
        box.hide();
        await deps.report(err, o.title);
      }
    } finally {
      sending = false;
      box.busy = false;
    }
  });
  box.onDidHide(() => box.dispose());
  box.show();
}

function reply(deps: CommentCommandsDeps, id: number): void {
  const c = deps.model.get(id);
  if (!c || (c.status !== 'approved' && c.status !== 'unapproved')) return notOffered(deps, 'reply', 1);
  textBox(deps, {
    title: vscode.l10n.t('Reply to {0}', c.author?.name ?? ''),
    value: '',
    send: (text) => deps.model.reply(id, text),
    done: vscode.l10n.t('Reply posted.'),
  });
}

async function edit(deps: CommentCommandsDeps, id: number): Promise<void> {
  let text: string;
  try {
    text = await deps.model.rawContent(id);
  } catch (err) {
    return deps.report(err, vscode.l10n.t('Edit Comment'));
  }
  textBox(deps, {
    title: vscode.l10n.t('Edit Comment'),
    value: text,
    send: (t) => deps.model.edit(id, t),
    done: vscode.l10n.t('Comment saved.'),
  });
}

/** The conversation in the detail view: the post, the comment it answers, the comment, its replies. */
async function show(deps: CommentCommandsDeps, id: number): Promise<void> {
  try {
    const [{ comment, parent, replies }, render] = await Promise.all([
      withViewProgress(deps.viewId, () => deps.model.conversation(id)),
      loadRender(),
    ]);
    const when = (date: string | undefined) => (date ? relativeTime(Date.parse(date), Date.now(), vscode.env.language) : '');
    await deps.detail.show(
      render.plainTitle(comment.post.title),
      render.conversationHtml({ post: comment.post, parent, comment, replies, when }),
    );
  } catch (err) {
    await deps.report(err, vscode.l10n.t('Show Conversation'));
  }
}
