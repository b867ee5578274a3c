/** trap=1 against the reference service: folded notes (empty subjects) never reach the caller. */
import * as assert from 'node:assert/strict';
import { restRequests, useClientAndService } from './setup';

describe('notifications with trap against the reference service', () => {
  const { client, svc } = useClientAndService();

  it('the service folds repeated likes of a post into the first and sends the rest with empty subjects; the client drops those', async () => {
    const api = client();
    const plain = await api.notifications.list({ number: 40, type: 'like' });
    // Seeded likes: 60001 (post 101), 60007 (103), then 60013, 60019, 60025, 60031, 60037 on the same two posts.
    assert.deepEqual(
      plain.notes.map((n) => n.id),
      [60001, 60007, 60013, 60019, 60025, 60031, 60037],
    );
    const raw = await fetch(`${svc().restUrl}/v1/notifications/?number=40&type=like&trap=1&fields=id,subject`, {
      headers: { authorization: 'Bearer cs-demo-token' },
    });
    const folded = ((await raw.json()) as { notes: Array<{ id: number; subject: object }> }).notes
      .filter((n) => Object.keys(n.subject).length === 0)
      .map((n) => n.id);
    assert.deepEqual(folded, [60013, 60019, 60025, 60031, 60037], 'the service sends the folded notes, with empty subjects');

    const trapped = await api.notifications.list({ number: 40, type: 'like', trap: true });
    assert.deepEqual(
      trapped.notes.map((n) => n.id),
      [60001, 60007],
    );
    assert.ok(trapped.notes.every((n) => n.subjectText.length > 0));
    assert.match(restRequests(svc()).at(-1)!.path, /[?&]trap=1(&|$)/);
  });

  it('a note is dropped only for its empty subject: a poll without subject keeps every note', async () => {
    const poll = await client().notifications.list({ number: 40, type: 'like', trap: true, fields: 'id,note_hash' });
    assert.equal(poll.notes.length, 7);
  });
});
