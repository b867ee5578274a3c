/**
 * `npm run manifest`: writes the action catalog's contributions (scripts/manifest/actions.ts)
 * and the language model tools' (scripts/manifest/tools.ts) into package.json and package.nls.json, replacing what they said of the catalog's commands and
 * keeping everything else where it was. Run it after changing the catalog; the unit test fails until then.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogCommandIds, catalogManifest, type MenuEntry } from './actions';
import { toolsManifest } from './tools';

const root = join(__dirname, '..', '..');
const read = (f: string) => JSON.parse(readFileSync(join(root, f), 'utf8'));
const write = (f: string, v: unknown) => writeFileSync(join(root, f), JSON.stringify(v, null, 2) + '\n');

const m = catalogManifest();
const ours = catalogCommandIds(m);
const pkg = read('package.json');
const c = pkg.contributes;
const notOurs = <T extends { command: string }>(list: T[]) => list.filter((x) => !ours.has(x.command));

/** Keeps the others where they were and puts the catalog's where its first entry stood (or at the end). */
function replaceIn<T extends { command: string }>(list: T[], mine: T[]): T[] {
  const at = list.findIndex((x) => ours.has(x.command));
  const rest = notOurs(list);
  const index = at < 0 ? rest.length : list.slice(0, at).filter((x) => !ours.has(x.command)).length;
  return [...rest.slice(0, index), ...mine, ...rest.slice(index)];
}

c.commands = replaceIn(c.commands, m.commands);
c.menus.commandPalette = replaceIn<MenuEntry>(c.menus.commandPalette, m.palette);
c.menus['view/item/context'] = replaceIn<MenuEntry>(c.menus['view/item/context'], m.rows);
c.keybindings = replaceIn(c.keybindings, m.keybindings);
// The tools are all the catalog's: written whole.
c.languageModelTools = toolsManifest();
write('package.json', pkg);

const nls = read('package.nls.json');
write('package.nls.json', { ...nls, ...m.titles });
console.log(
  `Wrote ${m.commands.length} commands, ${m.rows.length} row entries and ${m.keybindings.length} keys of the action catalog, and ${c.languageModelTools.length} tools.`,
);
