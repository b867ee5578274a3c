/**
 * The client relies on `note_hash` as the real service sends it, with every note of a list: the
 * poll compares hashes only, and a page without them is an answer it cannot read.
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
    assert.match(lines.join('\n'), /Notification poll failed \(1 in a row\).*note 60000 came without its note_hash/);
    assert.equal(poller.delayMs(), 60_000, 'backed off as after any failed poll');
    assert.deepEqual(
      model.notes.map((n) => ({ id: n.id, unread: n.unread, note_hash: n.note_hash })),
      before,
    );
    assert.equal(svc.requests.length, 1, 'the poll only: nothing fetched again');
  });
});
