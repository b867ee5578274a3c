/**
 * A note without its `note_hash`, and a note the list leaves out (one field asked for not sent, or
 * one it cannot read), cost nothing of the others: the Notifications view shows the rest, acts on
 * them, and a poll neither empties it nor reads the odd note as new every time. The notes are the
 * real service's (WordPressKit-iOS recordings, test/fixtures/wordpresskit), the hash taken away.
 */
import '../../../scripts/bench/vscodeStub';
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LoadCoordinator } from '../../../src/models/loadCoordinator';
import { NotePoller } from '../../../src/models/notePoller';
import { NotificationsModel } from '../../../src/models/notificationsModel';
import { GroupNode } from '../../../src/views/notifications/groupNode';
import type { NoteNode } from '../../../src/views/notifications/noteNode';
import { NotificationsProvider } from '../../../src/views/notifications/notificationsProvider';
import { answering, type Answering } from '../api/answering';

const FIXTURES = join(__dirname, '../../fixtures/wordpresskit');
type Note = Record<string, unknown> & { id: number; note_hash?: number };
const recorded = (name: string): Note => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as Note;
/** The recorded notes, newest first: a comment like (with hash) and a mention (with hash). */
const like = (recorded('notifications-load-all.json') as unknown as { notes: Note[] }).notes[0];
const mention = recorded('remote-notification.json');
/** A third note, in the same (block) shape, older than both. */
const older: Note = { ...like, id: 2600000001, timestamp: '2016-10-20T10:00:00+00:00', note_hash: 1234 };
const withoutHash = ({ note_hash: _, ...note }: Note): Note => note as Note;

/**
 * A service that answers the notes' routes with `notes()` (a page is cut to `number`, picked by
 * `ids`, and keeps only `fields`, as the real service does; `id` and `note_hash` always), and takes marks.
 */
async function notesService(notes: () => Note[]) {
  const asked: URLSearchParams[] = [];
  const marked: string[] = [];
  const service = await answering({
    '/v1/notifications/': (q: URLSearchParams) => {
      asked.push(q);
      const ids = q.getAll('ids[]').map(Number);
      const fields = q.get('fields')?.split(',');
      const page = notes()
        .filter((n) => ids.length === 0 || ids.includes(n.id))
        .slice(0, Number(q.get('number') ?? 20));
      // A recorded note says `read` where `unread` is asked for (the older shape).
      const sent = (k: string) => k === 'id' || k === 'note_hash' || fields!.includes(k === 'read' ? 'unread' : k);
      const cut = (n: Note) => (fields ? Object.fromEntries(Object.entries(n).filter(([k]) => sent(k))) : n);
      return { number: page.length, notes: page.map(cut) };
    },
    '/v1.1/notifications/read': () => {
      marked.push('read');
      return { success: true, updated: [] };
    },
  });
  return { service, asked, marked };
}

function view(service: Answering) {
  const client = service.client;
  const model = new NotificationsModel({ client: () => client, pageSize: () => 20 });
  const provider = new NotificationsProvider(model, { gate: () => false, coordinator: new LoadCoordinator(() => client) });
  const rows = () => {
    const out: NoteNode[] = [];
    for (const group of provider.getChildren()) if (group instanceof GroupNode) out.push(...(provider.getChildren(group) as NoteNode[]));
    return out;
  };
  const lines: string[] = [];
  const poller = new NotePoller({
    client: () => client,
    model,
    intervalMs: () => 30_000,
    active: () => true,
    timers: { set: () => 0, clear: () => undefined },
    log: (l) => lines.push(l),
  });
  return { model, provider, rows, poller, lines };
}

describe('a note without its hash, or left out of the list', () => {
  let service: Answering | undefined;
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  it('a note without its note_hash is shown with the others, offers its actions, and is marked unread', async () => {
    const s = await notesService(() => [like, withoutHash(mention), older]);
    service = s.service;
    const { model, provider, rows } = view(service);
    await model.refresh();
    assert.equal(model.state.kind, 'loaded');
    assert.deepEqual(
      rows().map((r) => r.note.id),
      [like.id, mention.id, older.id],
    );
    assert.equal(provider.view.message, undefined, 'nothing said missing');
    const row = rows().find((r) => r.note.id === mention.id)!;
    assert.equal(row.label, model.get(mention.id)!.subjectText);
    assert.match(String(row.contextValue), /^note read .*\S/, 'its actions (reply, like) are offered on its row');
    await model.markUnread([mention.id]);
    assert.deepEqual(s.marked, ['read'], 'the mark went to the service');
    assert.equal(model.get(mention.id)!.unread, 1);
    assert.match(String(rows().find((r) => r.note.id === mention.id)!.description), /^●/);
    provider.dispose();
  });

  it('a note without its note_hash counts as changed at each poll: loaded again alone (its edits show), and said in the log once', async () => {
    let current = withoutHash(mention);
    const s = await notesService(() => [like, current, older]);
    service = s.service;
    const { model, provider, poller, lines } = view(service);
    await model.refresh();
    s.asked.length = 0;
    const subject = mention.subject as Array<{ text: string }>;
    current = withoutHash({ ...mention, subject: [{ ...subject[0], text: 'Edited elsewhere' }, ...subject.slice(1)] });
    assert.equal(await poller.pollOnce(), 'changed');
    assert.match(model.get(mention.id)!.subjectText, /^Edited elsewhere/);
    assert.equal(await poller.pollOnce(), 'changed');
    assert.deepEqual(
      s.asked.map((q) => q.getAll('ids[]').join()),
      ['', String(mention.id), '', String(mention.id)],
      'each poll, then the hashless note alone: never the first page again',
    );
    assert.deepEqual(
      model.notes.map((n) => n.id),
      [like.id, mention.id, older.id],
    );
    assert.equal(lines.filter((l) => l.includes(`Note ${mention.id} came without its note_hash`)).length, 1);
    provider.dispose();
  });

  it('the one-note route reads a note without its note_hash (as a pushed note is fetched)', async () => {
    service = await answering({ [`/v1.1/notifications/${mention.id}`]: { notes: [withoutHash(mention)] } });
    const note = await service.client.notifications.get(mention.id, { fields: 'id,type,unread,body,subject,timestamp,meta,note_hash' });
    assert.equal(note.id, mention.id);
    assert.ok(note.subjectText.startsWith('Someone mentioned you'));
  });

  for (const [field, strip] of [
    ['its subject, asked for', ({ subject: _, ...n }: Note) => n],
    ['its timestamp, asked for', ({ timestamp: _, ...n }: Note) => n],
    ['a timestamp that is no time', (n: Note) => ({ ...n, timestamp: { at: 'noon' } })],
  ] as const)
    it(`a note without ${field} is left out, the others shown and the view says one could not be read; a poll does not read it as new`, async () => {
      const s = await notesService(() => [like, strip(mention) as Note, older]);
      service = s.service;
      const { model, provider, rows, poller } = view(service);
      await model.refresh();
      assert.deepEqual(
        rows().map((r) => r.note.id),
        [like.id, older.id],
      );
      assert.equal(provider.view.message, 'Notes that could not be read: 1 (see the log).');
      assert.equal(service.skipped.length, 1, 'the log names it');
      assert.equal(String(service.skipped[0].id), String(mention.id));
      s.asked.length = 0;
      assert.equal(await poller.pollOnce(), 'unchanged');
      assert.equal(await poller.pollOnce(), 'unchanged');
      assert.equal(s.asked.length, 2, 'the polls only: the first page is not read again and again');
      provider.dispose();
    });
});
