/** A test fixture of the detail-page tests (not a test file). */
import type { Notification } from '../../../src/api';

/** A comment note in the service's block shape: keyed actions on the comment block. */
export function commentNote(actions: Record<string, boolean>, over: Partial<Notification> = {}): Notification {
  return {
    id: 60005,
    type: 'comment',
    unread: 1,
    unreadIsCount: true,
    timestamp: 0,
    subjectText: 'Maya mentioned you',
    url: 'https://demo.example.blog/2026/11/101/#comment-8850',
    body: [
      { text: 'Maya Lin', type: 'user' },
      {
        text: '@demo I think you would like this.',
        type: 'comment',
        actions,
        meta: { ids: { site: 2001, post: 101, comment: 8850, user: 4000 } },
        edit_comment_link: 'https://demo.example.blog/wp-admin/comment.php?action=editcomment&c=8850',
      } as never,
    ],
    meta: { ids: { site: 2001, post: 101, comment: 8850 } },
    status: { approval_status: 'approved', i_replied: false },
    ...over,
  };
}
