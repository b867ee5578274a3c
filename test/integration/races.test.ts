/**
 * The list core under concurrency: a proxy holds back one request or answer so that another
 * overtakes it, as a real network does. After each race the model must equal what the service
 * holds (a fresh GET), and nothing the user did may be lost or shown twice.
 */
import * as assert from 'node:assert/strict';
import { ContentSiteClient } from '../../src/api';
import { NotificationsModel } from '../../src/models/notificationsModel';
import { SiteChanges } from '../../src/models/siteChanges';
import { TrashModel } from '../../src/models/trashModel';
import { startService, type RunningService } from '../service';
import { startHoldProxy, type HoldProxy } from './holdProxy';
import { siteOf } from './setup';

const DEMO = 'demo.example.blog';

describe('Races between the user and refreshes (through a holding proxy)', () => {
  let svc: RunningService;
  let proxy: HoldProxy;
  const clients: ContentSiteClient[] = [];
  const client = () => {
    const c = new ContentSiteClient({ baseUrl: proxy.restUrl, token: 'cs-demo-token', retry: { maxTries: 1 } });
    clients.push(c);
    return c;
  };
  /** The service's own view, straight from it (not through the proxy). */
  const truth = () => {
    const c = new ContentSiteClient({ baseUrl: svc.restUrl, token: 'cs-demo-token' });
    clients.push(c);
    return c;
  };
  const serviceUnread = async (): Promise<Map<number, boolean>> =>
    new Map((await truth().notifications.list({ number: 99, fields: 'id,unread' })).notes.map((n) => [n.id, n.unread > 0]));
  const notesModel = () => {
    const api = client();
    return new NotificationsModel({ client: () => api, pageSize: () => 20 });
  };
  const trashModel = () => {
    const api = client();
    return new TrashModel({ client: () => api, pageSize: () => 50, site: siteOf(DEMO), changes: new SiteChanges() });
  };
  const serviceTrash = async () =>
    (await truth().posts.trashed(DEMO, { number: 50, type: 'any', fields: 'ID' })).posts.map((p) => p.ID).sort();

  async function assertNotesMatchService(model: NotificationsModel): Promise<void> {
    const service = await serviceUnread();
    for (const note of model.notes)
      assert.equal(
        note.unread > 0,
        service.get(note.id),
        `note ${note.id}: shown ${note.unread > 0 ? 'unread' : 'read'}, service says ${service.get(note.id) ? 'unread' : 'read'}`,
      );
    assert.equal(new Set(model.notes.map((n) => n.id)).size, model.notes.length, 'no note shown twice');
  }
  async function assertTrashMatchesService(model: TrashModel): Promise<void> {
    assert.deepEqual(model.items.map((p) => p.ID).sort(), await serviceTrash());
  }

  before(async () => {
    svc = await startService();
    proxy = await startHoldProxy(svc.restUrl);
  });
  beforeEach(() => svc.reset());
  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await proxy.close();
    await svc.close();
  });

  describe('mark read', () => {
    it('a refresh answered before the POST but arriving after it does not undo the mark', async () => {
      const model = notesModel();
      await model.refresh();
      const held = proxy.hold('GET', '/rest/v1/notifications/', 'response');
      const refreshing = model.refresh();
      await held.answered; // the refresh's answer was computed: 60000 still unread in it
      await model.markRead([60000]);
      held.release();
      await refreshing;
      assert.equal(model.get(60000)!.unread, 0);
      await assertNotesMatchService(model);
    });

    it('a refresh that starts while the POST is on its way does not undo it (3 notes)', async () => {
      const model = notesModel();
      await model.refresh();
      const held = proxy.hold('POST', '/rest/v1.1/notifications/read', 'request');
      const marking = model.markRead([60000, 60001, 60002]);
      await held.arrived;
      await model.refresh(); // the service has not seen the POST yet: all three unread in this answer
      assert.deepEqual(
        [60000, 60001, 60002].map((id) => model.get(id)!.unread),
        [0, 0, 0],
        'shown read while pending',
      );
      held.release();
      await marking;
      assert.deepEqual(
        [60000, 60001, 60002].map((id) => model.get(id)!.unread),
        [0, 0, 0],
      );
      await assertNotesMatchService(model);
    });

    it('a refused mark after a refresh brought newer counts shows the newer counts, not the old ones', async () => {
      const model = notesModel();
      await model.refresh();
      assert.equal(model.get(60001)!.unread, 2);
      const held = proxy.hold('POST', '/rest/v1.1/notifications/read', 'request');
      const marking = model.markRead([60001]);
      await held.arrived;
      const note = svc.world().notes.find((n) => n.id === 60001)!;
      note.unread = 5; // three more updates arrived on the service
      await model.refresh();
      svc.queueFault({ method: 'POST', path: '/rest/v1.1/notifications/read', count: 1, fault: 'status=500' });
      held.release();
      await assert.rejects(marking, (e: { status?: number }) => e.status === 500);
      assert.equal(model.get(60001)!.unread, 5, "the service's newer count, not the 2 shown before the mark");
      await assertNotesMatchService(model);
    });

    it('a mark whose answer is lost although the service applied it: asks the service, shows read, reports no failure', async () => {
      const model = notesModel();
      await model.refresh();
      const held = proxy.hold('POST', '/rest/v1.1/notifications/read', 'lose-response');
      const marking = model.markRead([60000]);
      await held.answered;
      held.release();
      await marking;
      assert.equal(model.get(60000)!.unread, 0);
      await assertNotesMatchService(model);
    });

    it('a mark whose request is lost before the service saw it: asks the service, shows unread, and says so', async () => {
      const model = notesModel();
      await model.refresh();
      svc.queueFault({ method: 'POST', path: '/rest/v1.1/notifications/read', count: 1, fault: 'reset' });
      await assert.rejects(model.markRead([60000]), (e: { userMessage: string }) => /could not be marked read/.test(e.userMessage));
      assert.equal(model.get(60000)!.unread, 1);
      await assertNotesMatchService(model);
    });
  });

  describe('restore', () => {
    for (const ids of [[200], [200, 201, 202]]) {
      it(`restoring ${ids.length} while the trash refreshes: the restored posts do not reappear`, async () => {
        const model = trashModel();
        await model.refresh();
        const held = proxy.hold('GET', `/rest/v1.1/sites/${DEMO}/posts/`, 'response');
        const refreshing = model.refresh();
        await held.answered; // computed before the restore: still lists the posts
        const report = await model.restore(ids);
        assert.deepEqual(report.restored.map((p) => p.ID).sort(), ids);
        held.release();
        await refreshing;
        for (const id of ids) assert.equal(model.post(id), undefined, `post ${id} is not back in the trash`);
        await assertTrashMatchesService(model);
      });
    }

    it('a restore whose answer is lost although applied: the service is asked, the post reported restored', async () => {
      const model = trashModel();
      await model.refresh();
      const held = proxy.hold('POST', `/rest/v1.1/sites/${DEMO}/posts/200/restore`, 'lose-response');
      const restoring = model.restore([200]);
      await held.answered;
      held.release();
      const report = await restoring;
      assert.deepEqual(
        report.restored.map((p) => [p.ID, p.status]),
        [[200, svc.world().posts.get(200)!.status]],
      );
      assert.deepEqual([report.failed, report.unconfirmed, report.alreadyGone], [[], [], []]);
      await assertTrashMatchesService(model);
    });

    it('two overlapping restores of the same posts: neither reports a failure for a restored post', async () => {
      const a = trashModel();
      const b = trashModel();
      await Promise.all([a.refresh(), b.refresh()]);
      const held = proxy.hold('POST', `/rest/v1.1/sites/${DEMO}/posts/restore`, 'request');
      const first = a.restore([201, 202]);
      await held.arrived;
      const second = await b.restore([201, 202]); // reaches the service first
      held.release();
      const late = await first;
      assert.deepEqual(second.restored.map((p) => p.ID).sort(), [201, 202]);
      assert.deepEqual(late.failed, []);
      assert.deepEqual(late.alreadyGone.map((g) => g.id).sort(), [201, 202]);
      await assertTrashMatchesService(a);
      await assertTrashMatchesService(b);
    });

    it('restoreMany with a repeated id sends it once and reports it restored', async () => {
      const model = trashModel();
      await model.refresh();
      const report = await model.restore([206, 206]);
      assert.deepEqual(
        report.restored.map((p) => p.ID),
        [206],
      );
      assert.deepEqual(report.failed, []);
      assert.equal(svc.requests.filter((r) => r.method === 'POST').length, 1);
      assert.match(svc.requests.find((r) => r.method === 'POST')!.path, /posts\/206\/restore/);
    });
  });

  describe('a failed refresh', () => {
    it('keeps what was shown, with its unread count, marked as an error', async () => {
      const model = notesModel();
      await model.refresh();
      const unread = model.unreadCount;
      svc.queueFault({ path: '/rest/v1/notifications/', count: 1, fault: 'reset' });
      await model.refresh();
      assert.equal(model.state.kind, 'error');
      assert.equal(model.notes.length, 20);
      assert.equal(model.unreadCount, unread);
      assert.ok(model.list.stale);
      await model.refresh();
      assert.equal(model.state.kind, 'loaded');
    });
  });
});
