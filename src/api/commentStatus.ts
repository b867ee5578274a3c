/** The comment statuses a moderator can set (`deleted` comes back only from trashing a trashed one). */
export const COMMENT_STATUSES = ['approved', 'unapproved', 'spam', 'trash'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];
