/**
 * A site as a folder (issue 34): Clone Site into Folder…, and for each workspace folder that holds a
 * clone (its `.contentsite.json`) a Source Control view with Sync. Everything but this loads with
 * the first clone found or the first of its commands (a chunk of its own).
 */
import * as vscode from 'vscode';
import { COMMANDS, MARKER_FILE } from '../ids';
import { Disposable } from '../models/disposable';
import { reportFailure } from '../report';
import type { SiteFolderCommands } from '../commands/siteFolderCommands';
import type { SiteFolderDeps, SiteFolders } from '../commands/siteFolders';
import type { Shared } from '../services/shared';

export class SiteFolderFeature extends Disposable {
  /** The workspace's site folders and their commands, once loaded. */
  private folders?: Promise<{ folders: SiteFolders; commands: SiteFolderCommands }>;

  /** The folders' machinery, loaded with the first use (the agent's tools use it too). */
  readonly loaded: () => Promise<{ folders: SiteFolders; commands: SiteFolderCommands }>;

  constructor(private readonly deps: SiteFolderDeps & Pick<Shared, 'outbox'>) {
    super();
    // The folders' machinery, once loaded, goes with the feature (also when it loads after).
    this.register({
      dispose: () =>
        void this.folders?.then(
          (f) => f.folders.dispose(),
          () => undefined,
        ),
    });
    const load = (this.loaded = () =>
      (this.folders ??= Promise.all([import('../commands/siteFolders'), import('../commands/siteFolderCommands')]).then(
        ([{ SiteFolders }, { SiteFolderCommands }]) => {
          const folders = new SiteFolders(deps);
          return { folders, commands: new SiteFolderCommands(folders, deps) };
        },
        (err) => ((this.folders = undefined), Promise.reject(err)),
      )));
    // A post file's Publish that could not reach the service waits in its folder's outbox.
    this.register(deps.outbox.serve((uri) => load().then((f) => f.commands.publishQueued(uri))));
    this.registerAll(
      Object.values(COMMANDS.siteFolder).map((id) =>
        vscode.commands.registerCommand(id, (...args: unknown[]) =>
          load().then(
            (f) => f.commands.run(id, args),
            (err) => reportFailure(deps, err, id),
          ),
        ),
      ),
    );
    // A clone in the workspace: its view comes up with the window (and goes with its folder).
    const look = () =>
      void marked().then((yes) => {
        if (yes || this.folders)
          void load().then(
            (f) => f.folders.openWorkspace(),
            (err) => deps.log.error(String(err)),
          );
      });
    this.register(vscode.workspace.onDidChangeWorkspaceFolders(look));
    look();
  }
}

/** Whether a workspace folder holds a clone marker at its root. */
async function marked(): Promise<boolean> {
  for (const f of vscode.workspace.workspaceFolders ?? [])
    try {
      await vscode.workspace.fs.stat(vscode.Uri.joinPath(f.uri, MARKER_FILE));
      return true;
    } catch {
      // Not a clone.
    }
  return false;
}
