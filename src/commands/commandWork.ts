/**
 * A command's work from a part loaded on first use: run it once the part is loaded; a failure to
 * load is told like any other failure of the command (`what`, its name), and the answer is then
 * undefined.
 */
import type * as vscode from 'vscode';
import { reportFailure } from '../report';
import type { CommandAuth } from './common';

export type WorkDeps = { log: Pick<vscode.LogOutputChannel, 'error'>; auth: Pick<CommandAuth, 'handleUnauthorized'> };

export function commandWork<M>(load: () => Promise<M>, deps: WorkDeps) {
  return async <T>(what: string, run: (m: M) => T | Promise<T>): Promise<T | undefined> => {
    let m: M;
    try {
      m = await load();
    } catch (err) {
      await reportFailure(deps, err, what);
      return undefined;
    }
    return run(m);
  };
}
