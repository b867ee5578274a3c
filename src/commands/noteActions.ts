import * as vscode from 'vscode';
import { SHOWN_ENTRIES } from '../models/noteActionCatalog';
import { localized } from '../localize';
import { commandWork } from './commandWork';
import type { NoteActionsDeps } from './noteActionsDeps';
import { noteTargets, whenRowsKnown, type NoteArg } from './noteTargets';
import type { NoteWorkDeps } from './noteActions.work';

type Run = (clicked?: NoteArg, selected?: readonly vscode.TreeItem[]) => unknown;

/**
 * The commands of the note-action catalog, from the tree's rows, its keys and the detail view:
 * toggles (optimistic; the partner command only turns off), removals (hidden at once, sent after
 * the undo window), undo, reply, the link actions (edit). Every command takes (a row or a note
 * id, the selection); with neither it acts on the tree's selection. They call the note-actions
 * model and say the outcome; they build no URL. Toggle read is markNotes.ts's. Their work
 * (noteActions.work.ts) is in a chunk of its own, loaded with the first of them.
 */
export function registerNoteActions(deps: NoteActionsDeps): vscode.Disposable[] {
  const provider = deps.notifications.provider;
  const ctx: NoteWorkDeps = { ...deps, targets: (clicked, selected) => noteTargets(deps, clicked, selected) };
  const work = commandWork(() => import('./noteActions.work'), ctx);
  const reg = (id: string | undefined, run: Run) => (id ? [vscode.commands.registerCommand(id, whenRowsKnown(provider, id, run))] : []);
  return SHOWN_ENTRIES.flatMap((e) => {
    const name = () => localized(e.labels.on);
    switch (e.kind) {
      case 'toggle':
        return [
          ...reg(e.command, (c, s) => work(name(), (m) => m.toggle(ctx, e, undefined, c, s))),
          ...reg(e.offCommand, (c, s) => work(name(), (m) => m.toggle(ctx, e, false, c, s))),
        ];
      case 'remove':
        return reg(e.command, (c, s) => work(name(), (m) => m.remove(ctx, e, c, s)));
      case 'reply':
        return reg(e.command, (c, s) => work(name(), (m) => m.reply(ctx, e, c, s)));
      case 'link':
        return reg(e.command, (c, s) => work(name(), (m) => m.openLink(ctx, e, c, s)));
      case 'local':
        return e.undoes ? reg(e.command, (c) => work(name(), (m) => m.undo(ctx, c))) : [];
      default:
        return [];
    }
  });
}
