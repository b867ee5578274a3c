/**
 * Live notes end to end over a real socket: the push policy, LiveNotes and the notifications model
 * against the reference service (REST, through a hold proxy to make races happen) and a push
 * channel on the same host (pushServer.ts, with the policy's numbers shortened). Point these at the
 * reference service's own channel (test/service/push.ts) once it lands: its controls are the same.
 */
import { untilChanged as until } from './helpers';
import * as assert from 'node:assert/strict';
import { ContentSiteClient, type Notification } from '../../src/api';
import { LiveSession } from '../../src/models/liveSession';
import { NewNoteTeller } from '../../src/models/newNoteAlert';
import { NotePoller } from '../../src/models/notePoller';
import { NotificationsModel } from '../../src/models/notificationsModel';
import type { PushPolicySettings } from '../../src/models/pushPolicy';
import { startService, type RunningService } from '../service';
import { startHoldProxy, type HoldProxy } from './holdProxy';
import { startPushServer, type PushServer } from './pushServer';

/** The policy's numbers, shortened: a dead socket after 800 ms of silence (pings every 100 ms). */
const FAST: Partial<PushPolicySettings> = {
  delaysMs: [20, 40, 60, 80, 100],
  pauseMs: 300,
  deadAfterMs: 800,
  stableMs: 0,
  jitter: 0.2,
  refusedMs: 300,
  refusedMaxMs: 600,
};

