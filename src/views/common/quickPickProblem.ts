import * as vscode from 'vscode';

/** A row that shows a problem at the top of a quick pick (which has no validation message of its own). */
export interface ProblemItem extends vscode.QuickPickItem {
  problem: true;
}

export function isProblem(item: vscode.QuickPickItem | undefined): item is ProblemItem {
  return (item as Partial<ProblemItem> | undefined)?.problem === true;
}

/** Shows `message` above the picker's own items (or removes it with undefined); the picker stays open. */
export function showProblem<T extends vscode.QuickPickItem>(qp: vscode.QuickPick<T | ProblemItem>, message: string | undefined): void {
  const rest = qp.items.filter((i) => !isProblem(i));
  qp.items = message ? [{ label: `$(error) ${message}`, alwaysShow: true, problem: true } as ProblemItem, ...rest] : rest;
  if (message) qp.activeItems = [];
}
