/**
 * The client relies on `note_hash` as the real service sends it, with every note of a list: the
 * poll compares hashes only. A note without one counts as changed (loaded again); a page of notes
 * none of which has one is a poll that cannot be compared.
 */
import * as assert from 'node:assert/strict';
import { ContentSiteClient } from '../../src/api';
import { NotePoller } from '../../src/models/notePoller';
import { NotificationsModel } from '../../src/models/notificationsModel';
import { startService, type RunningService } from '../service';
import { startHoldProxy, type HoldProxy } from './holdProxy';

describe('Note hashes', () => {
  let svc: RunningService;
  let hold: HoldProxy;
  let api: ContentSiteClient;

  before(async () => {
    svc = await startService();
    hold = await startHoldProxy(svc.restUrl);
  });
  beforeEach(() => {
    svc.reset();
    api = new ContentSiteClient({ baseUrl: hold.restUrl, token: 'cs-demo-token', retry: { maxTries: 1 } });
  });
  afterEach(() => api.close());
  after(async () => {
    await hold.close();
    await svc.close();
  });

  it('a poll answered without note hashes fails as unreadable and backs off; the rows stay as they were', async () => {
    const model = new NotificationsModel({ client: () => api, pageSize: () => 20 });
    await model.refresh();
    const before = model.notes.map((n) => ({ id: n.id, unread: n.unread, note_hash: n.note_hash }));
    const lines: string[] = [];
    const timers = { set: () => 0, clear: () => undefined };
    const poller = new NotePoller({
      client: () => api,
      model,
      intervalMs: () => 30_000,
      active: () => true,
      timers,
      log: (l) => lines.push(l),
    });
    const stripped = hold.edit('GET', '/rest/v1/notifications/?', (json) => {
      const page = json as { notes: Array<Record<string, unknown>> };
      return { ...page, notes: page.notes.map(({ note_hash: _, ...note }) => note) };
    });
    svc.requests.length = 0;
    assert.equal(await poller.pollOnce(), 'failed');
    await stripped;
    assert.match(lines.join('\n'), /Notification poll failed \(1 in a row\).*none of the 10 notes of the poll came with its note_hash/);
    assert.equal(poller.delayMs(), 60_000, 'backed off as after any failed poll');
    assert.deepEqual(
      model.notes.map((n) => ({ id: n.id, unread: n.unread, note_hash: n.note_hash })),
      before,
    );
    assert.equal(svc.requests.length, 1, 'the poll only: nothing fetched again');
  });

  it('a poll answered with one note without its hash loads that note again, alone, and logs it once; the rows stay', async () => {
    const model = new NotificationsModel({ client: () => api, pageSize: () => 20 });
    await model.refresh();
    const before = model.notes.map((n) => n.id);
    const lines: string[] = [];
    const poller = new NotePoller({
      client: () => api,
      model,
      intervalMs: () => 30_000,
      active: () => true,
      timers: { set: () => 0, clear: () => undefined },
      log: (l) => lines.push(l),
    });
    const target = before[2];
    const withoutOne = () =>
      hold.edit('GET', '/rest/v1/notifications/?', (json) => {
        const page = json as { notes: Array<Record<string, unknown>> };
        return { ...page, notes: page.notes.map(({ note_hash, ...note }) => (note.id === target ? note : { ...note, note_hash })) };
      });
    for (let poll = 0; poll < 2; poll++) {
      const stripped = withoutOne();
      svc.requests.length = 0;
      assert.equal(await poller.pollOnce(), 'changed');
      await stripped;
      assert.deepEqual(
        svc.requests.filter((r) => r.path.includes('ids')).map((r) => new URL(r.path, 'http://x').searchParams.getAll('ids[]')),
        [[String(target)]],
        'that note alone is loaded again',
      );
    }
    assert.deepEqual(
      model.notes.map((n) => n.id),
      before,
    );
    assert.equal(lines.filter((l) => l.includes(`Note ${target} came without its note_hash`)).length, 1);
  });
});
