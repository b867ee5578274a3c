/** What the tree, the detail view and the poll read of a note (not `noticon` or `date`: unused). */
export const NOTE_FIELDS = 'id,type,unread,body,subject,timestamp,meta,status,note_hash';
