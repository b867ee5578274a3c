/**
 * The client's live notes against the reference service's own push channel (test/service/push.ts),
 * which pushes on its own when a note's hash changes: what one real-looking change costs the client.
 */
import { untilChanged as until } from './helpers';
import * as assert from 'node:assert/strict';
import { ContentSiteClient } from '../../src/api';
import { LiveSession } from '../../src/models/liveSession';
import { NotificationsModel } from '../../src/models/notificationsModel';
import { startService, type RunningService } from '../service';

/** A note demo has, changed after the test's own change to mark where its pushes end. */
const BARRIER = 60002;

describe("Live notes over the reference service's own channel", () => {
  let svc: RunningService;
  let api: ContentSiteClient;
  let session: LiveSession | undefined;

  before(async () => {
    svc = await startService();
    api = new ContentSiteClient({ baseUrl: svc.restUrl, token: 'cs-demo-token', retry: { maxTries: 1 } });
  });
  beforeEach(() => svc.reset());
  afterEach(() => session?.dispose());
  after(async () => {
    await api.close();
    await svc.close();
  });

  /** The note ids the client asked for one by one or with `ids=`, in the order asked. */
  const fetchedNotes = (): number[] =>
    svc.requests.flatMap((r) => {
      const url = new URL(r.path, 'http://x');
      const one = /^\/rest\/v1\.1\/notifications\/(\d+)$/.exec(url.pathname);
      if (one) return [Number(one[1])];
      if (!/^\/rest\/v1(\.1)?\/notifications\/$/.test(url.pathname)) return [];
      return [...url.searchParams.getAll('ids[]'), ...url.searchParams.getAll('ids')].flatMap((v) => v.split(',')).map(Number);
    });

  it('one new comment on a post with other notes about it makes the client fetch the new note only', async () => {
    const model = new NotificationsModel({ client: () => api, pageSize: () => 20 });
    await model.refresh();
    const aboutPost = model.notes.filter((n) => (n.meta as { ids?: { post?: number } } | undefined)?.ids?.post === 100);
    assert.ok(aboutPost.length >= 2, `the list holds ${aboutPost.length} notes about post 100`);
    session = new LiveSession({ client: () => api, model, onUnauthorized: () => assert.fail('not unauthorized') });
    session.start();
    await until(session, () => session!.mode === 'live');
    await until(model, () => model.state.kind === 'loaded'); // the first page read on connect
    svc.requests.length = 0;

    const made = await svc.push.comment({ by: 'ed', post: 100, content: 'One new comment' });
    await api.notifications.markRead({ [BARRIER]: -1 }); // pushed after every push of the comment
    await until(model, () => model.get(made.note_id) !== undefined && fetchedNotes().includes(BARRIER));
    await session.notes.idle();

    assert.deepEqual(
      fetchedNotes().filter((id) => id !== BARRIER),
      [made.note_id],
      'the new note, and none of the notes about the same post',
    );
    assert.equal(model.notes[0].id, made.note_id, 'on top');
  });
});
