import * as vscode from 'vscode';
import type { ChosenSite } from '../../models/chosenSite';
import { POST_GROUPS, type PostsModel } from '../../models/postsModel';
import { COMMANDS, VIEWS } from '../../ids';
import { ListProvider, minuteNow } from '../common/listProvider';
import { describe, listMessage, listRows } from '../common/listRows';
import type { LoaderOptions } from '../common/viewLoader';
import { PostGroupNode, PostNode, type PostsViewGroup } from './postNodes';

/** The chosen site's posts by status (Drafts, Scheduled, Pending review, Published, Private) and its pages, newest first, with Load more. */
export class PostsProvider extends ListProvider<PostsModel> {
  constructor(
    model: PostsModel,
    private readonly chosen: ChosenSite,
    loader: LoaderOptions,
  ) {
    super(VIEWS.posts, model, loader, { canSelectMany: false });
    this.registerAll([chosen.onDidChange(() => this.render()), model.onDidChangeCounts(() => this.render())]);
  }

  protected header(): void {
    this.view.description = describe(this.model.list, this.chosen.label);
    this.view.message = listMessage(this.model.list, vscode.l10n.t('{0} has no posts yet. New Post writes one.', this.chosen.label ?? ''));
  }

  protected rows(element?: vscode.TreeItem): vscode.TreeItem[] {
    if (element instanceof PostGroupNode) {
      const minute = minuteNow();
      return this.itemsOf(element.group).map((p) => this.row(String(p.ID), [p, minute], () => new PostNode(p)));
    }
    if (element) return [];
    const m = this.model;
    const groups = () => [
      ...POST_GROUPS.map((g) => new PostGroupNode(g, m.group(g), m.count('post', g))),
      new PostGroupNode('pages', m.pages(), m.count('page')),
    ];
    // A group with nothing in it loaded is shown when the site counts some (Load more brings them).
    return listRows(
      m.list,
      () => groups().filter((g) => g.posts.length > 0 || (m.hasMore && g.description !== '0')),
      COMMANDS.posts.loadMore,
    );
  }

  private itemsOf(group: PostsViewGroup) {
    return group === 'pages' ? this.model.pages() : this.model.group(group);
  }

  /** The post a row command acts on: the clicked row, else the selected one. */
  target(clicked?: vscode.TreeItem): PostNode | undefined {
    return this.targetsOf((n): n is PostNode => n instanceof PostNode, clicked)[0];
  }
}
