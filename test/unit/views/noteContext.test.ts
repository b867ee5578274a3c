/**
 * The notification row's contextValue, and the package.json that reads it: each note-action menu
 * entry's `when` regex matches the rows of the notes that offer that action (in that state) and no
 * other; every key of the Notifications view runs a contributed command.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allCommandIds, COMMANDS } from '../../../src/ids';
import { tableCommands } from '../../../src/models/actionCatalog';
import { ACTION_TABLES } from '../../../src/models/actionTables';
import { entry } from '../../../src/models/noteActionCatalog';
import { NOTE_KEYS, NOTE_KEYS_WHEN, noteContextValue } from '../../../src/views/notifications/noteContext';

const manifest = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as {
  contributes: {
    commands: { command: string }[];
    menus: Record<string, { command: string; when?: string; group?: string }[]>;
    keybindings: { key: string; command: string; when?: string }[];
  };
};

/** A comment note as the service sends it: a user block, then the comment block with keyed actions. */
const note = (actions: Record<string, boolean>, unread = 0) => ({
  unread,
  meta: { ids: { site: 2001, post: 101, user: 4000 } },
  body: [
    { text: 'Maya Lin', type: 'user' },
    {
      text: 'nice',
      type: 'comment',
      actions,
      meta: { ids: { site: 2001, post: 101, comment: 8850 } },
      edit_comment_link: 'https://demo.example.blog/wp-admin/comment.php?c=8850',
    },
  ],
});

describe("the notification row's contextValue", () => {
  it('names read state, then each offered action, with on/off for those that have a state', () => {
    assert.equal(
      noteContextValue(
        note(
          { 'approve-comment': false, 'spam-comment': false, 'trash-comment': false, 'like-comment': true, 'replyto-comment': false },
          2,
        ),
      ),
      'note unread approve:off spam trash like:on reply',
    );
    assert.equal(noteContextValue(note({ 'approve-comment': true, 'edit-comment': true })), 'note read approve:on edit');
  });

  it("like is the comment's like, or the post's when the note offers only that", () => {
    assert.equal(noteContextValue(note({ 'like-comment': false, 'like-post': true })), 'note read like:off');
    assert.equal(noteContextValue(note({ 'like-post': true })), 'note read like:on');
  });

  it('a note offering nothing is only "note read"; a follow note names follow', () => {
    assert.equal(noteContextValue({ unread: 0, body: [{ text: 'x' }], meta: { ids: { site: 2001 } } }), 'note read');
    const followNote = {
      unread: 1,
      meta: { ids: { site: 2001 } },
      body: {
        template: 'single-line-list',
        items: [{ header: 'Maya', actions: { follow: false }, meta: { ids: { site: 3101, user: 4000 } } }],
      },
    };
    assert.equal(noteContextValue(followNote), 'note unread follow:off');
  });

  it("the list form (no keyed actions) offers approve with the comment's status as its state", () => {
    const listForm = {
      unread: 1,
      meta: { ids: { site: 2001, comment: 8800 } },
      status: { approval_status: 'unapproved' },
      body: {
        template: 'multi-line-list',
        items: [],
        actions: [{ type: 'approve-comment', params: [{ key: 'comment_id', value: '8800' }] }],
      },
    };
    assert.equal(noteContextValue(listForm), 'note unread approve:off');
  });

  it('every set of actions and states reads as the words in order (each row looks its value up by a mask)', () => {
    const words: Array<[name: string, word: string, stateful: boolean]> = [
      ['approve-comment', 'approve', true],
      ['spam-comment', 'spam', false],
      ['trash-comment', 'trash', false],
      ['like-comment', 'like', true],
      ['follow', 'follow', true],
      ['replyto-comment', 'reply', false],
      ['edit-comment', 'edit', false],
    ];
    // Each word absent, offered off, or offered on: 3^7 notes, read and unread.
    for (let n = 0; n < 3 ** words.length; n++) {
      const actions: Record<string, boolean> = {};
      const expected: string[] = [];
      words.forEach(([name, word, stateful], i) => {
        const pick = Math.floor(n / 3 ** i) % 3;
        if (pick === 0) return;
        actions[name] = pick === 2;
        expected.push(stateful ? `${word}:${pick === 2 ? 'on' : 'off'}` : word);
      });
      for (const unread of [0, 1]) {
        assert.equal(
          noteContextValue(note(actions, unread)),
          ['note', unread ? 'unread' : 'read', ...expected].join(' '),
          JSON.stringify(actions),
        );
      }
    }
  });
});

