/**
 * The poll sees every change the service makes visible, and keeps its schedule through outages:
 * the views recover by themselves when the service answers again.
 */
import * as assert from 'node:assert/strict';
import { ContentSiteError } from '../../src/api';
import { transient } from '../../src/models/asError';
import { NotePoller } from '../../src/models/notePoller';
import { NotificationsModel } from '../../src/models/notificationsModel';
import { restRequests, useClientAndService } from './setup';

const { svc, client } = useClientAndService();

/** Timers the test fires by hand: the schedule is visible, nothing waits on the clock. */
function manualTimers() {
  const pending: { fn: () => void; ms: number }[] = [];
  return {
    pending,
    timers: {
      set: (fn: () => void, ms: number) => (pending.push({ fn, ms }), pending.length - 1),
      clear: (h: unknown) => void (pending[h as number] = { fn: () => undefined, ms: -1 }),
    },
    last: () => pending.filter((p) => p.ms >= 0).at(-1),
  };
}

describe('What the poll detects', () => {
  async function loaded() {
    const api = client(undefined, { retry: { maxTries: 1 } });
    const model = new NotificationsModel({ client: () => api, pageSize: () => 20 });
    await model.refresh();
    const t = manualTimers();
    const poller = new NotePoller({ client: () => api, model, intervalMs: () => 30_000, active: () => true, timers: t.timers });
    return { api, model, poller, t };
  }
  const note = (id: number) =>
    svc()
      .world()
      .notes.find((n) => n.id === id)!;

  it('a note changed elsewhere with the same unread count (approved, replied, edited) is loaded again', async () => {
    const { model, poller } = await loaded();
    note(60003).hash += 17;
    (note(60003).subject as { text?: string }).text = 'Edited elsewhere';
    assert.equal(await poller.pollOnce(), 'changed');
    assert.equal(model.get(60003)!.subjectText, 'Edited elsewhere');
    assert.equal(await poller.pollOnce(), 'unchanged');
  });

  it('a new note reloads the first page; a note read elsewhere shows read', async () => {
    const { model, poller, api } = await loaded();
    note(60004).unread = 0;
    assert.equal(await poller.pollOnce(), 'changed');
    assert.equal(model.get(60004)!.unread, 0);
    const fresh = { ...note(60005), id: 69999, timestamp: note(60000).timestamp + 60, hash: 1 };
    svc().world().notes.push(fresh);
    assert.equal(await poller.pollOnce(), 'changed');
    assert.ok(model.get(69999));
    void api;
  });

  it('a new note found by the poll is added on top of what the user loaded: the pages past the first stay, and Load more goes on from them', async () => {
    const { model, poller, api } = await loaded();
    await model.loadMore();
    const before = model.notes.map((n) => n.id);
    assert.ok(before.length > 20 && model.hasMore, `${before.length} loaded, more to load`);
    svc()
      .world()
      .notes.push({ ...structuredClone(note(60005)), id: 69998, timestamp: note(60000).timestamp + 60, unread: 1, hash: 1 });
    assert.equal(await poller.pollOnce(), 'changed');
    assert.deepEqual(
      model.notes.map((n) => n.id),
      [69998, ...before],
      'the new note on top, every note loaded before still shown',
    );
    assert.ok(model.hasMore);
    await model.loadMore();
    const service = (await api.notifications.list({ number: 99, fields: 'id' })).notes.map((n) => n.id);
    assert.deepEqual(
      model.notes.map((n) => n.id),
      service.slice(0, model.notes.length),
      'the next page follows on: no gap, no duplicate',
    );
    assert.ok(model.notes.length > before.length + 1);
  });

  it('watches the newest 10 on the interval, and the whole first page when the window comes back', async () => {
    const { model, poller } = await loaded();
    const newest = model.notes.slice(0, 20).map((n) => n.id);
    const polls = () => restRequests(svc()).filter((r) => r.path.includes('fields=id%2Cnote_hash'));
    note(newest[14]).unread = 0; // read elsewhere, further down than the interval poll looks
    note(newest[14]).hash += 1;
    assert.equal(await poller.pollOnce(), 'unchanged');
    assert.match(polls().at(-1)!.path, /[?&]number=10(&|$)/);
    assert.ok(polls().at(-1)!.bytes <= 550, `an idle poll is ${polls().at(-1)!.bytes} B`);
    poller.start();
    assert.equal(await poller.nudge(), 'changed');
    assert.match(polls().at(-1)!.path, /[?&]number=20(&|$)/);
    assert.equal(model.get(newest[14])!.unread, 0, 'the note read elsewhere shows read');
    note(newest[9]).unread = 0; // within the newest 10: the interval poll sees it
    note(newest[9]).hash += 1;
    assert.equal(await poller.pollOnce(), 'changed');
    assert.equal(model.get(newest[9])!.unread, 0);
    poller.stop();
    assert.equal(await poller.nudge(), 'skipped', 'a stopped poller does not look');
  });

  it('keeps its schedule through an outage and brings the failed list back by itself', async () => {
    const { model, t } = await loaded();
    svc().queueFault({ path: '/rest/v1/notifications/', count: 3, fault: 'reset' });
    await model.refresh(); // the refresh fails: the notes stay, marked out of date
    assert.equal(model.state.kind, 'error');
    assert.equal(model.notes.length, 20);
    const recovering = new NotePoller({
      client: () => client(undefined, { retry: { maxTries: 1 } }),
      model,
      intervalMs: () => 30_000,
      active: () => true,
      failedView: () => (model.state.kind === 'error' ? model.state.error : undefined),
      recover: () => model.refresh(),
      timers: t.timers,
    });
    recovering.start();
    assert.equal(await recovering.pollOnce(), 'failed');
    assert.equal(t.last()?.ms, 60_000, 'backs off, and a next poll is scheduled');
    assert.equal(await recovering.pollOnce(), 'failed');
    assert.equal(t.last()?.ms, 90_000);
    assert.equal(await recovering.pollOnce(), 'recovered');
    assert.equal(recovering.delayMs(), 30_000);
    assert.equal(model.state.kind, 'loaded');
    assert.equal(t.last()?.ms, 30_000, 'back to the interval');
    recovering.stop();
  });

  it('a poll landing during a manual refresh is skipped, and the next one is still scheduled', async () => {
    const { model, poller, t } = await loaded();
    poller.start();
    const refreshing = model.refresh();
    assert.equal(await poller.pollOnce(), 'skipped');
    assert.equal(t.last()?.ms, 30_000);
    await refreshing;
    poller.stop();
  });

  it('stands down while the push channel is up: no note poll on the interval or on focus; a failed view still recovers', async () => {
    const { model, t } = await loaded();
    const poller = new NotePoller({
      client: () => client(undefined, { retry: { maxTries: 1 } }),
      model,
      intervalMs: () => 30_000,
      active: () => true,
      failedView: () => (model.state.kind === 'error' ? model.state.error : undefined),
      recover: () => model.refresh(),
      timers: t.timers,
    });
    poller.start();
    poller.setLive(true);
    const before = restRequests(svc()).length;
    note(60001).unread = 0;
    note(60001).hash += 1;
    assert.equal(await poller.pollOnce(), 'skipped');
    assert.equal(await poller.nudge(), 'skipped');
    assert.equal(restRequests(svc()).length, before, 'nothing was sent');
    assert.equal(t.last()?.ms, 30_000, 'the ticks go on (to recover failed views)');
    svc().queueFault({ path: '/rest/v1/notifications/', count: 1, fault: 'status=503' });
    await model.refresh();
    assert.equal(model.state.kind, 'error');
    assert.equal(await poller.pollOnce(), 'recovered', 'the failed list is loaded again, no poll besides');
    assert.equal(model.get(60001)!.unread, 0);
    poller.setLive(false);
    assert.equal(t.last()?.ms, 30_000, 'polling resumes one interval later');
    note(60002).unread = 0;
    note(60002).hash += 1;
    assert.equal(await poller.pollOnce(), 'changed');
    poller.stop();
  });

  it('waits at least as long as a 429 asks before polling again', async () => {
    const { poller, t } = await loaded();
    poller.start();
    svc().queueFault({ path: '/rest/v1/notifications/', count: 1, fault: 'ratelimit=600' });
    assert.equal(await poller.pollOnce(), 'failed');
    assert.ok((t.last()?.ms ?? 0) >= 590_000, `next poll in ${t.last()?.ms} ms`);
    assert.equal(restRequests(svc()).filter((r) => r.status === 429).length, 1);
    poller.stop();
  });
});

