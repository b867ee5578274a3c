/**
 * "Notify me of new notes": which new notes deserve a message under off, mentions and all, read off
 * the reference service's own notes (both shapes) as the client fetches them for the list.
 */
import * as assert from 'node:assert/strict';
import type { Notification } from '../../src/api';
import { addressedTo, shouldAlert } from '../../src/models/newNoteAlert';
import { NOTE_FIELDS } from '../../src/models/noteFields';
import { USERS } from '../service';
import { useClientAndService } from './setup';

const { client } = useClientAndService();
const DEMO = USERS.demo;

describe('Which new notes are told (newNoteAlert)', () => {
  let notes: Notification[];
  before(async () => {
    notes = (await client().notifications.list({ number: 99, fields: NOTE_FIELDS })).notes;
  });
  const unread = (n: Notification): Notification => ({ ...n, unread: Math.max(1, n.unread) });

  it('off tells nothing; all tells every new unread note and no read one', () => {
    for (const n of notes) {
      assert.equal(shouldAlert(unread(n), 'off', DEMO), false);
      assert.equal(shouldAlert(unread(n), 'all', DEMO), true);
      assert.equal(shouldAlert({ ...n, unread: 0 }, 'all', DEMO), false, 'read elsewhere before it arrived');
    }
  });

  it('mentions: of the service notes, exactly the comments that name the user (@demo: a user range with their id)', () => {
    const mentions = notes.filter((n) => shouldAlert(unread(n), 'mentions', DEMO)).map((n) => n.id);
    assert.ok(mentions.length > 0);
    assert.deepEqual(
      mentions,
      notes.filter((n) => /mentioned you/.test(n.subjectText)).map((n) => n.id),
    );
    assert.deepEqual(
      notes.filter((n) => shouldAlert(unread(n), 'mentions', USERS.ann)),
      [],
      'the same notes name demo, not ann',
    );
  });

  it('mentions: a comment in a conversation the user replied to, and any note of type mention; never a like', () => {
    const plain = notes.find((n) => n.type === 'comment' && !addressedTo(n, DEMO))!;
    assert.equal(addressedTo({ ...plain, status: { ...plain.status, i_replied: true } }, DEMO), true);
    assert.equal(addressedTo({ ...plain, meta: { ids: { comment: 1, reply_comment: 2 } } }, DEMO), true);
    assert.equal(addressedTo({ ...plain, type: 'mention' }, undefined), true);
    const like = notes.find((n) => n.type === 'like')!;
    assert.equal(addressedTo({ ...like, status: { i_replied: true } }, DEMO), false);
  });
});
