import * as vscode from 'vscode';
import { stripHtml, type FeedPost } from '../api';
import type { ReaderPostActions } from '../models/readerPostActions';
import { reportFailure } from '../report';
import type { CommandAuth } from './common';
import { textBox } from './textBox';

/**
 * Comment on a Reader post in an input box (textBox.ts): the service's refusal (comments closed, an
 * external feed) shows in the box and keeps the text; a comment the site holds for moderation says so.
 */
export function commentBox(
  deps: { actions: () => Pick<ReaderPostActions, 'comment'>; log: vscode.LogOutputChannel; auth: CommandAuth },
  post: FeedPost,
): void {
  const title = stripHtml(post.title ?? '');
  textBox(
    { report: (err, what) => reportFailure(deps, err, what) },
    {
      title: title ? vscode.l10n.t('Comment on “{0}”', title) : vscode.l10n.t('Comment'),
      value: '',
      placeholder: vscode.l10n.t('Your comment'),
      send: async (text) => {
        const comment = await deps.actions().comment(post, text);
        deps.log.info(`Comment ${comment.ID} posted on ${String(post.site_ID)}/${post.ID} (${comment.status}).`);
        return comment;
      },
      done: (comment) =>
        comment.status === 'unapproved'
          ? vscode.l10n.t('Comment posted: the site holds it for moderation.')
          : vscode.l10n.t('Comment posted.'),
    },
  );
}
