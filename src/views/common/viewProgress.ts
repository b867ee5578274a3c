import * as vscode from 'vscode';

/** Shows the view's progress bar while a load runs. */
export function withViewProgress<T>(viewId: string, task: () => Promise<T>): Promise<T> {
  return Promise.resolve(vscode.window.withProgress({ location: { viewId } }, task));
}
