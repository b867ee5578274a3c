/**
 * The language model tools come from the action tables: every entry the service carries out (and
 * the read state and Undo) is a tool, an entry added to a table is one more, package.json's
 * `languageModelTools` is what `npm run manifest` makes of them, and a call whose input its schema
 * refuses gets a sentence that says what is wrong.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inputSchema, toolsManifest } from '../../../scripts/manifest/tools';
import { actionTable } from '../../../src/models/actionCatalog';
import { ACTION_TABLES } from '../../../src/models/actionTables';
import { COMMENT_ACTIONS, type CommentEntry } from '../../../src/models/commentActionCatalog';
import { checkInput, TOOL_BY_NAME, TOOLS, toolsOf } from '../../../src/tools/toolCatalog';

const pkg = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8'));
const tool = (name: string) => {
  const t = TOOL_BY_NAME.get(name);
  assert.ok(t, `${name} is a tool`);
  return t;
};

describe('The language model tools', () => {
  it('package.json contributes exactly the catalog’s tools (run `npm run manifest` after changing a table)', () => {
    assert.deepEqual(pkg.contributes.languageModelTools, toolsManifest());
  });

  it('every action the service carries out, and the read state and Undo, is a tool named for its view and id', () => {
    for (const table of ACTION_TABLES) {
      const word = table.views[0].split('.')[1];
      for (const e of table.shown) {
        const expected = e.kind !== 'link' && (e.kind !== 'local' || e.readState === true || e.undoes === true);
        assert.equal(TOOL_BY_NAME.has(`contentSite_${word}_${e.id}`), expected, `${table.label} ${e.id}`);
      }
    }
    // A link (a note's Edit in the browser) opens a page: no tool follows one.
    assert.equal(TOOL_BY_NAME.has('contentSite_notifications_edit'), false);
  });

  it('names and references are unique and of the shape the editor takes; every change is marked as one', () => {
    assert.equal(new Set(TOOLS.map((t) => t.name)).size, TOOLS.length);
    assert.equal(new Set(TOOLS.map((t) => t.reference)).size, TOOLS.length);
    for (const t of TOOLS) {
      assert.match(t.name, /^[\w-]{1,64}$/);
      assert.match(t.reference, /^[a-zA-Z][a-zA-Z0-9]*$/);
      assert.equal(t.writes, t.run.kind !== 'read', t.name);
      assert.equal(inputSchema(t).type, 'object');
      assert.equal(inputSchema(t).additionalProperties, false, `${t.name} refuses what it does not name`);
    }
  });

  it('an entry added to a table becomes a tool and a manifest entry with no other edit', () => {
    const pin: CommentEntry = {
      id: 'pin',
      kind: 'toggle',
      labels: { on: 'Pin', off: 'Unpin', done: 'Pinned', hint: ['Pin', 'Unpin'], key: 'Pin or unpin the comment' },
      icons: ['pin', 'pinned'],
    };
    const withPin = actionTable<CommentEntry>({
      item: COMMENT_ACTIONS.item,
      label: COMMENT_ACTIONS.label,
      prefix: COMMENT_ACTIONS.views[0],
      views: COMMENT_ACTIONS.views,
      palette: COMMENT_ACTIONS.palette,
      written: [...COMMENT_ACTIONS.entries, pin],
    });
    const tools = toolsOf(ACTION_TABLES.map((t) => (t === COMMENT_ACTIONS ? withPin : t)));
    const made = tools.find((t) => t.name === 'contentSite_comments_pin');
    assert.ok(made, 'the new entry is a tool');
    assert.equal(made.writes, true);
    assert.ok(made.run.kind === 'action' && made.run.entry.id === 'pin' && made.run.word === 'comments');
    assert.match(made.modelDescription, /Pin or unpin the comment/);
    const entry = toolsManifest(tools).find((m) => m.name === 'contentSite_comments_pin');
    assert.deepEqual(entry?.inputSchema.required, ['ids']);
    assert.equal(entry?.icon, '$(pin)');
    assert.equal(tools.length, TOOLS.length + 1);
  });

  it('input its schema refuses is said plainly: out-of-range ids, too many, unknown fields, a malformed Reader id, an empty reply', () => {
    const refused = (name: string, input: unknown) => {
      const r = checkInput(tool(name), input);
      assert.equal(r.ok, false, JSON.stringify(input));
      return (r as { why: string }).why;
    };
    assert.match(refused('contentSite_comments_approve', { ids: [0] }), /schema \(ids\.0\).*Nothing was sent/);
    assert.match(refused('contentSite_comments_approve', { ids: [2 ** 60] }), /ids\.0/);
    refused('contentSite_comments_approve', { ids: [] });
    refused('contentSite_comments_approve', { ids: Array.from({ length: 26 }, (_, i) => i + 1) });
    refused('contentSite_comments_approve', { ids: [1], site: 'other.example.blog' });
    refused('contentSite_comments_approve', { ids: ['12'] });
    refused('contentSite_following_like', { ids: ['12/34; delete'] });
    refused('contentSite_following_like', { ids: [1234] });
    refused('contentSite_comments_reply', { id: 5, text: '   ' });
    refused('contentSite_comments_reply', { id: 5, text: 'x'.repeat(5001) });
    refused('contentSite_posts_search', { text: 'a', status: 'trash' });
    refused('contentSite_notifications_unread', { cursor: 'x'.repeat(201) });
    assert.equal(checkInput(tool('contentSite_following_like'), { ids: ['12/34'], on: false }).ok, true);
    assert.equal(checkInput(tool('contentSite_notifications_unread'), undefined).ok, true, 'no input is an empty one');
  });
});
