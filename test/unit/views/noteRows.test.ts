/**
 * The notifications tree's rows, as getChildren/getTreeItem give them (outside an editor, on the
 * bench's stand-in for the vscode module): what each row says, and the row cache (a row is kept
 * while its note and its time text are unchanged).
 */
import '../../../scripts/bench/vscodeStub';
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ContentSiteClient, Notification } from '../../../src/api';
import { LoadCoordinator } from '../../../src/models/loadCoordinator';
import { NotificationsModel } from '../../../src/models/notificationsModel';
import { GroupNode } from '../../../src/views/notifications/groupNode';
import type { NoteNode } from '../../../src/views/notifications/noteNode';
import { NotificationsProvider } from '../../../src/views/notifications/notificationsProvider';

const HOUR = 3600;
const now = () => Math.floor(Date.now() / 1000);
/** Yesterday at `hour` (local time), in seconds: inside the Yesterday group at any time of day. */
const yesterdayAt = (hour: number) => {
  const today = new Date();
  return new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1, hour).getTime() / 1000;
};

/** A comment note with keyed actions, `hours` old. */
function comment(id: number, hours: number, actions: Record<string, boolean>, extra: Partial<Notification> = {}): Notification {
  return {
    id,
    type: 'comment',
    unread: 0,
    unreadIsCount: true,
    timestamp: now() - hours * HOUR,
    subjectText: `Maya Lin commented (${id})`,
    meta: { ids: { site: 2001, post: 101 } },
    body: [{ text: 'nice', type: 'comment', actions, meta: { ids: { site: 2001, post: 101, comment: 8800 + id } } }],
    ...extra,
  };
}

function tree(notes: Notification[]) {
  const client = {} as ContentSiteClient;
  const model = new NotificationsModel({ client: () => client, pageSize: () => 20 });
  model.list.seed(notes, Date.now());
  const provider = new NotificationsProvider(model, { gate: () => false, coordinator: new LoadCoordinator(() => client) });
  const rows = () => {
    const out: NoteNode[] = [];
    for (const group of provider.getChildren()) if (group instanceof GroupNode) out.push(...(provider.getChildren(group) as NoteNode[]));
    return out;
  };
  return { model, provider, rows };
}

