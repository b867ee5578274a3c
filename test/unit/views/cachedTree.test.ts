/**
 * The Notifications tree painted from the last session's first page (FirstPaint, as
 * extension.ts wires it) when the kept page was damaged: a note the service could not have sent
 * (its type a number, a list or an object; its subject or body of another shape; its time not a
 * time) is left out, and every other note of the page shows. Built on the bench's stand-in for the
 * vscode module, as test/unit/views/noteRows.test.ts does.
 */
import '../../../scripts/bench/vscodeStub';
import * as assert from 'node:assert/strict';
import type { ContentSiteClient, Notification } from '../../../src/api';
import { ChosenSite } from '../../../src/models/chosenSite';
import { cachedItem, cacheOwner, withFirstPage } from '../../../src/models/firstPageCache';
import { LoadCoordinator } from '../../../src/models/loadCoordinator';
import { filterId } from '../../../src/models/noteFilters';
import { NotificationsModel } from '../../../src/models/notificationsModel';
import { FirstPaint } from '../../../src/views/common/firstPaint';
import { GroupNode } from '../../../src/views/notifications/groupNode';
import type { NoteNode } from '../../../src/views/notifications/noteNode';
import { NotificationsProvider } from '../../../src/views/notifications/notificationsProvider';
import { STORAGE_KEYS } from '../../../src/ids';
import { memento } from '../helpers';

const BASE = 'http://127.0.0.1:1/rest';
const owner = { userId: 1001, baseUrl: BASE };
function note(id: number, extra: Record<string, unknown> = {}): Notification {
  // Dated when the test makes it, 20 s into its minute: the row reads the same however long the suite ran before.
  return {
    id,
    type: 'comment',
    unread: 1,
    unreadIsCount: true,
    timestamp: Math.floor(Date.now() / 1000) - id * 60 - 20,
    subjectText: `Note ${id}`,
    subject: [{ text: `Note ${id}` }],
    ...extra,
  } as Notification;
}

/** The tree as it paints from a kept page of `notes`: the ids of its rows, and what each says. */
async function paintFrom(notes: unknown[]) {
  const client = {} as ContentSiteClient;
  const model = new NotificationsModel({ client: () => client, pageSize: () => 20 });
  const name = () => `notifications:${filterId(model.filter)}`;
  const record = JSON.parse(JSON.stringify(withFirstPage(undefined, cacheOwner(owner.userId, owner.baseUrl), name(), notes, 1234)));
  const bound = new FirstPaint(memento({ [STORAGE_KEYS.firstPages]: record }) as never, () => owner, new ChosenSite());
  bound.add({ name, list: model.list, read: cachedItem.note, pageSize: () => 20 });
  await bound.seeded;
  const provider = new NotificationsProvider(model, { gate: () => false, coordinator: new LoadCoordinator(() => client) });
  const rows: NoteNode[] = [];
  for (const group of provider.getChildren()) if (group instanceof GroupNode) rows.push(...(provider.getChildren(group) as NoteNode[]));
  for (const row of rows) row.buildTooltip();
  bound.dispose();
  return { model, rows, ids: rows.map((r) => r.note.id) };
}

describe('the Notifications tree from a damaged kept page', () => {
  it('a note whose type is not a string is left out; the rest of the page shows', async () => {
    for (const type of [5, ['comment'], {}]) {
      const { rows, ids, model } = await paintFrom([note(1), note(2, { type }), note(3)]);
      assert.deepEqual(ids, [1, 3], JSON.stringify(type));
      assert.ok(model.list.fromCache);
      assert.deepEqual(
        rows.map((r) => r.description),
        ['● comment · 1 minute ago', '● comment · 3 minutes ago'],
      );
    }
  });

  it('so is a note whose subject, body or time is of another shape', async () => {
    const { ids } = await paintFrom([
      note(1, { subject: 'Note 1' }),
      note(2, { subject: [{ text: 2 }] }),
      note(3, { body: 'weird' }),
      note(4, { body: 7 }),
      note(5, { timestamp: 'garbage' }),
      note(6, { timestamp: null }),
      note(7),
      'junk',
      null,
      note(8, { subjectText: undefined }),
    ]);
    assert.deepEqual(ids, [7, 8], 'the notes the service could have sent (a missing subjectText is worked out again)');
  });
});
