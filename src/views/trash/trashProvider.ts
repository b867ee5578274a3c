import * as vscode from 'vscode';
import type { ChosenSite } from '../../models/chosenSite';
import type { TrashModel } from '../../models/trashModel';
import { COMMANDS, VIEWS } from '../../ids';
import { ListProvider, minuteNow } from '../common/listProvider';
import { describe, listMessage, listRows } from '../common/listRows';
import type { LoaderOptions } from '../common/viewLoader';
import { TrashedPostNode } from './trashedPostNode';

export const TRASH_VIEW = VIEWS.trash;

export class TrashProvider extends ListProvider<TrashModel> {
  constructor(
    model: TrashModel,
    private readonly chosen: ChosenSite,
    loader: LoaderOptions,
  ) {
    super(VIEWS.trash, model, loader, { canSelectMany: true });
    this.register(chosen.onDidChange(() => this.render()));
  }

  protected header(): void {
    this.view.description = describe(this.model.list, this.chosen.label);
    this.view.message = listMessage(this.model.list, vscode.l10n.t('The trash of {0} is empty.', this.chosen.label ?? ''));
  }

  protected rows(element?: vscode.TreeItem): vscode.TreeItem[] {
    if (element) return [];
    const minute = minuteNow();
    return listRows(
      this.model.list,
      (posts) => posts.map((p) => this.row(String(p.ID), [p, minute], () => new TrashedPostNode(p))),
      COMMANDS.trash.loadMore,
    );
  }

  targets(clicked?: vscode.TreeItem, selected?: readonly vscode.TreeItem[]): TrashedPostNode[] {
    return this.targetsOf((n): n is TrashedPostNode => n instanceof TrashedPostNode, clicked, selected);
  }
}