describe("the notifications tree's rows", () => {
  afterEach(() => ((vscode.env as { language: string }).language = 'en'));

  it('say the subject, read state, type, pending and liked, and the time; with icon, contextValue, command and accessible label', () => {
    const pending = comment(1, 3, { 'approve-comment': false, 'like-comment': true, 'replyto-comment': false }, { unread: 2 });
    const plain = comment(2, 3, { 'approve-comment': true, 'like-comment': false }, { subjectText: '' });
    const likedPost = {
      ...comment(3, 3, {}),
      type: 'like',
      body: [{ text: 'x', actions: { 'like-post': true }, meta: { ids: { site: 2001, post: 101 } } }],
    };
    const odd = { ...comment(4, 3, {}), type: 'some_new-type', body: [] };
    const rows = tree([pending, plain, likedPost, odd]).rows();
    const [a, b, c, d] = [1, 2, 3, 4].map((id) => rows.find((r) => r.note.id === id)!);

    assert.equal(a.label, 'Maya Lin commented (1)');
    assert.equal(a.id, 'note-1');
    assert.equal(a.description, '● comment · pending · liked · 3 hours ago');
    assert.deepEqual(a.iconPath, new vscode.ThemeIcon('comment-unresolved', new vscode.ThemeColor('notificationsInfoIcon.foreground')));
    assert.equal(a.contextValue, 'note unread approve:off like:on reply');
    assert.deepEqual(a.command, { command: 'contentSite.notifications.show', title: 'Show Notification', arguments: [a] });
    assert.deepEqual(a.accessibilityInformation, { label: 'Unread: Maya Lin commented (1), ● comment · pending · liked · 3 hours ago' });

    assert.equal(b.label, '(no subject)');
    assert.equal(b.description, 'comment · 3 hours ago');
    assert.deepEqual(b.iconPath, new vscode.ThemeIcon('comment', new vscode.ThemeColor('disabledForeground')));
    assert.equal(b.contextValue, 'note read approve:on like:off');
    assert.deepEqual(b.accessibilityInformation, { label: '(no subject), comment · 3 hours ago' });
    assert.equal(b.command?.arguments?.[0], b);

    assert.equal(c.description, 'like · liked · 3 hours ago');
    assert.equal(c.contextValue, 'note read like:on');
    assert.equal(d.description, 'some new type · 3 hours ago');
    assert.equal(d.contextValue, 'note read');
  });

  it('a note whose type is not a string still shows, as a note', () => {
    const odd = [5, ['comment'], {}, null].map((type, i) => ({ ...comment(10 + i, 3, {}), type }) as unknown as Notification);
    const rows = tree(odd).rows();
    assert.equal(rows.length, 4);
    for (const row of rows) {
      assert.equal(row.description, 'note · 3 hours ago', JSON.stringify(row.note.type));
      assert.deepEqual(row.iconPath, new vscode.ThemeIcon('bell', new vscode.ThemeColor('disabledForeground')));
      assert.match((row.buildTooltip() as unknown as { value: string }).value, /note · /);
    }
  });

  it("reads the time in the editor's language", () => {
    (vscode.env as { language: string }).language = 'de';
    const [row] = tree([comment(1, 3, {})]).rows();
    assert.equal(row.description, 'comment · vor 3 Stunden');
  });

  it('redraws only the row whose note or time text changed, in place: the same object, its click giving it', () => {
    const first = comment(1, 3, {});
    const { model, provider, rows } = tree([first, comment(2, 30, {})]);
    const [a1, b1] = rows();
    const fired: unknown[] = [];
    provider.onDidChangeTreeData((e) => fired.push(e));
    const [a2, b2] = rows();
    assert.equal(a2, a1, 'same note, same time: the same row');
    assert.equal(b2, b1);

    model.list.beginFetch()([{ ...first, unread: 1 }]); // a new object for note 1 (marked unread)
    assert.deepEqual(fired, [[a1]], 'only that row is redrawn');
    assert.equal(a1.contextValue, 'note unread', 'in place');
    assert.equal(a1.note, model.list.get('1'));
    assert.equal(a1.command?.arguments?.[0], a1, 'a click gives the kept row');
    const [a3, b3] = rows();
    assert.equal(a3, a1);
    assert.equal(b3, b1, 'the other note is kept');

    (model.list.get('2') as { timestamp: number }).timestamp -= 24 * HOUR; // the same object, now older: its time reads otherwise
    const [, b4] = rows();
    assert.equal(b4, b1);
    assert.equal(b1.description, 'comment · 2 days ago');
  });

  it('does not redraw a row whose note is read again as it was (a redraw drops a click already on its way); does when its hover reads otherwise', () => {
    const first = comment(1, 3, {});
    const { model, provider, rows } = tree([first, comment(2, 30, {})]);
    const [a1] = rows();
    const fired: unknown[] = [];
    provider.onDidChangeTreeData((e) => fired.push(e));

    model.list.beginFetch()([{ ...first }]); // the note asked again after a mark: a new object, the same note
    assert.deepEqual(fired, [], 'nothing it shows changed: not redrawn');
    assert.equal(a1.note, model.list.get('1'), 'the row holds the new object all the same');

    model.list.beginFetch()([{ ...first, url: 'https://demo.example.blog/2026/11/26/moved/' }]); // the same row; its hover's link moved
    assert.deepEqual(fired, [[a1]]);
    assert.match((a1.buildTooltip() as unknown as { value: string }).value, /moved/);
  });

  it('a note added redraws its day with its rows; a new day redraws the tree', () => {
    // Fixed hours of yesterday and now, not ages: an age of 29 to 31 hours spans two days in the small hours.
    const first = comment(1, 0, {}, { timestamp: yesterdayAt(12) });
    const { model, provider, rows } = tree([first, comment(2, 0, {}, { timestamp: yesterdayAt(11) })]);
    rows();
    const [group] = provider.getChildren() as GroupNode[];
    const fired: unknown[] = [];
    provider.onDidChangeTreeData((e) => fired.push(e));
    model.list.beginFetch({ add: () => true })([comment(3, 0, {}, { timestamp: yesterdayAt(13) })]);
    assert.deepEqual(fired, [[group]], 'the day is redrawn with its rows, the same group object');
    assert.equal(provider.getChildren().length, 1);
    rows();
    fired.length = 0;
    model.list.beginFetch({ add: () => true })([comment(4, 0, {})]);
    assert.deepEqual(fired, [undefined], 'a day that was not shown: the tree');
  });

  it('a group asked for after the list changed shows its notes as they are now', () => {
    // One day's two notes at fixed hours of yesterday (3 and 4 hours old fall on two days before 04:00).
    const first = comment(1, 0, {}, { timestamp: yesterdayAt(11) });
    const { model, provider } = tree([first, comment(2, 0, {}, { timestamp: yesterdayAt(10) })]);
    const [group] = provider.getChildren() as GroupNode[];
    model.list.beginFetch()([{ ...first, unread: 1 }]);
    const rows = provider.getChildren(group) as NoteNode[];
    assert.deepEqual(
      rows.map((r) => r.contextValue),
      ['note unread', 'note read'],
    );
  });
});