describe('Live notes over the push channel', () => {
  let svc: RunningService;
  let hold: HoldProxy;
  let push: PushServer;
  const clients: ContentSiteClient[] = [];
  const sessions: LiveSession[] = [];

  before(async () => {
    svc = await startService();
    hold = await startHoldProxy(svc.restUrl);
  });
  beforeEach(async () => {
    svc.reset();
    push = await startPushServer({ forwardTo: new URL(hold.restUrl).origin, pingMs: 100 });
  });
  afterEach(async () => {
    for (const s of sessions.splice(0)) s.dispose();
    await push.close();
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await hold.close();
    await svc.close();
  });

  const note = (id: number) => svc.world().notes.find((n) => n.id === id)!;
  /** New notes on the service, newer than every other, as a comment elsewhere would make them. */
  const addNotes = (count: number, from = 70_000): number[] => {
    const top = Math.max(...svc.world().notes.map((n) => n.timestamp));
    return Array.from({ length: count }, (_, k) => {
      const id = from + k;
      svc.world().notes.push({ ...structuredClone(note(60000)), id, timestamp: top + 1 + k, unread: 1, hash: id });
      return id;
    });
  };
  /** REST requests for notes by id (one note, or `ids=`), as the service saw them. */
  const noteFetches = () =>
    svc.requests.filter((r) => /^\/rest\/v1\.1\/notifications\/\d+/.test(r.path) || /^\/rest\/v1\/notifications\/\?.*ids/.test(r.path));
  /** REST's `GET me`, the check of a refused upgrade. */
  const meChecks = () => svc.requests.filter((r) => r.path.startsWith('/rest/v1.1/me'));
  const firstPageReads = () => svc.requests.filter((r) => /^\/rest\/v1\/notifications\/\?/.test(r.path) && !r.path.includes('ids'));

  /** Live, with the first page read again on connect answered (notes added after it are not in it). */
  async function connected(session: LiveSession, model: NotificationsModel): Promise<void> {
    await until(session, () => session.mode === 'live');
    // onConnected started the read before this runs: the list is loading until it is answered.
    await until(model, () => model.state.kind === 'loaded');
  }

  async function live(
    options: { token?: string; poller?: NotePoller; onUnauthorized?: (status: number) => void; warn?: (line: string) => void } = {},
  ) {
    const api = new ContentSiteClient({ baseUrl: push.restUrl, token: options.token ?? 'cs-demo-token', retry: { maxTries: 1 } });
    clients.push(api);
    const model = new NotificationsModel({ client: () => api, pageSize: () => 20 });
    if (!options.token) await model.refresh();
    const session = new LiveSession({
      client: () => api,
      model,
      poller: options.poller,
      onUnauthorized: options.onUnauthorized ?? (() => assert.fail('not unauthorized')),
      warn: options.warn,
      settings: FAST,
    });
    sessions.push(session);
    return { api, model, session };
  }

  it('a pushed new note shows on top with the list fields, a changed one in place, a deleted one goes', async () => {
    const { model, session } = await live();
    const arrived: Notification[] = [];
    model.onDidArrive((notes) => arrived.push(...notes));
    session.start();
    await connected(session, model);
    const [fresh] = addNotes(1);
    (note(60001).subject as { text: string }).text = 'Edited elsewhere';
    note(60001).hash += 1;
    push.push(fresh);
    push.push(60001);
    push.remove(60002);
    await until(model, () => model.get(60002) === undefined);
    await until(model, () => model.get(fresh) !== undefined && model.get(60001)!.subjectText === 'Edited elsewhere');
    await session.notes.idle();
    assert.equal(model.notes[0].id, fresh, 'on top');
    assert.ok(model.notes[0].body && model.notes[0].note_hash !== undefined, 'with the fields the list reads');
    assert.deepEqual(
      arrived.map((n) => n.id),
      [fresh],
      'only the new note arrived; the changed one did not',
    );
    assert.deepEqual(
      noteFetches().map((r) => r.path.split('?')[0]),
      ['/rest/v1/notifications/'],
      'the two pushes were one ids= request',
    );
  });

  it('a batch answer that holds a note nobody pushed: only the pushed notes are taken, the other is ignored and logged', async () => {
    const warnings: string[] = [];
    const { model, session } = await live({ warn: (line) => warnings.push(line) });
    session.start();
    await connected(session, model);
    const [a, b, stranger] = addNotes(3); // the stranger is the newest: it would sort on top
    // The batch request for the two pushes is answered as if it had asked for the stranger too.
    const rewritten = hold.rewrite('GET', '/rest/v1/notifications/?ids', (path) => {
      const url = new URL(path, 'http://x');
      url.searchParams.append('ids[]', String(stranger));
      url.searchParams.set('number', String(Number(url.searchParams.get('number')) + 1));
      return `${url.pathname}${url.search}`;
    });
    push.push(a);
    push.push(b);
    await rewritten;
    await until(model, () => model.get(a) !== undefined && model.get(b) !== undefined);
    await session.notes.idle();
    assert.equal(noteFetches().length, 1, 'the two pushes were one ids= request');
    assert.ok(noteFetches()[0].path.includes(String(stranger)), 'and its answer held the stranger');
    assert.equal(model.get(stranger), undefined, 'nobody pushed it: not added');
    assert.deepEqual(
      model.notes.slice(0, 2).map((n) => n.id),
      [b, a],
    );
    assert.deepEqual(warnings, [
      `The answer for 2 pushed notification(s) also held 1 that were not asked for (${stranger}); ignored them.`,
    ]);
  });

  it('a new note is told as arrived once, also when a refresh showed it before its push was fetched', async () => {
    const { model, session } = await live();
    const arrived: number[] = [];
    model.onDidArrive((notes) => arrived.push(...notes.map((n) => n.id)));
    session.start();
    await connected(session, model);
    const [fresh] = addNotes(1);
    const held = hold.hold('GET', `/rest/v1.1/notifications/${fresh}`, 'response');
    push.push(fresh);
    await held.answered;
    await model.refresh(); // the user refreshed meanwhile: the note is in the list before its push is fetched
    assert.ok(model.get(fresh));
    held.release();
    await session.notes.idle();
    push.push(fresh); // changed again: no longer new
    await until(model, () => noteFetches().length === 2);
    await session.notes.idle();
    assert.deepEqual(arrived, [fresh]);
  });

  it('a pushed note outside the view filter is not added; one the service no longer has is removed', async () => {
    const { model, session } = await live();
    await model.setFilter({ kind: 'type', type: 'follow' });
    session.start();
    await connected(session, model);
    const [comment] = addNotes(1);
    const follow = model.notes[0].id;
    svc.world().notes = svc.world().notes.filter((n) => n.id !== follow);
    push.push(comment);
    push.push(follow); // fetched with the comment or after it
    await until(model, () => model.get(follow) === undefined);
    await session.notes.idle();
    assert.equal(model.get(comment), undefined, 'a comment is not a follow');
    assert.ok(
      noteFetches().some((r) => r.path.includes(String(comment))),
      'the comment was fetched, and left out',
    );
  });

  it('a socket dropped mid-burst loses no note: the first page is read again when it is back', async () => {
    const { api, model, session } = await live();
    session.start();
    await connected(session, model);
    const ids = addNotes(10);
    for (const id of ids.slice(0, 5)) push.push(id);
    push.drop(); // the other five are never pushed: they happen while the socket is down
    await until(session, () => session.mode === 'polling');
    await push.until(() => push.upgrades.filter((u) => u.status === 101).length === 2);
    await until(model, () => ids.every((id) => model.get(id) !== undefined) && model.state.kind === 'loaded');
    await session.notes.idle();
    const service = (await api.notifications.list({ number: 20, fields: 'id' })).notes.map((n) => n.id);
    assert.deepEqual(
      model.notes.slice(0, 20).map((n) => n.id),
      service,
      'the list is the service first page',
    );
    assert.ok(firstPageReads().length >= 2, 'read again after the reconnect');
  });

  it('refused upgrades: it polls meanwhile and goes live when the server accepts again', async () => {
    const t: Array<() => void> = [];
    const api = new ContentSiteClient({ baseUrl: push.restUrl, token: 'cs-demo-token', retry: { maxTries: 1 } });
    clients.push(api);
    const model = new NotificationsModel({ client: () => api, pageSize: () => 20 });
    await model.refresh();
    const poller = new NotePoller({
      client: () => api,
      model,
      intervalMs: () => 30_000,
      active: () => true,
      timers: { set: (fn) => t.push(fn), clear: () => undefined },
    });
    poller.start();
    const session = new LiveSession({ client: () => api, model, poller, onUnauthorized: () => assert.fail('not auth'), settings: FAST });
    sessions.push(session);
    push.refuse(503);
    session.start();
    await push.until(() => push.upgrades.length === 3);
    await until(session, () => session.phase === 'waiting');
    assert.deepEqual(session.lastFailure, { kind: 'refused', status: 503 });
    assert.equal(session.mode, 'polling');
    assert.ok(session.retryAt !== undefined, 'the next try is scheduled (the view says when)');
    assert.equal(await poller.pollOnce(), 'unchanged', 'the poll is the fallback while the socket is down');
    push.refuse(0);
    await until(session, () => session.mode === 'live');
    assert.deepEqual(
      push.upgrades.map((u) => u.status),
      [503, 503, 503, 101],
    );
    const before = svc.requests.length;
    assert.equal(await poller.pollOnce(), 'skipped', 'no poll while live');
    assert.equal(svc.requests.length, before);
    poller.stop();
  });

  it('pings stopped: the socket is found dead after the (shortened) silence, cut, and replaced', async () => {
    const { model, session } = await live();
    session.start();
    await until(session, () => session.mode === 'live');
    const reads = firstPageReads().length;
    push.pings(false);
    await push.until(() => push.closeCodes.length === 1);
    assert.deepEqual(push.closeCodes, [1006], 'cut by the client, no close frame');
    await push.until(() => push.upgrades.filter((u) => u.status === 101).length === 2);
    await until(model, () => firstPageReads().length > reads && model.state.kind === 'loaded');
    session.stop();
  });

  it('a message over the 64 KB bound: the socket is closed as a protocol failure, it polls and connects again (no sign-out)', async () => {
    const { model, session } = await live(); // told unauthorized: the test fails
    session.start();
    await connected(session, model);
    const [fresh] = addNotes(1);
    push.send(JSON.stringify({ action: 'push', note_id: fresh, padding: 'x'.repeat(100 * 1024) }));
    await until(session, () => session.mode === 'polling');
    assert.equal(session.lastFailure?.kind, 'protocol');
    await push.until(() => push.upgrades.filter((u) => u.status === 101).length === 2);
    await until(session, () => session.mode === 'live');
    await until(model, () => model.get(fresh) !== undefined && model.state.kind === 'loaded');
    assert.equal(noteFetches().length, 0, 'the big push was never read: the note came with the first page read on connect');
  });

  it('a 401 on the upgrade is told once and never retried (no reconnect loop)', async () => {
    const told: number[] = [];
    const { session } = await live({ token: 'cs-revoked-token', onUnauthorized: (status) => told.push(status) });
    session.start();
    await until(session, () => session.phase === 'unauthorized');
    assert.deepEqual(told, [401]);
    assert.deepEqual(session.lastFailure, { kind: 'auth', status: 401 });
    assert.deepEqual(
      meChecks().map((r) => r.status),
      [401],
      'the REST API refused the token too before anyone was signed out',
    );
    // Longer than the whole shortened schedule (every back-off step and the rest): nothing more is asked.
    const schedule = FAST.delaysMs!.reduce((a, b) => a + b, 0) + FAST.pauseMs!;
    await new Promise((r) => setTimeout(r, 2 * schedule));
    assert.equal(push.upgrades.length, 1);
    assert.deepEqual(told, [401]);
    assert.equal(session.retryAt, undefined);
  });

  for (const status of [401, 403])
    it(`a ${status} on the upgrade while the REST API accepts the token is a refusal, not a drop: it polls, tries the channel again after the (shortened) minutes, doubling, and goes live when it accepts`, async () => {
      const { model, session } = await live(); // told unauthorized: the test fails
      push.refuse(status); // a proxy in front of the channel refuses it; REST goes through
      session.start();
      const waits: number[] = [];
      for (const refusals of [1, 2]) {
        await until(session, () => session.phase === 'waiting' && meChecks().length === refusals);
        waits.push(session.retryAt! - Date.now());
        assert.equal(session.mode, 'polling');
        assert.deepEqual(session.lastFailure, { kind: 'auth', status });
      }
      // Not the reconnect schedule's 20 and 40 ms: refusedMs, then twice it (each ±20%, less the time it took to see it).
      assert.ok(waits[0] > 0.8 * FAST.refusedMs! - 50 && waits[0] <= 1.2 * FAST.refusedMs!, `first wait ${waits[0]} ms`);
      assert.ok(waits[1] > 1.6 * FAST.refusedMs! - 50 && waits[1] <= 2.4 * FAST.refusedMs!, `second wait ${waits[1]} ms`);
      assert.deepEqual(
        meChecks().map((r) => r.status),
        [200, 200],
        'REST asked at each refusal, and it accepted the token',
      );
      push.refuse(0);
      await connected(session, model);
      assert.deepEqual(
        push.upgrades.map((u) => u.status),
        [status, status, 101],
      );
    });

  it('a REST check answered after the user signed in again does not sign the new sign-in out', async () => {
    let token = 'cs-revoked-token';
    const api = new ContentSiteClient({ baseUrl: push.restUrl, token: () => token, retry: { maxTries: 1 } });
    clients.push(api);
    const model = new NotificationsModel({ client: () => api, pageSize: () => 20 });
    const told: number[] = [];
    let refusedSeen!: () => void;
    const refused = new Promise<void>((resolve) => (refusedSeen = resolve));
    const log = (line: string) => void (/REST API refuses the sign-in too/.test(line) && refusedSeen());
    const session = new LiveSession({ client: () => api, model, onUnauthorized: (s) => told.push(s), log, settings: FAST });
    sessions.push(session);
    const check = hold.hold('GET', '/rest/v1.1/me', 'response');
    session.start();
    await check.answered; // REST has refused the revoked token; its answer waits at the proxy
    token = 'cs-demo-token'; // meanwhile the user signed in again
    session.stop();
    session.start();
    await connected(session, model);
    check.release();
    await refused; // the client has read the late refusal
    await new Promise((resolve) => setImmediate(resolve)); // and the policy has had it
    assert.deepEqual(
      meChecks().map((r) => r.status),
      [401],
    );
    assert.deepEqual(told, [], 'of the old sign-in: dropped');
    assert.equal(session.mode, 'live');
    assert.deepEqual(
      push.upgrades.map((u) => u.status),
      [401, 101],
    );
  });

  it('100 pushes in a burst are at most 2 fetches, and every note shows', async () => {
    const { api, model, session } = await live();
    let received = 0;
    let allReceived!: () => void;
    const all = new Promise<void>((r) => (allReceived = r));
    const open = api.push.open.bind(api.push);
    api.push.open = (listener, o) =>
      open((e) => {
        if (e.type === 'message' && ++received === 100) allReceived();
        listener(e);
      }, o);
    session.start();
    await connected(session, model);
    const ids = addNotes(100);
    svc.requests.length = 0;
    const first = hold.hold('GET', '/rest/v1', 'request');
    for (const id of ids) push.push(id);
    await first.arrived;
    await all;
    first.release(); // every push has arrived while the first fetch was out
    await until(model, () => ids.every((id) => model.get(id) !== undefined));
    await session.notes.idle();
    assert.ok(
      noteFetches().length <= 2,
      `${noteFetches().length} fetches: ${noteFetches()
        .map((r) => r.path.slice(0, 60))
        .join(', ')}`,
    );
    assert.deepEqual(
      model.notes.slice(0, 100).map((n) => n.id),
      [...ids].reverse(),
      'newest first, on top',
    );
  });

  it('a push racing the user’s own mark read does not undo the pending mark', async () => {
    const { model, session } = await live();
    session.start();
    await connected(session, model);
    assert.ok(model.get(60000)!.unread > 0);
    const held = hold.hold('GET', '/rest/v1.1/notifications/60000', 'response');
    push.push(60000); // say the note changed: its fetch is answered at once, but the answer waits at the proxy
    await held.answered; // the service's answer says unread
    await model.markRead([60000]);
    assert.equal(model.get(60000)!.unread, 0);
    held.release();
    await session.notes.idle();
    assert.equal(model.get(60000)!.unread, 0, 'the older answer does not undo the mark');
    assert.equal(note(60000).unread, 0, 'and the service has it read');
  });

  describe('"Notify me of new notes: all" tells new notes however they arrive, each once', () => {
    /** A teller under `all` for demo, and the ids it told, message by message. */
    function teller(model: NotificationsModel) {
      const told: number[][] = [];
      const t = new NewNoteTeller({ setting: () => 'all', me: () => 1001, tell: (notes) => told.push(notes.map((n) => n.id)) });
      model.onDidArrive((notes) => t.arrived(notes));
      return told;
    }

    it('with the channel down, a note found by the poll is told once; not the first page after sign-in, nor a page loaded further down', async () => {
      const api = new ContentSiteClient({ baseUrl: push.restUrl, token: 'cs-demo-token', retry: { maxTries: 1 } });
      clients.push(api);
      const model = new NotificationsModel({ client: () => api, pageSize: () => 20 });
      const told = teller(model);
      const poller = new NotePoller({
        client: () => api,
        model,
        intervalMs: () => 30_000,
        active: () => true,
        timers: { set: () => 0, clear: () => undefined },
      });
      await model.refresh(); // signed in: the first page, unread notes and all
      assert.ok(model.notes.some((n) => n.unread > 0));
      assert.deepEqual(told, [], 'no burst for the first page');
      const [fresh] = addNotes(1); // the push channel is down: nothing pushes it
      assert.equal(await poller.pollOnce(), 'changed');
      assert.deepEqual(told, [[fresh]]);
      assert.equal(await poller.pollOnce(), 'unchanged');
      await model.loadMore();
      const [read] = addNotes(1, 71_000);
      note(read).unread = 0; // read elsewhere before it came
      assert.equal(await poller.pollOnce('firstPage'), 'changed');
      await model.refresh();
      assert.ok(model.get(read));
      assert.deepEqual(told, [[fresh]], 'once; a page further down and a note read elsewhere are not news');
    });

    it('the first page read again after a reconnect tells the notes that came while the socket was down, once', async () => {
      const { model, session } = await live();
      const told = teller(model);
      session.start();
      await connected(session, model);
      push.drop();
      await until(session, () => session.mode === 'polling');
      const ids = addNotes(2); // while down: never pushed
      await push.until(() => push.upgrades.filter((u) => u.status === 101).length === 2);
      await until(model, () => ids.every((id) => model.get(id) !== undefined) && model.state.kind === 'loaded');
      assert.deepEqual(told, [[...ids].reverse()], 'one message for both, newest first');
      await model.refresh();
      assert.deepEqual(told, [[...ids].reverse()]);
    });

    it('a note both pushed and brought by a re-read is told once, whichever lands first (each answer held back in turn)', async () => {
      const { model, session } = await live();
      const told = teller(model);
      session.start();
      await connected(session, model);
      // The push's fetch lands first: the re-read's answer, which holds the note too, waits at the proxy.
      const [a] = addNotes(1);
      const page = hold.hold('GET', '/rest/v1/notifications/?', 'response');
      const reread = model.refresh();
      await page.answered;
      push.push(a);
      await until(model, () => model.get(a) !== undefined);
      page.release();
      await reread;
      // The re-read lands first: the push's fetch waits at the proxy.
      const [b] = addNotes(1, 71_000);
      const fetch = hold.hold('GET', `/rest/v1.1/notifications/${b}`, 'response');
      push.push(b);
      await fetch.answered;
      await model.refresh();
      assert.ok(model.get(b));
      fetch.release();
      await session.notes.idle();
      assert.deepEqual(told, [[a], [b]]);
    });
  });
});
