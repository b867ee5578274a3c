import * as vscode from 'vscode';
import type { ChosenSite } from '../../models/chosenSite';
import { POST_GROUPS, type PostsModel } from '../../models/postsModel';
import { COMMANDS, VIEWS } from '../../ids';
import { ListProvider, minuteNow } from '../common/listProvider';
import { describe, listMessage, listRows } from '../common/listRows';
import { LoadMoreNode } from '../common/messageNode';
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
    this.registerAll([
      chosen.onDidChange(() => this.render()),
      model.onDidChangeCounts(() => this.render()),
      model.pagesList.onDidChange(() => this.render()),
    ]);
  }

  protected header(): void {
    this.view.description = describe(this.model.list, this.chosen.label);
    this.view.message = listMessage(this.model.list, vscode.l10n.t('{0} has no posts yet. New Post writes one.', this.chosen.label ?? ''));
  }

  protected rows(element?: vscode.TreeItem): vscode.TreeItem[] {
    if (element instanceof PostGroupNode) {
      const minute = minuteNow();
      const rows = this.itemsOf(element.group).map((p) => this.row(String(p.ID), [p, minute], () => new PostNode(p)));
      if (element.group === 'pages') return this.pageRows(rows);
      // A status the site counts, whose posts are all older than the ones loaded: its way to them, not an empty group.
      if (rows.length === 0 && this.model.hasMore) {
        const more = new LoadMoreNode(COMMANDS.posts.loadMore);
        more.id = `posts-${element.group}-more`;
        return [more];
      }
      return rows;
    }
    if (element) return [];
    const m = this.model;
    const pages = m.pagesList;
    const groups = () => [
      // A status with nothing in it loaded is shown when the site counts some (Load more brings them).
      ...POST_GROUPS.map((g) => new PostGroupNode(g, m.group(g), m.count('post', g))).filter(
        (g) => g.posts.length > 0 || (m.hasMore && g.description !== '0'),
      ),
      // The pages are a list of their own: loaded with the posts, and with their own Load more and failure.
      ...(pages.items.length > 0 || pages.hasMore || pages.state.kind === 'error'
        ? [new PostGroupNode('pages', m.pages(), m.count('page'))]
        : []),
    ];
    return listRows(m.list, groups, COMMANDS.posts.loadMore);
  }

  /**
   * The Pages group's rows: its first page's failure (Retry: the model's state says it), the pages, its
   * Load more or that one's failure; each message row under an id of its own (the view's are at the top).
   */
  private pageRows(rows: vscode.TreeItem[]): vscode.TreeItem[] {
    const out = listRows(this.model.pagesList.list, () => rows, COMMANDS.posts.loadMorePages);
    for (const r of out) if (!(r instanceof PostNode)) r.id = `pages-${r.id}`;
    return out;
  }

  private itemsOf(group: PostsViewGroup) {
    return group === 'pages' ? this.model.pages() : this.model.group(group);
  }

  /** The post a row command acts on: the clicked row, else the selected one. */
  target(clicked?: vscode.TreeItem): PostNode | undefined {
    return this.targetsOf((n): n is PostNode => n instanceof PostNode, clicked)[0];
  }
}