describe('package.json reads the contextValue right', () => {
  const N = COMMANDS.notifications;
  const A = (id: string) => entry(id).command!;
  const OFF = (id: string) => entry(id).offCommand!;
  /** For each command shown on rows: the keyed actions of the notes it belongs on. */
  const SHOWN_ON: Record<string, Array<Record<string, boolean>>> = {
    [A('approve')]: [{ 'approve-comment': false }],
    [OFF('approve')]: [{ 'approve-comment': true }],
    [A('spam')]: [{ 'spam-comment': false }],
    [A('trash')]: [{ 'trash-comment': false }],
    [A('like')]: [{ 'like-comment': false }, { 'like-post': false }],
    [OFF('like')]: [{ 'like-comment': true }, { 'like-post': true }],
    [A('follow')]: [{ follow: false }],
    [OFF('follow')]: [{ follow: true }],
    [A('reply')]: [{ 'replyto-comment': false }, { 'replyto-comment': true }],
    [A('edit')]: [{ 'edit-comment': true }],
  };
  const ALL_STATES: Array<Record<string, boolean>> = Object.values(SHOWN_ON).flat();
  const rowEntries = manifest.contributes.menus['view/item/context'].filter((e) => e.when?.includes('view == contentSite.notifications'));
  const regexOf = (when: string): RegExp => {
    const m = /viewItem =~ \/(.*?)\/(?:\s|$)/.exec(when);
    assert.ok(m, `no viewItem regex in ${when}`);
    return new RegExp(m[1]);
  };

  it('every note-action command has a context-menu entry, and approve and reply are inline', () => {
    for (const command of Object.keys(SHOWN_ON))
      assert.ok(
        rowEntries.some((e) => e.command === command && !e.group?.startsWith('inline')),
        `${command} is not in the context menu`,
      );
    assert.deepEqual(
      rowEntries
        .filter((e) => e.command in SHOWN_ON && e.group?.startsWith('inline'))
        .map((e) => e.command)
        .sort(),
      [A('approve'), A('reply')].sort(),
    );
  });

  it("each entry's regex matches a note offering its action in that state, and no note that does not", () => {
    for (const e of rowEntries.filter((x) => x.command in SHOWN_ON)) {
      const re = regexOf(e.when!);
      const wanted = SHOWN_ON[e.command];
      for (const actions of wanted)
        assert.ok(re.test(noteContextValue(note(actions))), `${e.command} (${e.group}) missing on ${JSON.stringify(actions)}`);
      for (const actions of ALL_STATES.filter((a) => !wanted.includes(a))) {
        const value = noteContextValue(note(actions));
        assert.ok(!re.test(value), `${e.command} (${e.group}) shown on "${value}"`);
      }
      for (const unread of [0, 1])
        assert.ok(!re.test(noteContextValue({ unread, body: [], meta: { ids: {} } })), `${e.command} shown on a note offering nothing`);
    }
  });

  it('mark read shows on unread rows only, mark unread on read rows only, open on every note', () => {
    const offering = note({ 'approve-comment': false, 'like-comment': true, 'replyto-comment': false });
    const unread = noteContextValue({ ...offering, unread: 1 });
    const read = noteContextValue({ ...offering, unread: 0 });
    for (const e of rowEntries.filter((x) => x.command === N.markRead))
      assert.deepEqual([regexOf(e.when!).test(unread), regexOf(e.when!).test(read)], [true, false]);
    for (const e of rowEntries.filter((x) => x.command === N.markUnread))
      assert.deepEqual([regexOf(e.when!).test(unread), regexOf(e.when!).test(read)], [false, true]);
    for (const e of rowEntries.filter((x) => x.command === N.open))
      assert.deepEqual([regexOf(e.when!).test(unread), regexOf(e.when!).test(read)], [true, true]);
  });

  it('the keys: each runs a contributed command, as NOTE_KEYS lists them, only while the tree has the focus', () => {
    const contributed = new Set(manifest.contributes.commands.map((c) => c.command));
    const ids = new Set([...allCommandIds(), ...ACTION_TABLES.flatMap(tableCommands)]);
    const ours = manifest.contributes.keybindings.filter((k) => k.command.startsWith('contentSite.notifications.'));
    for (const k of ours) {
      assert.ok(contributed.has(k.command) && ids.has(k.command), `key ${k.key}: ${k.command} is not a command`);
      assert.equal(k.when, NOTE_KEYS_WHEN, `key ${k.key}`);
    }
    assert.deepEqual(
      ours.map((k) => [k.key, k.command]),
      NOTE_KEYS.map((k) => [k.key, k.command]),
    );
    assert.deepEqual([...'astlrume'].sort(), NOTE_KEYS.map((k) => k.key).sort());
  });

  it('the Comments view’s keys: the notes’ letters for the same actions, each a contributed command, only while that tree has the focus', () => {
    const contributed = new Set(manifest.contributes.commands.map((c) => c.command));
    const ids = new Set([...allCommandIds(), ...ACTION_TABLES.flatMap(tableCommands)]);
    const keys = manifest.contributes.keybindings.filter((k) => k.command.startsWith('contentSite.comments.'));
    for (const k of keys) {
      assert.ok(contributed.has(k.command) && ids.has(k.command), `key ${k.key}: ${k.command} is not a command`);
      assert.equal(k.when, NOTE_KEYS_WHEN.replace('contentSite.notifications', 'contentSite.comments'), `key ${k.key}`);
    }
    const word = (command: string) => command.split('.').pop();
    for (const n of NOTE_KEYS.filter((k) => ['approve', 'spam', 'trash', 'like', 'reply', 'undo'].includes(word(k.command)!)))
      assert.equal(keys.find((k) => k.key === n.key)?.command, `contentSite.comments.${word(n.command)}`, `key ${n.key}`);
  });
});
