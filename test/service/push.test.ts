/**
 * The push channel over a real socket (`ws` as the client): who may open it, who hears what, each
 * kind of message, pings, the control routes, and that close() leaves nothing running. Absence of
 * a message is proven with a barrier: a later change on the same socket, whose push comes after.
 */
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { callService, serviceFixture, type CallOptions, type Reply } from './reply';
import { listen, refusal, type Listener } from './pushClient';
import { startService, type PushMessage, type RunningService } from './index';

const DEMO = 'cs-demo-token';
const ED = 'cs-ed-token';
const SITE = '/rest/v1.1/sites/2001';
/** Demo's template comment note on post 100 (demo's post), its comment 8800 pending. */
const PENDING_NOTE = 60000;
/** Demo's block-shape comment note on post 101, its comment 8850 approved. */
const BLOCK_NOTE = 60005;
/** Notes changed only to mark where a test's own pushes end. */
const BARRIER = { [DEMO]: 60002, [ED]: 60501 } as const;

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** `p`, or a rejection after `ms` (the timer does not outlive it). */
async function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

describe('The push channel of the reference service', () => {
  const fx = serviceFixture();
  const open: Listener[] = [];
  const connect = async (token = DEMO): Promise<Listener> => {
    const l = await listen(fx.svc.url, token);
    open.push(l);
    return l;
  };
  afterEach(() => {
    for (const l of open.splice(0)) l.ws.terminate();
  });
  const call = (method: string, path: string, opts: CallOptions = { token: DEMO }): Promise<Reply> =>
    callService(fx.svc.url, method, path, opts);
  const ok = async (method: string, path: string, opts: CallOptions = { token: DEMO }): Promise<Json> => {
    const r = await call(method, path, opts);
    assert.equal(r.status, 200, `${method} ${path}: ${r.text}`);
    return r.json;
  };
  const markRead = (id: number, count: number, token = DEMO): Promise<Json> =>
    ok('POST', '/rest/v1.1/notifications/read', { token, form: `counts[${id}]=${count}` });
  const hashes = async (token = DEMO): Promise<Map<number, string>> => {
    const body = await ok('GET', '/rest/v1.1/notifications/?fields=id,note_hash&number=99', { token });
    return new Map(body.notes.map((n: { id: number; note_hash: string }) => [n.id, n.note_hash]));
  };
  /** The messages `l` got from `from` on, up to the push of a barrier note changed now. */
  const upToBarrier = async (l: Listener, from: number, token: typeof DEMO | typeof ED = DEMO): Promise<PushMessage[]> => {
    await markRead(BARRIER[token], -1, token);
    const barrier = await l.next((m) => l.messages.indexOf(m) >= from && m.note_id === BARRIER[token]);
    return l.messages.slice(from, l.messages.indexOf(barrier));
  };
  /** What `act` pushed to demo's socket, and which notes' hashes it changed (or removed) as REST tells. */
  const pushedBy = async (l: Listener, act: () => Promise<unknown>): Promise<{ pushed: PushMessage[]; changed: number[] }> => {
    const from = l.messages.length;
    const before = await hashes();
    await act();
    const after = await hashes();
    const changed = [...before.keys(), ...after.keys()].filter((id, i, all) => all.indexOf(id) === i && before.get(id) !== after.get(id));
    return { pushed: await upToBarrier(l, from), changed: changed.sort() };
  };
  const ids = (ms: PushMessage[]): number[] => ms.map((m) => m.note_id).sort();

  describe('opening it', () => {
    it("with demo's bearer token: a socket opens, the state lists it, and the log records the upgrade as GET … 101", async () => {
      await connect(DEMO);
      assert.deepEqual(fx.svc.push.state().sockets, [{ user_id: 1001 }]);
      const upgrades = fx.svc.requests.filter((r) => r.upgrade);
      assert.deepEqual(
        upgrades.map((r) => [r.method, r.path, r.status, r.authorized]),
        [['GET', '/pinghub/wpcom/me/newest-note-data', 101, true]],
      );
    });
    it("without a token: 401 with the service's error JSON (authorization_required), and no socket", async () => {
      const r = await refusal(fx.svc.url);
      assert.equal(r.status, 401);
      assert.match(r.type, /^application\/json/);
      assert.deepEqual(r.body, {
        error: 'authorization_required',
        message: 'An active access token must be used to retrieve notifications.',
      });
      assert.deepEqual(fx.svc.push.state().sockets, []);
      assert.deepEqual(
        fx.svc.requests.filter((r) => r.upgrade).map((r) => [r.status, r.authorized]),
        [[401, false]],
      );
    });
    for (const token of ['cs-expired-token', 'cs-revoked-token', 'cs-nobody-token']) {
      it(`${token}: refused with the status and body REST answers it, and no socket`, async () => {
        const rest = await call('GET', '/rest/v1.1/me', { token });
        assert.equal(rest.status, 401);
        const r = await refusal(fx.svc.url, token);
        assert.deepEqual({ status: r.status, body: r.body }, { status: rest.status, body: rest.json });
        assert.deepEqual(fx.svc.push.state().sockets, []);
      });
    }
    it("a token issued to another OAuth client (cs-other-client-token): 401 invalid_token, REST's invalid-token answer, and no socket", async () => {
      const rest = await call('GET', '/rest/v1.1/me', { token: 'cs-expired-token' });
      const r = await refusal(fx.svc.url, 'cs-other-client-token');
      assert.deepEqual({ status: r.status, body: r.body }, { status: 401, body: rest.json });
      assert.deepEqual(r.body, { error: 'invalid_token', message: 'The OAuth2 token is invalid.' });
      assert.deepEqual(fx.svc.push.state().sockets, []);
    });
    it('another path is 404, with a token or not, and opens nothing', async () => {
      assert.equal((await refusal(fx.svc.url, DEMO, '/pinghub/wpcom/me/other')).status, 404);
      assert.equal((await refusal(fx.svc.url, DEMO, '/rest/v1.1/me')).status, 404);
      assert.deepEqual(fx.svc.push.state().sockets, []);
    });
  });

  describe('who hears what', () => {
    it("ed's socket does not hear demo's notes, and demo's does not hear ed's", async () => {
      const demo = await connect(DEMO);
      const ed = await connect(ED);
      await markRead(PENDING_NOTE, 1, DEMO);
      await markRead(60500, 1, ED);
      const edHeard = await upToBarrier(ed, 0, ED);
      const demoHeard = await upToBarrier(demo, 0, DEMO);
      assert.deepEqual(
        edHeard.map((m) => m.note_id),
        [60500],
      );
      assert.deepEqual(
        demoHeard.map((m) => m.note_id),
        [PENDING_NOTE],
      );
      assert.ok(ed.messages.every((m) => m.action === 'push' && m.user_id === 1002));
    });
    it('two sockets of one user both hear', async () => {
      const a = await connect(DEMO);
      const b = await connect(DEMO);
      await markRead(PENDING_NOTE, 1);
      await a.next((m) => m.note_id === PENDING_NOTE);
      await b.next((m) => m.note_id === PENDING_NOTE);
    });
  });

  describe('messages', () => {
    it('marking a note read pushes that note alone: its id, user, time and type', async () => {
      const l = await connect();
      const note = (await ok('GET', `/rest/v1.1/notifications/${PENDING_NOTE}`)).notes[0];
      const { pushed, changed } = await pushedBy(l, () => markRead(PENDING_NOTE, 9999));
      assert.deepEqual(changed, [PENDING_NOTE]);
      assert.deepEqual(pushed, [
        { action: 'push', note_id: PENDING_NOTE, user_id: 1001, newest_note_time: note.timestamp, newest_note_type: 'comment' },
      ]);
    });
    it('marking it unread again (a negative count) pushes it again', async () => {
      const l = await connect();
      await markRead(PENDING_NOTE, 9999);
      const { pushed } = await pushedBy(l, () => markRead(PENDING_NOTE, -1));
      assert.deepEqual(ids(pushed), [PENDING_NOTE]);
    });
    const actions: Array<[string, string, string | undefined, number]> = [
      ['approve', `${SITE}/comments/8800`, 'status=approved', PENDING_NOTE],
      ['unapprove', `${SITE}/comments/8850`, 'status=unapproved', BLOCK_NOTE],
      ['spam', `${SITE}/comments/8850`, 'status=spam', BLOCK_NOTE],
      ['like', `${SITE}/comments/8850/likes/new`, undefined, BLOCK_NOTE],
      ['reply', `${SITE}/comments/8800/replies/new`, 'content=Thank%20you', PENDING_NOTE],
      ['trash', `${SITE}/comments/8850/delete`, undefined, BLOCK_NOTE],
      ['like the post', `${SITE}/posts/101/likes/new`, undefined, BLOCK_NOTE],
      ['unfollow a blog', '/rest/v1.1/sites/3101/follows/mine/delete', undefined, 60001],
    ];
    for (const [name, path, form, expected] of actions) {
      it(`${name}: pushes exactly the notes whose hash changed (${expected} among them)`, async () => {
        const l = await connect();
        const { pushed, changed } = await pushedBy(l, () => ok('POST', path, { token: DEMO, form }));
        assert.ok(changed.includes(expected), `${expected} changed`);
        assert.deepEqual(ids(pushed), changed);
        assert.ok(pushed.every((m) => m.action === 'push' && m.user_id === 1001));
      });
    }
    it('a request that changes nothing (a refused one) pushes nothing', async () => {
      const l = await connect();
      const { pushed, changed } = await pushedBy(l, () =>
        call('POST', `${SITE}/comments/8850`, { token: 'cs-ann-token', form: 'status=spam' }),
      );
      assert.deepEqual(changed, []);
      assert.deepEqual(pushed, []);
    });
    it('deleting a comment for good removes its note: a delete message, and the list no longer has it', async () => {
      const l = await connect();
      await ok('POST', `${SITE}/comments/8850/delete`);
      const { pushed } = await pushedBy(l, () => ok('POST', `${SITE}/comments/8850/delete`));
      assert.deepEqual(
        pushed.filter((m) => m.action === 'delete'),
        [{ action: 'delete', note_id: BLOCK_NOTE }],
      );
      assert.ok(!(await hashes()).has(BLOCK_NOTE));
      assert.equal((await call('GET', `/rest/v1.1/notifications/${BLOCK_NOTE}`)).status, 404);
    });
    it("ed's comment on demo's post gives demo a new unread comment note: a push, and GET /notifications lists it on top", async () => {
      const demo = await connect(DEMO);
      const ed = await connect(ED);
      const before = await hashes();
      const comment = await ok('POST', `${SITE}/posts/100/replies/new`, { token: ED, form: 'content=Lovely%20piece' });
      const list = await ok('GET', '/rest/v1.1/notifications/?number=3&fields=id,type,unread,timestamp,subject,body,status,meta,note_hash');
      const top = list.notes[0];
      assert.ok(!before.has(top.id), 'a new note');
      assert.equal(top.type, 'comment');
      assert.equal(top.unread, 1);
      assert.ok(top.timestamp > list.notes[1].timestamp);
      assert.equal(top.meta.ids.comment, comment.ID);
      assert.equal(top.meta.ids.user, 1002);
      assert.match(top.subject.text, /commented on/);
      assert.equal(top.body.template, 'multi-line-list');
      assert.deepEqual(top.body.items[0].actions, {
        'approve-comment': true,
        'spam-comment': false,
        'trash-comment': false,
        'like-comment': false,
        'replyto-comment': false,
      });
      assert.equal(top.status.approval_status, 'approved');
      const pushed = await demo.next((m) => m.note_id === top.id);
      assert.deepEqual(pushed, {
        action: 'push',
        note_id: top.id,
        user_id: 1001,
        newest_note_time: top.timestamp,
        newest_note_type: 'comment',
      });
      assert.ok(!(await upToBarrier(ed, 0, ED)).some((m) => m.note_id === top.id));
    });
    it("one new comment on demo's post changes the hash of its new note only, not of demo's other notes about that post", async () => {
      const l = await connect();
      const aboutPost = async () =>
        (await ok('GET', '/rest/v1.1/notifications/?number=99&fields=id,meta')).notes
          .filter((n: Json) => n.meta?.ids?.post === 100)
          .map((n: Json) => n.id);
      const before = await aboutPost();
      assert.ok(before.length >= 2, 'demo has other notes about post 100');
      const { pushed, changed } = await pushedBy(l, () =>
        ok('POST', `${SITE}/posts/100/replies/new`, { token: ED, form: 'content=Only%20this%20one' }),
      );
      assert.equal(changed.length, 1, `changed: ${changed.join(', ')}`);
      assert.ok(!before.includes(changed[0]) && (await aboutPost()).includes(changed[0]), 'the new note about post 100');
      assert.deepEqual(ids(pushed), changed);
    });
    it("demo's reply to a comment changes demo's notes about that comment (i_replied), not her other notes about the post", async () => {
      const l = await connect();
      const { pushed, changed } = await pushedBy(l, () =>
        ok('POST', `${SITE}/comments/8800/replies/new`, { token: DEMO, form: 'content=Thanks' }),
      );
      const about8800 = (await ok('GET', '/rest/v1.1/notifications/?number=99&fields=id,meta,body')).notes
        .filter((n: Json) => JSON.stringify(n.body).includes('"comment":8800'))
        .map((n: Json) => n.id)
        .sort();
      assert.ok(about8800.includes(PENDING_NOTE));
      assert.deepEqual(changed, about8800);
      assert.deepEqual(ids(pushed), changed);
    });
    it("a reply by ed to a comment on demo's post notifies demo too; demo's own comment on her post notifies no one", async () => {
      const l = await connect();
      const { pushed, changed } = await pushedBy(l, () =>
        ok('POST', `${SITE}/comments/8800/replies/new`, { token: ED, form: 'content=Agreed' }),
      );
      const fresh = changed.filter((id) => id > 60_502);
      assert.equal(fresh.length, 1);
      assert.deepEqual(ids(pushed), changed);
      const note = (await ok('GET', `/rest/v1.1/notifications/${fresh[0]}`)).notes[0];
      assert.match(note.subject.text, /replied to a comment on/);
      const count = (await hashes()).size;
      await ok('POST', `${SITE}/posts/100/replies/new`, { token: DEMO, form: 'content=My%20own%20post' });
      assert.equal((await hashes()).size, count, 'no new note');
    });
    it('POST /__control/push/comment makes ed comment and answers the note id; ed on his own post is 400 no_note', async () => {
      const l = await connect();
      const made = await ok('POST', '/__control/push/comment', { json: { by: 'ed', post: 100, content: 'From control' } });
      assert.deepEqual(Object.keys(made).sort(), ['comment_id', 'note_id', 'user_id']);
      assert.equal(made.user_id, 1001);
      await l.next((m) => m.note_id === made.note_id);
      const note = (await ok('GET', `/rest/v1.1/notifications/${made.note_id}`)).notes[0];
      assert.equal(note.body.items[0].html, '<p>From control</p>');
      const own = await call('POST', '/__control/push/comment', { json: { by: 'ed', post: 101 } });
      assert.equal(own.status, 400);
      assert.equal(own.json.error, 'no_note');
      const inProcess = await fx.svc.push.comment({ by: 1002, post: 103 });
      await l.next((m) => m.note_id === inProcess.note_id);
    });
    it('svc.push.sync() pushes a change made to the world by hand', async () => {
      const l = await connect();
      fx.svc.world().notes.find((n) => n.id === PENDING_NOTE)!.unread = 0;
      fx.svc.push.sync();
      await l.next((m) => m.note_id === PENDING_NOTE);
    });
  });

  describe('control routes', () => {
    it('drop: every socket is cut off (1006), or closed with the code given; the state lists none', async () => {
      const a = await connect(DEMO);
      const b = await connect(ED);
      assert.deepEqual(await ok('POST', '/__control/push/drop', { json: {} }), { dropped: 2 });
      assert.equal(await a.closed(), 1006);
      assert.equal(await b.closed(), 1006);
      assert.deepEqual(fx.svc.push.state().sockets, []);
      const c = await connect(DEMO);
      assert.deepEqual(await ok('POST', '/__control/push/drop', { json: { code: 1001 } }), { dropped: 1 });
      assert.equal(await c.closed(), 1001);
    });
    it('refuse: upgrades get the status and the error JSON while it lasts; ms 0 stops refusing', async () => {
      await ok('POST', '/__control/push/refuse', { json: { ms: 5000, status: 503 } });
      const r = await refusal(fx.svc.url, DEMO);
      assert.deepEqual(r, {
        status: 503,
        type: 'application/json',
        body: { error: 'service_unavailable', message: 'The service is temporarily unavailable.' },
      });
      assert.equal(fx.svc.push.state().refusing?.status, 503);
      assert.deepEqual(
        fx.svc.requests.filter((e) => e.upgrade).map((e) => e.status),
        [503],
      );
      await ok('POST', '/__control/push/refuse', { json: { ms: 0 } });
      await connect(DEMO);
    });
    it('refuse: the refusal ends by itself after ms', async () => {
      const started = performance.now();
      await ok('POST', '/__control/push/refuse', { json: { ms: 150, status: 502 } });
      assert.equal((await refusal(fx.svc.url, DEMO)).status, 502);
      for (;;) {
        try {
          await connect(DEMO);
          break;
        } catch (err) {
          assert.equal((err as { refusal?: { status: number } }).refusal?.status, 502);
          assert.ok(performance.now() - started < 3000, 'still refusing after 3 s');
          await new Promise((r) => setTimeout(r, 20));
        }
      }
      assert.ok(performance.now() - started >= 140);
    });
    it('delay: each message comes no sooner than ms after the change', async () => {
      const l = await connect();
      await ok('POST', '/__control/push/delay', { json: { ms: 300 } });
      const started = performance.now();
      await markRead(PENDING_NOTE, 1);
      assert.equal(l.messages.length, 0, 'not before the delay');
      await l.next((m) => m.note_id === PENDING_NOTE, 3000);
      assert.ok(performance.now() - started >= 295, `${performance.now() - started} ms`);
      assert.equal(fx.svc.push.state().delay_ms, 300);
    });
    it('reset puts the controls back: pings on, no delay, no refusal', async () => {
      await ok('POST', '/__control/push/refuse', { json: { ms: 60_000 } });
      await ok('POST', '/__control/push/delay', { json: { ms: 300 } });
      await ok('POST', '/__control/push/pings', { json: { on: false } });
      await ok('POST', '/__control/reset', { json: {} });
      assert.deepEqual(await ok('GET', '/__control/push'), { sockets: [], pings: true, ping_ms: 27_000, delay_ms: 0 });
    });
    it('a malformed control body is 400 invalid_control; an unknown control is 404', async () => {
      for (const [path, json] of [
        ['refuse', {}],
        ['refuse', { ms: 10, status: 200 }],
        ['pings', { on: 'no' }],
        ['delay', { ms: -1 }],
        ['drop', { code: 1006 }],
        ['comment', { by: 'ed' }],
      ] as const) {
        const r = await call('POST', `/__control/push/${path}`, { json });
        assert.equal(r.status, 400, `${path} ${JSON.stringify(json)}`);
        assert.equal(r.json.error, 'invalid_control');
      }
      assert.equal((await call('POST', '/__control/push/explode', { json: {} })).status, 404);
    });
  });

  describe('pings', () => {
    let svc: RunningService;
    before(async () => {
      svc = await startService({ pingMs: 60 });
    });
    after(() => svc.close());
    it('every 27 s by default', () => {
      assert.equal(fx.svc.push.state().ping_ms, 27_000);
    });
    it('a ping frame comes every pingMs, again and again, never sooner', async () => {
      // Arrival times bunch up on a busy machine (two pings read at once), so no gap is timed; but a
      // ping cannot arrive before it was sent, and the fourth is sent three intervals after the socket opened.
      const opened = performance.now();
      const l = await listen(svc.url, DEMO);
      await l.pinged(4);
      assert.ok(l.pings[3] - opened >= 3 * 60 - 5, `the fourth ping ${l.pings[3] - opened} ms after opening`);
      l.ws.terminate();
    });
    it('POST /__control/push/pings {"on": false} stops them; {"on": true} resumes', async () => {
      const l = await listen(svc.url, DEMO);
      await l.pinged(1);
      await callService(svc.url, 'POST', '/__control/push/pings', { json: { on: false } });
      const stoppedAt = l.pings.length;
      // Ten intervals: a live timer would ping about ten times; one may have been on the wire already.
      await new Promise((r) => setTimeout(r, 600));
      assert.ok(l.pings.length - stoppedAt <= 1, `${l.pings.length - stoppedAt} pings while stopped`);
      await callService(svc.url, 'POST', '/__control/push/pings', { json: { on: true } });
      await l.pinged(l.pings.length + 2);
      l.ws.terminate();
    });
  });

  describe('close()', () => {
    const handles = (): Record<string, number> => {
      const counts: Record<string, number> = {};
      for (const r of process.getActiveResourcesInfo()) counts[r] = (counts[r] ?? 0) + 1;
      return counts;
    };
    it('ends every socket and timer: the client sees the socket close and no timer or socket is left', async () => {
      await new Promise((r) => setImmediate(r)); // mocha arms its own timeout once the test has started
      const before = handles();
      const svc = await startService({ pingMs: 50 });
      const l = await listen(svc.url, DEMO);
      svc.push.delay(60_000);
      await svc.push.comment({ by: 'ed', post: 100 });
      await l.pinged(1);
      assert.equal(svc.push.state().sockets.length, 1);
      await svc.close();
      assert.equal(await l.closed(), 1006);
      await new Promise((r) => setImmediate(r));
      const after = handles();
      for (const kind of ['Timeout', 'TCPSocketWrap', 'TCPServerWrap'])
        assert.ok((after[kind] ?? 0) <= (before[kind] ?? 0), `${kind}: ${before[kind] ?? 0} before, ${after[kind] ?? 0} after`);
      assert.equal(l.messages.length, 0, 'the delayed message was dropped, not sent');
    });
    it('the CLI: --ping-ms sets the interval, and SIGTERM ends the process (nothing keeps it alive)', async () => {
      const child = spawn(process.execPath, ['--require', 'tsx/cjs', 'test/service/cli.ts', '--port', '0', '--ping-ms', '40'], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      try {
        let out = '';
        const url = await within(
          new Promise<string>((resolve) => {
            child.stdout.on('data', (d: Buffer) => {
              out += d.toString('utf8');
              const m = /listening on (http:\/\/127\.0\.0\.1:\d+)[^]*ping every/.exec(out);
              if (m) resolve(m[1]);
            });
          }),
          15_000,
          'the CLI to print its URL',
        );
        assert.match(out, /ping every 40 ms/);
        const l = await listen(url, DEMO);
        await l.pinged(3);
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        assert.equal(await l.closed(5000), 1006);
        const [code] = await within(exited, 5000, 'the process to exit after SIGTERM');
        assert.equal(code, 0);
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    });
  });
});
