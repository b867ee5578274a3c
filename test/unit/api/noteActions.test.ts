import * as assert from 'node:assert/strict';
import { noteActions, type NoteActions } from '../../../src/api';

/** A real-service comment note: a user block, then the comment block with keyed actions. */
const blockNote = (actions: Record<string, unknown>, blockIds: Record<string, unknown> = { site: 2001, post: 101, comment: 8850 }) => ({
  meta: { ids: { site: 2001, post: 101, user: 4000 } },
  body: [
    { text: 'Maya Lin', type: 'user', actions: { follow: true }, meta: { ids: { site: 3101, user: 4000 } } },
    {
      text: '@demo nice',
      type: 'comment',
      actions,
      meta: { ids: blockIds },
      edit_comment_link: 'https://demo.example.blog/wp-admin/comment.php?c=8850',
    },
  ],
});

describe('noteActions: which actions a note offers and the ids they need', () => {
  it("reads the keyed actions of the last block that has any, with that block's ids and current values", () => {
    const a: NoteActions = noteActions(
      blockNote({
        'approve-comment': true,
        'spam-comment': false,
        'trash-comment': false,
        'like-comment': true,
        'replyto-comment': false,
        'like-post': false,
      }),
    );
    assert.equal(a.follow, undefined, "the first block's follow is not the last block's");
    assert.deepEqual(a, {
      approve: { site: 2001, post: 101, comment: 8850, user: 4000, value: true },
      spam: { site: 2001, post: 101, comment: 8850, user: 4000, value: false },
      trash: { site: 2001, post: 101, comment: 8850, user: 4000, value: false },
      like: { site: 2001, post: 101, comment: 8850, user: 4000, value: true },
      reply: { site: 2001, post: 101, comment: 8850, user: 4000, value: false },
      likePost: { site: 2001, post: 101, user: 4000, value: false },
    });
  });

  it('takes the last block with actions even when later blocks have none', () => {
    const note = blockNote({ 'like-comment': false });
    note.body.push({ text: 'footer', type: 'footer' } as never);
    assert.deepEqual(Object.keys(noteActions(note)), ['like']);
  });

  it('a block with an empty actions object does not hide an earlier one', () => {
    const note = blockNote({});
    assert.deepEqual(noteActions(note), { follow: { site: 3101, user: 4000, value: true } });
  });

  it('ids as strings are read; reply_comment is kept; edit-comment carries its link', () => {
    const a = noteActions(
      blockNote({ 'replyto-comment': true, 'edit-comment': true }, { site: '2001', comment: '8850', reply_comment: '90001' }),
    );
    assert.deepEqual(a.reply, { site: 2001, post: 101, comment: 8850, user: 4000, value: true, replyComment: 90001 });
    assert.equal(a.edit?.link, 'https://demo.example.blog/wp-admin/comment.php?c=8850');
  });

  it('an action whose id is missing or not a positive whole number is not offered', () => {
    assert.deepEqual(noteActions(blockNote({ 'approve-comment': false, follow: false }, { site: 2001, comment: 0 })), {
      follow: { site: 2001, user: 4000, value: false },
    });
    assert.deepEqual(noteActions({ body: [{ actions: { 'like-comment': true }, meta: { ids: { comment: 5 } } }] }), {}, 'no site anywhere');
    assert.deepEqual(noteActions(blockNote({ 'like-comment': true }, { site: 2001, comment: '12abc' })), {});
  });

  it('unknown action names are ignored; odd values are unknown, 1/0 and "true"/"false" are read', () => {
    const a = noteActions(blockNote({ 'approve-comment': 1, 'spam-comment': '0', 'like-comment': 'maybe', 'launch-rocket': true }));
    assert.deepEqual([a.approve?.value, a.spam?.value, a.like?.value], [true, false, undefined]);
    assert.ok(a.like);
    assert.equal(Object.keys(a).length, 3);
  });

  it('the template shape: keyed actions on the last item that has them', () => {
    const note = {
      meta: { ids: { site: 2001, post: 100, comment: 8800 } },
      body: {
        template: 'single-line-list',
        items: [{ header: 'Maya', actions: { follow: false }, meta: { ids: { site: 3101 } } }, { header: 'Lena' }],
      },
    };
    assert.deepEqual(noteActions(note as never), { follow: { site: 3101, value: false } });
  });

  it("the spec's list form, when no block has keyed actions: params give the ids, the comment status the value", () => {
    const note = {
      meta: { ids: { site: 2001, post: 100 } },
      status: { approval_status: 'unapproved' },
      body: {
        template: 'multi-line-list',
        items: [{ header: 'Maya', action: { type: 'reply', params: [{ key: 'comment_id', value: '8801' }] } }],
        actions: [
          { type: 'approve-comment', params: [{ key: 'comment_id', value: '8800' }] },
          { type: 'like-comment', params: { comment_id: 8800, site_id: 2002 } },
          { type: 'spam-comment', params: [] },
        ],
      },
    };
    assert.deepEqual(noteActions(note as never), {
      approve: { site: 2001, post: 100, comment: 8800, value: false },
      like: { site: 2002, post: 100, comment: 8800 },
    });
  });

  it('keyed actions win over the list form', () => {
    const note = {
      meta: { ids: { site: 2001 } },
      body: {
        template: 'multi-line-list',
        items: [{ actions: { 'like-comment': true }, meta: { ids: { comment: 7 } } }],
        actions: [{ type: 'approve-comment', params: [{ key: 'comment_id', value: '7' }] }],
      },
    };
    assert.deepEqual(Object.keys(noteActions(note as never)), ['like']);
  });

  it('a note with no body, a big-badge or junk offers nothing', () => {
    assert.deepEqual(noteActions({}), {});
    assert.deepEqual(noteActions({ body: { template: 'big-badge', header: 'x' } } as never), {});
    assert.deepEqual(noteActions({ body: [null, 3, 'x', { actions: ['approve-comment'] }] } as never), {});
    assert.deepEqual(noteActions({ body: { actions: 'approve-comment' }, meta: 'x' } as never), {});
  });
});
