/**
 * The work of the Comments view's commands (commentCommands.ts registers them), loaded with the
 * first of them (a chunk of its own): approve, like, spam and trash with Undo (the catalog's
 * sentences), restore, delete for good after a confirmation, reply, edit, the conversation. They
 * call the comments model and say the outcome; they build no URL.
 */
import * as vscode from 'vscode';
import { localized } from '../localize';
import { report, reportFailure } from '../report';
import type { CommandAuth } from './common';
import type { CommentEntry } from '../models/commentActionCatalog';
import type { CommentReport, CommentsModel } from '../models/commentsModel';
import { dateAgo } from '../models/relativeTime';
import type { DetailWebview } from '../views/detail/detailWebview';
import { withViewProgress } from '../views/common/viewProgress';
import { textBox } from './textBox';
import { offerUndo } from './undoMessage';

export interface CommentWorkDeps {
  model: CommentsModel;
  detail: Pick<DetailWebview, 'show'>;
  log: vscode.LogOutputChannel;
  /** The view whose progress bar shows while the conversation loads. */
  viewId: string;
  /** Signs out on a refused sign-in (reportFailure). */
  auth: CommandAuth;
}

type CommentCommandsDeps = CommentWorkDeps;

/** The commands' work, by the kind of the catalog's entry (commentCommands.ts registers one command per entry). */
export function commentWork(deps: CommentWorkDeps) {
  return {
    toggle: (e: CommentEntry, ids: number[], on?: boolean) => toggle(deps, ids, e, on),
    remove: (e: CommentEntry, ids: number[]) => remove(deps, ids, e),
    act: (e: CommentEntry, ids: number[]) => act(deps, ids, e),
    reply: (e: CommentEntry, [id]: number[]) => reply(deps, id, e),
    edit: (e: CommentEntry, [id]: number[]) => edit(deps, id, e),
    show: ([id]: number[]) => show(deps, id),
  };
}
export type CommentWork = ReturnType<typeof commentWork>;

const nameOf = (e: CommentEntry) => localized(e.labels.on);

function notOffered(deps: CommentCommandsDeps, e: CommentEntry, count: number): void {
  deps.log.info(`comments ${e.id}: not offered on the ${count} comment(s) chosen.`);
  vscode.window.setStatusBarMessage(
    count === 1
      ? vscode.l10n.t('{0} does not apply to this comment.', nameOf(e))
      : vscode.l10n.t('{0} does not apply to any of the selected comments.', nameOf(e)),
    5000,
  );
}

async function told(deps: CommentCommandsDeps, e: CommentEntry, report: CommentReport): Promise<void> {
  deps.log.info(
    `comments ${report.action} ${report.on ? 'on' : 'off'}: ${report.acted.length} confirmed${report.failed.length ? `, ${report.failed.length} refused or unconfirmed (${report.error?.code ?? report.error?.kind ?? 'no answer'})` : ''}.`,
  );
  if (report.error) await reportFailure(deps, report.error, nameOf(e));
}

async function toggle(deps: CommentCommandsDeps, ids: number[], e: CommentEntry, on?: boolean): Promise<void> {
  if (deps.model.offering(ids, e.id, on).length === 0) return notOffered(deps, e, ids.length);
  await told(deps, e, await deps.model.toggle(ids, e.id, on));
}

/** Spam or trash: gone at once, with Undo; sent when the window ends (or the message closes). */
function remove(deps: CommentCommandsDeps, ids: number[], e: CommentEntry): void {
  const pending = deps.model.remove(ids, e.id);
  if (!pending) return notOffered(deps, e, ids.length);
  const sentences = e.removed!;
  const n = pending.ids.length;
  void offerUndo(pending, n === 1 ? localized(sentences.one) : localized(sentences.many, n));
  void pending.done.then((report) => told(deps, e, report));
}

/** Restore or delete for good: sent at once, after the entry's question when it has one. */
async function act(deps: CommentCommandsDeps, ids: number[], e: CommentEntry): Promise<void> {
  const targets = deps.model.offering(ids, e.id);
  if (targets.length === 0) return notOffered(deps, e, ids.length);
  if (e.confirm) {
    const yes = localized(e.confirm.yes);
    const question = targets.length === 1 ? localized(e.confirm.one) : localized(e.confirm.many, targets.length);
    if ((await report.modal(question, {}, yes)) !== yes) return;
  }
  const done = await deps.model.act(targets, e.id);
  await told(deps, e, done);
  if (done.acted.length > 0 && e.id === 'delete')
    vscode.window.setStatusBarMessage(
      done.acted.length === 1 ? vscode.l10n.t('Comment deleted.') : vscode.l10n.t('{0} comments deleted.', done.acted.length),
      5000,
    );
}

function reply(deps: CommentCommandsDeps, id: number, e: CommentEntry): void {
  const c = deps.model.get(id);
  if (!c || !e.offers?.(c)) return notOffered(deps, e, 1);
  textBox(
    { report: (err, what) => reportFailure(deps, err, what) },
    {
      title: vscode.l10n.t('Reply to {0}', c.author?.name ?? ''),
      value: '',
      send: (text) => deps.model.reply(id, text),
      done: vscode.l10n.t('Reply posted.'),
    },
  );
}

async function edit(deps: CommentCommandsDeps, id: number, e: CommentEntry): Promise<void> {
  const c = deps.model.get(id);
  if (!c || !e.offers?.(c)) return notOffered(deps, e, 1);
  let text: string;
  try {
    text = await deps.model.rawContent(id);
  } catch (err) {
    return reportFailure(deps, err, vscode.l10n.t('Edit Comment'));
  }
  textBox(
    { report: (err, what) => reportFailure(deps, err, what) },
    {
      title: vscode.l10n.t('Edit Comment'),
      value: text,
      send: (t) => deps.model.edit(id, t),
      done: vscode.l10n.t('Comment saved.'),
    },
  );
}

/** The conversation in the detail view: the post, the comment it answers, the comment, its replies. */
async function show(deps: CommentCommandsDeps, id: number): Promise<void> {
  try {
    const [{ comment, parent, replies }, render] = await Promise.all([
      withViewProgress(deps.viewId, () => deps.model.conversation(id)),
      import('../render/index'),
    ]);
    const when = (date: string | undefined) => dateAgo(date, Date.now(), vscode.env.language);
    await deps.detail.show(
      render.plainTitle(comment.post.title),
      render.conversationHtml({ post: comment.post, parent, comment, replies, when }),
    );
  } catch (err) {
    await reportFailure(deps, err, vscode.l10n.t('Show Conversation'));
  }
}
