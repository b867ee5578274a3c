/**
 * What the tree, the detail view and the poll read of a note (not `noticon` or `date`: unused);
 * `header` and `title` are the block shape's, shown on the detail page as the service's panel does.
 */
export const NOTE_FIELDS = 'id,type,unread,body,subject,header,title,timestamp,meta,status,note_hash';
