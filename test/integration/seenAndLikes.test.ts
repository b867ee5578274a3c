/**
 * Two things the service's panel does that the editor now does too: it tells the service when the
 * notes were seen (once per newer note, only while the list is visible), and its Likes filter
 * holds likes of comments as well as of posts, which a poll then watches without reloading.
 */
import * as assert from 'node:assert/strict';
import { NotePoller } from '../../src/models/notePoller';
import { NotificationsModel } from '../../src/models/notificationsModel';
import { FILTER_PRESETS, filterId } from '../../src/models/noteFilters';
import { SeenMarker } from '../../src/models/seenMarker';
import { restRequests, useClientAndService } from './setup';

describe('Seen time and the Likes filter', () => {
  const { svc, client } = useClientAndService({ retry: { maxTries: 1 } });
  const seenPosts = () => restRequests(svc()).filter((r) => r.path === '/rest/v1.1/notifications/seen');

  it('the seen time advances once per newer note, only while the list is visible', async () => {
    const api = client();
    const model = new NotificationsModel({ client: () => api, pageSize: () => 20 });
    let visible = false;
    const seen = new SeenMarker({ client: () => api, newest: () => model.notes[0]?.timestamp, visible: () => visible });
    await model.refresh();
    await seen.update();
    assert.equal(seenPosts().length, 0, 'not while hidden');
    visible = true;
    await seen.update();
    await seen.update();
    assert.equal(seenPosts().length, 1, 'once for the same newest note');
    assert.equal(svc().world().users.get(1001)!.lastSeenTime, model.notes[0].timestamp);
    // A newer note arrives: one more.
    svc()
      .world()
      .notes.find((n) => n.id === model.notes.at(-1)!.id)!.timestamp = model.notes[0].timestamp + 60;
    await model.refresh();
    await seen.update();
    assert.equal(seenPosts().length, 2);
  });

  it('a failed seen is tried again on the next change, not in a loop', async () => {
    const api = client();
    const model = new NotificationsModel({ client: () => api, pageSize: () => 20 });
    await model.refresh();
    const seen = new SeenMarker({ client: () => api, newest: () => model.notes[0]?.timestamp, visible: () => true });
    svc().queueFault({ path: '/rest/v1.1/notifications/seen', count: 1, fault: 'status=503' });
    await seen.update();
    assert.equal(seenPosts().length, 1);
    await seen.update();
    assert.equal(seenPosts().length, 2, 'the next change sends it again');
    await seen.update();
    assert.equal(seenPosts().length, 2);
  });

  it('Likes shows likes of comments too, and an idle poll of it reloads nothing', async () => {
    const world = svc().world();
    const like = world.notes.find((n) => n.userId === 1001 && n.type === 'like')!;
    world.notes.push({
      ...structuredClone({ ...like, actionSpots: undefined }),
      id: 69999,
      type: 'comment_like',
      timestamp: like.timestamp + 1,
    });
    const api = client();
    const model = new NotificationsModel({ client: () => api, pageSize: () => 20 });
    await model.setFilter(FILTER_PRESETS.find((f) => filterId(f) === 'like')!);
    const types = new Set(model.notes.map((n) => n.type));
    assert.deepEqual([...types].sort(), ['comment_like', 'like']);
    const allLikes = world.notes.filter((n) => n.userId === 1001 && (n.type === 'like' || n.type === 'comment_like')).length;
    assert.equal(model.notes.length, Math.min(allLikes, 99));
    svc().requests.length = 0;
    const poller = new NotePoller({
      client: () => api,
      model,
      intervalMs: () => 30_000,
      active: () => true,
      timers: { set: () => 0, clear: () => undefined },
    });
    assert.equal(await poller.pollOnce(), 'unchanged');
    assert.equal(restRequests(svc()).length, 1, 'one small GET, no reload');
  });
});