describe('Recovery does not block the poll', () => {
  it('a view refused for good (not a passing failure) is not retried by the poll, and notes still poll', async () => {
    const api = client(undefined, { retry: { maxTries: 1 } });
    const model = new NotificationsModel({ client: () => api, pageSize: () => 20 });
    await model.refresh();
    let recoveries = 0;
    const refused = new ContentSiteError({ kind: 'api', status: 403, userMessage: 'refused' });
    const poller = new NotePoller({
      client: () => api,
      model,
      intervalMs: () => 30_000,
      active: () => true,
      failedView: () => (transient(refused) ? refused : undefined),
      recover: async () => void recoveries++,
      timers: { set: () => 0, clear: () => undefined },
    });
    assert.equal(await poller.pollOnce(), 'unchanged');
    assert.equal(recoveries, 0);
  });

  it('passing failures are the network, timeouts, unreadable answers, 429 and 5xx; refusals are not', () => {
    const e = (kind: ContentSiteError['kind'], status?: number) => transient(new ContentSiteError({ kind, status, userMessage: '' }));
    assert.deepEqual(
      [e('network'), e('timeout'), e('bad_response'), e('rate_limited', 429), e('api', 503)],
      [true, true, true, true, true],
    );
    assert.deepEqual(
      [e('api', 403), e('api', 404), e('auth', 401), e('invalid_input'), e('cancelled')],
      [false, false, false, false, false],
    );
  });
});
