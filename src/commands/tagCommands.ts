/** The Reader's tags: Follow Tag… by name from the palette, Unfollow Tag on a tag's row. */
import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import { localized } from '../localize';
import type { TagsModel } from '../models/tagsModel';
import { report, reportFailure } from '../report';
import { TagNode } from '../views/reader/readerNodes';
import { requireSignIn, type CommandAuth } from './common';
import { inputUntilDone } from './inputUntilDone';

export interface TagCommandsDeps {
  tags: Pick<TagsModel, 'follow' | 'unfollow' | 'keyOf'>;
  /** The selected rows of the Reader view (a command from the palette acts on the selection). */
  selection: () => readonly vscode.TreeItem[];
  log: vscode.LogOutputChannel;
  auth: CommandAuth;
}

export function registerTagCommands(deps: TagCommandsDeps): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.reader.followTag, () => requireSignIn(deps) && followTag(deps)),
    vscode.commands.registerCommand(COMMANDS.reader.unfollowTag, (node?: vscode.TreeItem) => unfollowTag(deps, node)),
  ];
}

async function followTag(deps: TagCommandsDeps): Promise<void> {
  let followed: string | undefined;
  await inputUntilDone({
    title: vscode.l10n.t('Follow Tag'),
    prompt: vscode.l10n.t("The tag's name"),
    placeholder: vscode.l10n.t('e.g. poetry'),
    submit: async (value) => {
      const result = await deps.tags.follow(value);
      if (result.kind === 'failed') {
        if (result.error.kind === 'auth') await reportFailure(deps, result.error, 'Follow a tag');
        return localized(result.error.userMessage);
      }
      followed = result.tag?.title ?? result.slug;
      return undefined;
    },
  });
  if (followed) vscode.window.setStatusBarMessage(vscode.l10n.t('Following the tag {0}.', followed), 4000);
}

async function unfollowTag(deps: TagCommandsDeps, node?: vscode.TreeItem): Promise<void> {
  const row = node instanceof TagNode ? node : deps.selection().find((n): n is TagNode => n instanceof TagNode);
  if (!row) return;
  const outcome = deps.tags.unfollow(deps.tags.keyOf(row.tag));
  if (!outcome) return;
  const o = await outcome;
  if (o.kind === 'failed') await reportFailure(deps, o.error, `Unfollow the tag ${String(row.label)}`);
  else if (o.kind === 'unknown')
    void report.warn(
      vscode.l10n.t('Unfollowing the tag {0} may not have been done: {1}', String(row.label), localized(o.error.userMessage)),
    );
}
