/**
 * package.json holds to the action catalog (every table: notes, comments, Reader posts): every
 * command, partner, title, palette entry, row menu entry and key the catalog implies is there, and
 * nothing else names a catalog command. After changing the catalog, `npm run manifest` writes these entries.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogCommandIds, catalogManifest } from '../../../scripts/manifest/actions';
import { ACTION_TABLES } from '../../../src/models/actionTables';

const root = join(__dirname, '../../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
const m = catalogManifest();
const ours = catalogCommandIds(m);
const mine = <T extends { command: string }>(list: T[]) => list.filter((x) => ours.has(x.command));
const hint = ' (run `npm run manifest` after changing the catalog)';

describe('package.json holds to the action catalog', () => {
  it('has each action command and toggle partner, with the catalog title, icon and category', () => {
    assert.deepEqual(mine(pkg.contributes.commands), m.commands, `commands${hint}`);
    for (const [command, title] of Object.entries(m.titles)) assert.equal(nls[command], title, `title of ${command}${hint}`);
  });

  it('shows an action in the palette when signed in and its partner (turn off only) never', () => {
    assert.deepEqual(mine(pkg.contributes.menus.commandPalette), m.palette, `commandPalette${hint}`);
  });

  it("puts each action in the row's context menu (and inline) for the rows whose contextValue offers it", () => {
    assert.deepEqual(mine(pkg.contributes.menus['view/item/context']), m.rows, `view/item/context${hint}`);
    // Nothing else shows a catalog command (view titles, other menus).
    for (const [menu, entries] of Object.entries(pkg.contributes.menus as Record<string, { command: string }[]>))
      if (menu !== 'commandPalette' && menu !== 'view/item/context') assert.deepEqual(mine(entries), [], menu);
  });

  it('binds each key to its command on the row under the keyboard focus', () => {
    assert.deepEqual(mine(pkg.contributes.keybindings), m.keybindings, `keybindings${hint}`);
    // The focused row (resolved by VS Code) and the word that says a key sent it (commands/noteTargets.ts).
    for (const k of m.keybindings) {
      const view = /^focusedView == (\S+) /.exec(k.when)![1];
      assert.deepEqual(k.args, [{ $treeViewId: view, $focusedTreeItem: true }, 'key']);
    }
  });

  it('names every action once: one command per catalog entry that has one, ids unique', () => {
    const commands = ACTION_TABLES.flatMap((t) => t.shown.flatMap((e) => [e.command, e.offCommand])).filter(Boolean);
    assert.equal(new Set(commands).size, commands.length);
    assert.equal(ours.size, commands.length);
  });
});
