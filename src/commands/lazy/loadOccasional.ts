/**
 * The occasional commands' work, loaded with the first of them. In the bundle,
 * `require('./occasionalEntry')` becomes `require('./occasional.js')` (dist/occasional.js, see
 * scripts/build.mjs); from source it is the module beside this one.
 */
import type * as vscode from 'vscode';
import type * as Occasional from './occasionalEntry';
import { lazyPart } from '../../api/lazy/lazyPart';
import { reportFailure } from '../../report';
import type { CommandAuth } from '../common';

export type OccasionalModule = typeof Occasional;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const part = lazyPart(() => require('./occasionalEntry') as OccasionalModule);
/** A failure to load is a rejection, not a throw. */
export const loadOccasional = part.load;

/**
 * Runs `run` with the part once loaded; a failure to load it is told like any other failure of
 * `what` (the command's name), and the answer is then undefined.
 */
export function occasional(deps: { log: Pick<vscode.LogOutputChannel, 'error'>; auth: Pick<CommandAuth, 'handleUnauthorized'> }) {
  return async <T>(what: string, run: (m: OccasionalModule) => Promise<T>): Promise<T | undefined> => {
    let m: OccasionalModule;
    try {
      m = await loadOccasional();
    } catch (err) {
      await reportFailure(deps, err, what);
      return undefined;
    }
    return run(m);
  };
}
