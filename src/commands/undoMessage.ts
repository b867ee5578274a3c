/**
 * The one message of a removal in its undo window (spam, trash, unfollow, block: from a view, a key
 * or the agent's tools): the sentence with Undo. Undo brings the items back and sends nothing while
 * the window lasts; closing the message lets them go at once (as the service's own panel does).
 * An Undo that came too late, or after another undo, says so instead of saying nothing.
 */
import * as vscode from 'vscode';
import type { UndoResult } from '../models/undoRemovals';
import { report } from '../report';

/** Shows `sentence` with Undo; resolves to what the Undo did, or 'let go' when the message was closed. */
export function offerUndo(pending: { undo(): UndoResult; sendNow(): void }, sentence: string): Thenable<UndoResult | 'let go'> {
  const undoLabel = vscode.l10n.t('Undo');
  return report.info(sentence, undoLabel).then((pick) => {
    if (pick !== undoLabel) {
      pending.sendNow();
      return 'let go' as const;
    }
    const result = pending.undo();
    if (result === 'already undone') vscode.window.setStatusBarMessage(vscode.l10n.t('Already undone: nothing was sent.'), 4000);
    else if (result === 'already sent') void report.info(vscode.l10n.t('Too late to undo: it was already sent to the service.'));
    return result;
  });
}
