/**
 * Notes and comments the service sent that the client could not read are left out of the list,
 * and the view says how many (the log names them): the user knows the list misses some.
 */
import '../../../scripts/bench/vscodeStub';
import * as assert from 'node:assert/strict';
import { LoadCoordinator } from '../../../src/models/loadCoordinator';
import { CommentsModel } from '../../../src/models/commentsModel';
import { NotificationsModel } from '../../../src/models/notificationsModel';
import { SiteChanges } from '../../../src/models/siteChanges';
import { ChosenSite } from '../../../src/models/chosenSite';
import { CommentsProvider } from '../../../src/views/comments/commentsProvider';
import { NotificationsProvider } from '../../../src/views/notifications/notificationsProvider';
import { answering, type Answering } from '../api/answering';

const note = (id: number, timestamp: number) => ({
  id,
  type: 'like',
  unread: 0,
  timestamp,
  subject: { text: `Note ${id}` },
  body: [],
  note_hash: id,
});
const unreadableNote = { id: 99, type: 'like', timestamp: { when: 'noon' } };
const comment = (ID: number) => ({
  ID,
  post: { ID: 100 },
  author: { ID: 1, name: 'Ann' },
  content: 'Hi',
  status: 'approved',
  parent: false,
});
const unreadableComment = { ID: 98, post: { ID: 100 }, author: 'Ann', content: 'Hi', status: 'approved', parent: false };

describe('items the client could not read', () => {
  let service: Answering | undefined;
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  it('the Notifications view says how many notes could not be read, and a full page still offers more', async () => {
    service = await answering({ '/v1/notifications/': { notes: [note(3, 1763630300), unreadableNote, note(1, 1763630100)] } });
    const client = service.client;
    const model = new NotificationsModel({ client: () => client, pageSize: () => 3 });
    const provider = new NotificationsProvider(model, { gate: () => false, coordinator: new LoadCoordinator(() => client) });
    await model.refresh();
    assert.deepEqual(
      model.notes.map((n) => n.id),
      [3, 1],
    );
    assert.equal(provider.view.message, 'Notes that could not be read: 1 (see the log).');
    assert.equal(model.hasMore, true, 'the page was full: three notes came, one could not be read');
    provider.dispose();
  });

  it('the Comments view says how many comments could not be read, and the next page starts after them', async () => {
    const offsets: string[] = [];
    service = await answering({
      '/v1.1/sites/2001/comments/': (q: URLSearchParams) => {
        if (q.get('status') !== 'approved') return { found: 0, comments: [] };
        offsets.push(q.get('offset') ?? '0');
        return q.get('offset') ? { found: 4, comments: [comment(4)] } : { found: 4, comments: [comment(1), unreadableComment, comment(3)] };
      },
    });
    const client = service.client;
    const site = new ChosenSite();
    site.set('2001');
    const model = new CommentsModel({ client: () => client, site, pageSize: () => 3, changes: new SiteChanges() });
    const provider = new CommentsProvider(model, site, { gate: () => false, coordinator: new LoadCoordinator(() => client) });
    await model.refresh();
    assert.deepEqual(
      model
        .queue('approved')
        .items.map((c) => c.ID)
        .sort(),
      [1, 3],
    );
    assert.equal(provider.view.message, 'Comments that could not be read: 1 (see the log).');
    await model.loadMoreOf('approved');
    assert.deepEqual(offsets, ['0', '3'], 'the second page starts past the three comments the first held');
    assert.deepEqual(
      model
        .queue('approved')
        .items.map((c) => c.ID)
        .sort(),
      [1, 3, 4],
    );
    provider.dispose();
    model.dispose();
  });
});
