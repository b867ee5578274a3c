/** Mark All Read marks every unread note the service has, every page, and reports what it confirmed. */
import * as assert from 'node:assert/strict';
import { ContentSiteClient } from '../../src/api';
import { MARK_READ_CHUNK, NotificationsModel } from '../../src/models/notificationsModel';
import { startService, type RunningService } from '../service';

describe('Mark All Read with thousands of unread notes', () => {
  let svc: RunningService;
  let api: ContentSiteClient;
  before(async () => {
    svc = await startService({ seed: { notes: 10_000 } });
    api = new ContentSiteClient({ baseUrl: svc.restUrl, token: 'cs-demo-token', retry: { maxTries: 1 } });
  });
  beforeEach(() => {
    svc.reset();
    for (const n of svc.world().notes) if (n.userId === 1001) n.unread = 1 + (n.id % 3);
  });
  after(async () => {
    await api.close();
    await svc.close();
  });
  const unreadOnService = () => svc.world().notes.filter((n) => n.userId === 1001 && n.unread > 0).length;

  it('marks all 10,000 (not 20 pages of them) in few POSTs, and reports the count the service confirmed', async () => {
    const model = new NotificationsModel({ client: () => api, pageSize: () => 20 });
    await model.refresh();
    assert.equal(unreadOnService(), 10_000);
    const report = await model.markAllRead();
    assert.deepEqual(report, { marked: 10_000, stillUnread: 0, notMarked: 0, unconfirmed: 0 });
    assert.equal(unreadOnService(), 0);
    const posts = svc.requests.filter((r) => r.method === 'POST');
    assert.equal(posts.length, Math.ceil(10_000 / MARK_READ_CHUNK));
    assert.equal(model.unreadCount, 0);
  });

  it('says exactly how many it could not mark, and why, when one POST is refused', async () => {
    const model = new NotificationsModel({ client: () => api, pageSize: () => 20 });
    await model.refresh();
    svc.queueFault({ method: 'POST', path: '/rest/v1.1/notifications/read', count: 1, fault: 'status=503' });
    const report = await model.markAllRead();
    assert.equal(report.notMarked, MARK_READ_CHUNK);
    assert.equal(report.marked, 10_000 - MARK_READ_CHUNK);
    assert.equal(report.error?.status, 503);
    assert.equal(unreadOnService(), MARK_READ_CHUNK);
  });
});
