/**
 * Approving 20 selected comments, three ways, on the bench's service: this extension
 * (NoteActionsModel.toggle on the selection: the POSTs PARALLEL_ACTIONS at a time, each answer
 * confirming its note), one request per comment made one after another (clicking through them,
 * or a naive client), and all 20 at once (a parallel client). The service has no bulk moderation,
 * so every way sends one POST per comment. Before each run (not measured) the service is reset,
 * the first 20 comments the notes moderate are made pending, and the notes are loaded.
 */
import { noteActions, type ContentSiteClient } from '../../src/api';
import { NoteActionsModel, PARALLEL_ACTIONS } from '../../src/models/noteActionsModel';
import { NotificationsModel } from '../../src/models/notificationsModel';
import type { RunningService } from '../../test/service';

export const APPROVE_COUNT = 20;

type Way = [who: string, work: (api: ContentSiteClient, notes: NotificationsModel, ids: number[]) => Promise<unknown>, note?: string];

export const APPROVE_WAYS: Way[] = [
  [
    `this extension (${PARALLEL_ACTIONS} at a time, the answers confirm)`,
    (api, notes, ids) => new NoteActionsModel({ notes, client: () => api }).toggle(ids, 'approve', true),
  ],
  [
    'one request per comment, in turn',
    async (api, notes, ids) => {
      for (const id of ids) {
        const a = noteActions(notes.get(id)!).approve!;
        await api.comments.setStatus(a.site, a.comment, 'approved');
      }
    },
  ],
  [
    'one request per comment, all at once',
    (api, notes, ids) =>
      Promise.all(
        ids.map((id) => {
          const a = noteActions(notes.get(id)!).approve!;
          return api.comments.setStatus(a.site, a.comment, 'approved');
        }),
      ),
  ],
];

/** Resets the service, makes APPROVE_COUNT comments pending and loads the notes: the selection. */
export async function pendingSelection(svc: RunningService, api: ContentSiteClient): Promise<{ notes: NotificationsModel; ids: number[] }> {
  svc.reset();
  const notes = new NotificationsModel({ client: () => api, pageSize: () => 99 });
  await notes.refresh();
  for (const n of notes.notes.filter((n) => noteActions(n).approve).slice(0, APPROVE_COUNT))
    svc.world().comments.get(noteActions(n).approve!.comment)!.status = 'unapproved';
  await notes.refresh();
  const ids = notes.notes
    .filter((n) => noteActions(n).approve?.value === false)
    .slice(0, APPROVE_COUNT)
    .map((n) => n.id);
  if (ids.length < APPROVE_COUNT) throw new Error(`Only ${ids.length} pending comment notes, fewer than ${APPROVE_COUNT}.`);
  return { notes, ids };
}

/** Whether every selected comment is approved on the service (each way must have done the work). */
export function allApproved(svc: RunningService, notes: NotificationsModel, ids: number[]): boolean {
  return ids.every(
    (id) =>
      svc.world().comments.get(noteActions(notes.list.serviceItems().find((n) => n.id === id)!).approve!.comment)?.status === 'approved',
  );
}
