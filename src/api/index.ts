export { ContentSiteClient } from './client';
export { ContentSiteError, type ErrorKind } from './errors';
export {
  DEFAULT_BASE_URL,
  mapPrepared,
  type Prepared,
  type ClientOptions,
  type RequestLogEntry,
  type SkippedLogEntry,
  type CallOptions,
  type CommonParams,
} from './request';
export { type BatchEntry, splitBatch } from './batch';
export {
  type RestoreOutcome,
  type PostsPage,
  type TrashedParams,
  type PostListParams,
  type PostListStatus,
  type PostWrite,
  type PostUpdate,
  type WriteStatus,
  POST_LIST_STATUSES,
  WRITE_STATUSES,
} from './posts';
export type { PostRevision, PostRevisions, RevisionDiff } from './schemas/revisions';
export { type MediaFile, type MediaUploadError, type UploadResult, type MediaPage, type MediaListParams } from './media';
export type { MediaItem } from './schemas/media';
export { type NotificationsPage, type NotificationsParams, type MarkReadResult } from './notifications';
export { type Notification, normalizeNotification, stripHtml, subjectText } from './notificationShape';
export { INSIGHT_UNITS, type InsightUnit } from './insights';
export { followAddress } from './followAddress';
export { unwrapEnvelope } from './decode';
// The schemas' types only: the schemas themselves (and zod) load on first use, see src/api/schemasLoad.ts.
export type * from './schemas/post';
export type * from './schemas/site';
export type * from './schemas/users';
export type * from './schemas/insights';
export type * from './schemas/reader';
export type * from './schemas/comment';
export type * from './schemas/term';
export type { SkippedItem } from './schemas/common';
export { TERM_KINDS, TERMS_MAX_NUMBER, type TermKind, type TermListParams, type TermPage } from './terms';
export { COMMENT_STATUSES, type CommentStatus } from './commentStatus';
export {
  COMMENT_LIST_STATUSES,
  COMMENTS_MAX_NUMBER,
  type CommentListStatus,
  type CommentListParams,
  type CommentPage,
  type CommentEdit,
} from './comments';
export { REPLY_MAX_CHARS, type ActOptions } from './act';
export { noteActions, type NoteActions, type NoteAction } from './noteActions';
export type { Block, Range, Media, TemplateBody, TemplateItem, Subject } from './schemas/notification';
export { type Outcome } from './together';
export { pushUrl, type PushEvent, type PushFailure, type PushSocket, type OpenPushOptions } from './pushChannel';
export { parsePushMessage, type PushMessage, type NotePushed, type NoteDeleted } from './pushMessage';
