/**
 * An action is one entry: added to a table, it reaches the manifest (command, partner, titles,
 * palette, row menus in each of the table's views, keys), the keys list and the rows' context value,
 * with nothing else written. And every table of the catalog is read by what reads them all.
 */
import * as assert from 'node:assert/strict';
import { catalogManifest } from '../../../scripts/manifest/actions';
import { actionTable, contextValue, keyArgs, tableCommands, tableKeys, type ActionEntry } from '../../../src/models/actionCatalog';
import { ACTION_TABLES } from '../../../src/models/actionTables';
import { COMMENT_ACTIONS } from '../../../src/models/commentActionCatalog';
import { NOTE_ACTIONS } from '../../../src/models/noteActionCatalog';
import { READER_ACTIONS, readerContext, readerLimits } from '../../../src/models/readerActionCatalog';

interface Entry extends ActionEntry {
  value?(item: { on: boolean }): boolean;
}

const table = (extra: Entry[] = []) =>
  actionTable<Entry>({
    item: 'thing',
    label: 'Things',
    prefix: 'contentSite.things',
    views: ['contentSite.things', 'contentSite.others'],
    palette: 'false',
    written: [
      {
        id: 'star',
        kind: 'toggle',
        labels: { on: 'Star', off: 'Unstar', done: 'Starred', hint: ['Star', 'Unstar'], key: 'Star or unstar' },
        icons: ['star-empty', 'star-full'],
        key: 's',
        menu: '1_act@1',
        context: true,
        value: (i) => i.on,
      },
      ...extra,
    ],
  });

const pin: Entry = {
  id: 'pin',
  kind: 'act',
  labels: { title: 'Pin Thing', on: 'Pin', off: 'Pin', done: 'Pinned', hint: ['Pin', 'Pin'], key: 'Pin the thing' },
  icons: ['pin'],
  key: 'p',
  inline: 1,
  menu: '1_act@2',
  context: true,
};

describe('the action catalog: an action is one entry', () => {
  it('an entry added to a table reaches the manifest: its command, title, icon, palette, row menus in every view of the table, and keys', () => {
    const before = catalogManifest([table()]);
    const after = catalogManifest([table([pin])]);
    const added = <T>(a: T[], b: T[]) => b.filter((x) => !a.some((y) => JSON.stringify(y) === JSON.stringify(x)));
    assert.deepEqual(added(before.commands, after.commands), [
      { command: 'contentSite.things.pin', title: '%contentSite.things.pin%', category: 'Content Site', icon: '$(pin)' },
    ]);
    assert.equal(after.titles['contentSite.things.pin'], 'Pin Thing');
    assert.deepEqual(added(before.palette, after.palette), [{ command: 'contentSite.things.pin', when: 'false' }]);
    const where = '(view == contentSite.things || view == contentSite.others) && viewItem =~ /\\bpin\\b/';
    assert.deepEqual(added(before.rows, after.rows), [
      { command: 'contentSite.things.pin', when: where, group: 'inline@1' },
      { command: 'contentSite.things.pin', when: where, group: '1_act@2' },
    ]);
    assert.deepEqual(
      added(before.keybindings, after.keybindings).map((k) => [k.key, k.command, k.when, k.args]),
      ['contentSite.things', 'contentSite.others'].map((view) => [
        'p',
        'contentSite.things.pin',
        `focusedView == ${view} && listFocus && !inputFocus && !treeFindOpen`,
        keyArgs(view),
      ]),
    );
  });

  it('a toggle gets its partner (turn off only: never in the palette), and the row says its state', () => {
    const t = table([pin]);
    assert.deepEqual(tableCommands(t), ['contentSite.things.star', 'contentSite.things.unstar', 'contentSite.things.pin']);
    assert.deepEqual(
      catalogManifest([t]).palette.filter((p) => p.command.endsWith('unstar')),
      [{ command: 'contentSite.things.unstar', when: 'false' }],
    );
    const words = (on: boolean) => contextValue('thing', t, (e) => (e.value ? e.value({ on }) : 'offered'));
    assert.equal(words(true), 'thing star:on pin');
    assert.equal(words(false), 'thing star:off pin');
    assert.deepEqual(
      tableKeys(t).map((k) => `${k.view} ${k.key}`),
      ['contentSite.things s', 'contentSite.things p', 'contentSite.others s', 'contentSite.others p'],
    );
  });

  it('notes, comments and Reader posts are tables of the one catalog, read by the manifest and the keys', () => {
    assert.deepEqual(ACTION_TABLES, [NOTE_ACTIONS, COMMENT_ACTIONS, READER_ACTIONS]);
    const keys = (t: typeof READER_ACTIONS) => [...new Set(tableKeys(t).map((k) => k.key))].sort();
    assert.deepEqual(keys(READER_ACTIONS), ['f', 'l', 'm', 'r', 'u']);
    const m = catalogManifest();
    for (const view of READER_ACTIONS.views)
      for (const key of ['l', 'r', 'f', 'm'])
        assert.ok(
          m.keybindings.some((k) => k.key === key && k.when.startsWith(`focusedView == ${view} `)),
          `${key} in ${view}`,
        );
  });

  it('a Reader post offers what the service allows, and its row says why not (an external feed, closed comments)', () => {
    const post = { ID: 1, site_ID: 3101, i_like: true, is_following: true, is_seen: false, discussion: { comments_open: true } };
    assert.equal(readerContext('feedPost', post as never), 'feedPost like:on comment follow:on seen:off block');
    const closed = { ...post, discussion: { comments_open: false } };
    assert.equal(readerContext('feedPost', closed as never), 'feedPost like:on follow:on seen:off block');
    assert.deepEqual(readerLimits(closed as never), ['Comments are closed on this post.']);
    const external = { ...post, i_like: false, is_external: true };
    assert.equal(readerContext('feedPost', external as never), 'feedPost follow:on seen:off');
    const why = readerLimits(external as never);
    assert.equal(why.length, 3, why.join(' | '));
    for (const sentence of why) assert.match(sentence, /external feed/);
  });
});
