/** The Reader's tags: Follow Tag… by name from the palette, Unfollow Tag on a tag's row (their work: follow.work.ts). */
import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import type { TagsModel } from '../models/tagsModel';
import { TagNode } from '../views/reader/readerNodes';
import { requireSignIn, type CommandAuth } from './common';
import { commandWork } from './commandWork';

export interface TagCommandsDeps {
  tags: Pick<TagsModel, 'follow' | 'unfollow' | 'keyOf'>;
  /** The Reader view's selected rows (Unfollow Tag from a key or the palette acts on the selected tag). */
  selection: () => readonly vscode.TreeItem[];
  log: vscode.LogOutputChannel;
  auth: CommandAuth;
}

export function registerTagCommands(deps: TagCommandsDeps): vscode.Disposable[] {
  const work = commandWork(() => import('./follow.work'), deps);
  return [
    vscode.commands.registerCommand(
      COMMANDS.reader.followTag,
      () => requireSignIn(deps) && work('Follow a tag', (m) => m.followTag(deps, deps.tags)),
    ),
    vscode.commands.registerCommand(COMMANDS.reader.unfollowTag, (node?: vscode.TreeItem) => {
      const row = node instanceof TagNode ? node : deps.selection().find((n): n is TagNode => n instanceof TagNode);
      if (row) return work('Unfollow a tag', (m) => m.unfollowTag(deps, deps.tags, deps.tags.keyOf(row.tag), String(row.label)));
    }),
  ];
}
