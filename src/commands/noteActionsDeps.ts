import type * as vscode from 'vscode';
import type { NoteActionsModel } from '../models/noteActionsModel';
import type { NotificationsModel } from '../models/notificationsModel';
import type { ReplyDrafts } from '../models/replyDrafts';
import type { NotificationsProvider } from '../views/notifications/notificationsProvider';
import type { CommandAuth } from './common';

/** What the note commands (noteActions.ts) use, and nothing else. */
export interface NoteActionsDeps {
  /** Acting on notes: approve, spam, trash (with undo), like, follow, reply. */
  noteActions: NoteActionsModel;
  notifications: { model: NotificationsModel; provider: NotificationsProvider };
  log: vscode.LogOutputChannel;
  /** Reply drafts per note, kept for a day. */
  drafts: ReplyDrafts;
  auth: CommandAuth;
}
