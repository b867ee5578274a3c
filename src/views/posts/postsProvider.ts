import * as vscode from 'vscode';
import type { ChosenSite } from '../../models/chosenSite';
import { POST_GROUPS, type PostsModel } from '../../models/postsModel';
import { COMMANDS, VIEWS } from '../../ids';
import { ListProvider, minuteNow } from '../common/listProvider';
import { describe, listMessage, listRows } from '../common/listRows';
import type { LoaderOptions } from '../common/viewLoader';
import { PostGroupNode, PostNode } from './postNodes';

/** The chosen site's posts by status (Drafts, Scheduled, Pending review, Published, Private), newest first, with Load more. */
export class PostsProvider extends ListProvider<PostsModel> {
  constructor(
    model: PostsModel,
    private readonly chosen: ChosenSite,
    loader: LoaderOptions,
  ) {
    super(VIEWS.posts, model, loader, { canSelectMany: false });
    this.register(chosen.onDidChange(() => this.render()));
  }

  protected header(): void {
    this.view.description = describe(this.model.list, this.chosen.label);
    this.view.message = listMessage(this.model.list, vscode.l10n.t('{0} has no posts yet. New Post writes one.', this.chosen.label ?? ''));
  }

  protected rows(element?: vscode.TreeItem): vscode.TreeItem[] {
    if (element instanceof PostGroupNode) {
      const minute = minuteNow();
      return this.model.group(element.group).map((p) => this.row(String(p.ID), [p, minute], () => new PostNode(p)));
    }
    if (element) return [];
    return listRows(
      this.model.list,
      () => POST_GROUPS.map((g) => new PostGroupNode(g, this.model.group(g))).filter((g) => g.posts.length > 0),
      COMMANDS.posts.loadMore,
    );
  }

  /** The post a row command acts on: the clicked row, else the selected one. */
  target(clicked?: vscode.TreeItem): PostNode | undefined {
    return this.targetsOf((n): n is PostNode => n instanceof PostNode, clicked)[0];
  }
}
