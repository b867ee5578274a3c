/**
 * A pushed note whose answer the client cannot read (a broken cache, a service bug): the row keeps
 * the last state the service sent readably (a new note stays absent), the failure is logged, and the
 * first page is read again.
 */
import * as assert from 'node:assert/strict';
import { ContentSiteClient, type Notification } from '../../src/api';
import { LiveSession } from '../../src/models/liveSession';
import { NotificationsModel } from '../../src/models/notificationsModel';
import { startService, type RunningService } from '../service';
import { untilChanged as until } from './helpers';
import { startHoldProxy, type Hold, type HoldProxy } from './holdProxy';
import { startPushServer, type PushServer } from './pushServer';

describe('A pushed note answered unreadably', () => {
  let svc: RunningService;
  let hold: HoldProxy;
  let push: PushServer;
  let api: ContentSiteClient;
  let session: LiveSession | undefined;
  const holds: Hold[] = [];
  const held = (h: Hold): Hold => (holds.push(h), h);

  before(async () => {
    svc = await startService();
    hold = await startHoldProxy(svc.restUrl);
  });
  beforeEach(async () => {
    svc.reset();
    push = await startPushServer({ forwardTo: new URL(hold.restUrl).origin, pingMs: 100 });
    api = new ContentSiteClient({ baseUrl: push.restUrl, token: 'cs-demo-token', retry: { maxTries: 1 } });
  });
  afterEach(async () => {
    for (const h of holds.splice(0)) h.release(); // a hold a failed test left is no trap for the next
    session?.dispose();
    session = undefined;
    await api.close();
    await push.close();
  });
  after(async () => {
    await hold.close();
    await svc.close();
  });

  async function live(lines: string[]) {
    const model = new NotificationsModel({ client: () => api, pageSize: () => 20 });
    await model.refresh();
    session = new LiveSession({
      client: () => api,
      model,
      onUnauthorized: () => assert.fail('not unauthorized'),
      log: (line) => lines.push(line),
      settings: { deadAfterMs: 30_000, stableMs: 0 },
    });
    session.start();
    await until(session, () => session!.mode === 'live');
    await until(model, () => model.state.kind === 'loaded');
    return { model, session };
  }

  const note = (id: number) => svc.world().notes.find((n) => n.id === id)!;
  /** The answer's one note replaced by `broken`. */
  const answerWith = (broken: Record<string, unknown>) => (json: unknown) => ({ ...(json as object), notes: [broken] });

  const cases: Array<[string, (id: number) => Record<string, unknown>]> = [
    ['a note that breaks the schema (a timestamp that is no time)', (id) => ({ id, note_hash: 'x', timestamp: 'soon', unread: 1 })],
    ['a note without the fields asked for (only its id and hash)', (id) => ({ id, note_hash: 'x' })],
  ];
  for (const [what, broken] of cases) {
    it(`${what}: a row the list holds keeps its last valid state, the failure is logged; the re-read brings the service's copy`, async () => {
      const lines: string[] = [];
      const { model, session } = await live(lines);
      const before: Notification = structuredClone(model.get(60001)!);
      note(60001).unread = 0; // read elsewhere: the push says so
      const edited = hold.edit('GET', '/rest/v1.1/notifications/60001', answerWith(broken(60001)));
      const reread = held(hold.hold('GET', '/rest/v1/notifications/?', 'request'));
      push.push(60001);
      await edited;
      await session.notes.idle(); // the first page read again waits at the proxy: what the list shows meanwhile
      assert.deepEqual(model.get(60001), before, 'the last valid state, whole');
      assert.match(
        lines.join('\n'),
        /Could not load 1 pushed notification\(s\), reading the first page instead: The service sent an answer the extension can't read/,
      );
      await reread.arrived;
      reread.release();
      await session.notes.idle();
      await until(model, () => model.state.kind === 'loaded' && model.get(60001)!.unread === 0);
      assert.equal(model.get(60001)!.subjectText, before.subjectText);
      assert.equal(model.get(60001)!.timestamp, before.timestamp);
    });

    it(`${what}: a new note stays absent until an answer the client can read brings it`, async () => {
      const lines: string[] = [];
      const { model, session } = await live(lines);
      const top = Math.max(...svc.world().notes.map((n) => n.timestamp));
      svc.world().notes.push({ ...structuredClone(note(60000)), id: 70_000, timestamp: top + 1, unread: 1, hash: 70_000 });
      const edited = hold.edit('GET', '/rest/v1.1/notifications/70000', answerWith(broken(70_000)));
      const reread = held(hold.hold('GET', '/rest/v1/notifications/?', 'request'));
      push.push(70_000);
      await edited;
      await session.notes.idle();
      assert.equal(model.get(70_000), undefined, 'absent');
      assert.match(lines.join('\n'), /Could not load 1 pushed notification\(s\)/);
      await reread.arrived;
      reread.release();
      await session.notes.idle();
      await until(model, () => model.get(70_000) !== undefined);
      assert.equal(model.notes[0].id, 70_000);
    });
  }
});
