/** TEMPORARY (deleted once the lead's model lands on main): the model's interface, from note-actions-model.md. */
import type { Comment, ContentSiteError } from '../api';

export type ToggleKind = 'approve' | 'like' | 'likePost' | 'follow';
export type RemoveKind = 'spam' | 'trash';
export type ActionKind = ToggleKind | RemoveKind | 'reply';
export interface ActReport {
  kind: ToggleKind | RemoveKind;
  on: boolean;
  acted: number[];
  failed: number[];
  error?: ContentSiteError;
}
export interface PendingRemoval {
  readonly kind: RemoveKind;
  readonly ids: readonly number[];
  undo(): boolean;
  readonly done: Promise<ActReport>;
}
export interface NoteActionsModel {
  offering(ids: readonly number[], kind: ActionKind): number[];
  toggle(ids: readonly number[], kind: ToggleKind, on?: boolean): Promise<ActReport>;
  remove(ids: readonly number[], kind: RemoveKind): PendingRemoval | undefined;
  undoLast(): boolean;
  readonly pending: readonly PendingRemoval[];
  flush(): Promise<void>;
  reply(id: number, content: string): Promise<Comment>;
}
export interface ReplyDrafts {
  get(noteId: number): string;
  set(noteId: number, text: string): void;
  clear(noteId: number): void;
}
