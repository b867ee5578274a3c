import * as vscode from 'vscode';
import { localized } from '../../localize';
import type { ChosenSite } from '../../models/chosenSite';
import { COMMENT_GROUPS } from '../../models/commentQueue';
import type { CommentsModel } from '../../models/commentsModel';
import { VIEWS } from '../../ids';
import { ListProvider, minuteNow } from '../common/listProvider';
import { describe, unreadableComments } from '../common/listRows';
import { ErrorNode } from '../common/messageNode';
import type { LoaderOptions } from '../common/viewLoader';
import { CommentGroupNode, CommentNode, groupTail } from './commentNodes';

/**
 * The chosen site's comments: Pending first (its count is the view's badge), then Approved, Spam
 * and Trash, newest first, each with its own Load more. A user who may not moderate sees Approved
 * alone, and the service's reason.
 */
export class CommentsProvider extends ListProvider<CommentsModel> {
  constructor(
    model: CommentsModel,
    private readonly chosen: ChosenSite,
    loader: LoaderOptions,
  ) {
    super(VIEWS.comments, model, loader, { canSelectMany: true });
    this.register(chosen.onDidChange(() => this.render()));
  }

  protected header(): void {
    const m = this.model;
    this.view.description = describe(m.queue('approved').list, this.chosen.label);
    const refusal = m.refusal;
    const missing = m.unreadable > 0 ? unreadableComments(m.unreadable) : undefined;
    const state = refusal
      ? vscode.l10n.t('Only approved comments are shown: {0}', localized(refusal.userMessage))
      : m.state.kind === 'loaded' &&
          !missing &&
          COMMENT_GROUPS.every((g) => m.queue(g).items.length === 0 && m.queue(g).state.kind !== 'error')
        ? vscode.l10n.t('{0} has no comments.', this.chosen.label ?? '')
        : undefined;
    this.view.message = [state, missing].filter(Boolean).join(' ') || undefined;
    const pending = m.pendingCount;
    this.view.badge = pending ? { value: pending, tooltip: vscode.l10n.t('{0} comments waiting for moderation', pending) } : undefined;
  }

  protected rows(element?: vscode.TreeItem): vscode.TreeItem[] {
    const m = this.model;
    if (element instanceof CommentGroupNode) {
      const q = m.queue(element.group);
      const minute = minuteNow();
      const s = q.state;
      return [
        ...(s.kind === 'error' ? groupTail(element.group, s.error, false) : []),
        ...q.items.map((c) => this.row(String(c.ID), [c, minute], () => new CommentNode(c))),
        ...groupTail(element.group, q.loadMoreError, q.hasMore),
      ];
    }
    if (element) return [];
    const s = m.state;
    if (s.kind === 'idle') return [];
    const refused = m.refusal !== undefined;
    const groups = COMMENT_GROUPS.filter((g) => !refused || g === 'approved').map((g) => {
      const q = m.queue(g);
      const count = m.count(g);
      return this.row(`group-${g}`, [q.items.length, count], () => new CommentGroupNode(g, q.items.length, count));
    });
    return s.kind === 'error' ? [new ErrorNode(s.error), ...groups] : groups;
  }

  /** The comments a command acts on: the clicked row first, then the rest of the selection it is part of. */
  targets(clicked?: vscode.TreeItem, selected?: readonly vscode.TreeItem[]): number[] {
    const isNode = (n: vscode.TreeItem): n is CommentNode => n instanceof CommentNode;
    let together = selected && selected.length > 0 ? selected : undefined;
    if (clicked instanceof CommentNode && !together && this.view.selection.some((n) => isNode(n) && n.comment.ID === clicked.comment.ID))
      together = this.view.selection;
    const ids = this.targetsOf(isNode, clicked, together).map((n) => n.comment.ID);
    const first = clicked instanceof CommentNode ? [clicked.comment.ID] : [];
    return [...new Set([...first, ...ids])];
  }
}
