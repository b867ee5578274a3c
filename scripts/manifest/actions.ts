/**
 * What package.json (and package.nls.json) contribute for the action catalog (every table of
 * src/models/actionTables.ts: notes, comments, Reader posts): each action's command and its toggle
 * partner, their titles, the palette's `when`, the rows' context-menu and inline entries in each of
 * the table's views, and the keys. The unit test `test/unit/scripts/actionsManifest.test.ts` holds
 * package.json to it; after changing a table, `npm run manifest` writes it into package.json and package.nls.json.
 */
import { contextWord, keyArgs, keysWhen, tableKeys, type ActionEntry, type ActionTable } from '../../src/models/actionCatalog';
import { ACTION_TABLES } from '../../src/models/actionTables';

export interface ManifestCommand {
  command: string;
  title: string;
  category: string;
  icon?: string;
}
export interface MenuEntry {
  command: string;
  when: string;
  group?: string;
}
export interface Keybinding {
  key: string;
  command: string;
  when: string;
  args: ReturnType<typeof keyArgs>;
}

export interface CatalogManifest {
  commands: ManifestCommand[];
  /** package.nls.json: each command's title. */
  titles: Record<string, string>;
  palette: MenuEntry[];
  rows: MenuEntry[];
  keybindings: Keybinding[];
}

/** The rows of the table's views whose context value offers the entry (in this state). */
function onRow(table: ActionTable, e: ActionEntry, on?: boolean): string {
  const views = table.views.map((v) => `view == ${v}`);
  const where = views.length === 1 ? views[0] : `(${views.join(' || ')})`;
  return `${where} && viewItem =~ /\\b${contextWord(e, on)}\\b/`;
}

function addTable(m: CatalogManifest, table: ActionTable): void {
  for (const e of table.shown) {
    if (!e.command) continue;
    const toggle = e.kind === 'toggle';
    const add = (command: string, title: string, icon: string | undefined, palette: string) => {
      m.commands.push({ command, title: `%${command}%`, category: 'Content Site', ...(icon ? { icon: `$(${icon})` } : {}) });
      m.titles[command] = title;
      m.palette.push({ command, when: palette });
    };
    add(e.command, e.labels.title ?? e.labels.on, e.icons?.[0], e.palette ?? table.palette);
    // The partner only turns off: it shows on rows in that state, never in the palette.
    if (e.offCommand) add(e.offCommand, e.offTitle ?? e.labels.off, e.icons?.[1], 'false');
    if (e.inline !== undefined) {
      m.rows.push({ command: e.command, when: onRow(table, e, toggle ? false : undefined), group: `inline@${e.inline}` });
      if (e.inlineOff && e.offCommand) m.rows.push({ command: e.offCommand, when: onRow(table, e, true), group: `inline@${e.inline}` });
    }
    if (e.menu) {
      m.rows.push({ command: e.command, when: onRow(table, e, toggle ? false : undefined), group: e.menu });
      if (e.offCommand) m.rows.push({ command: e.offCommand, when: onRow(table, e, true), group: e.menu });
    }
  }
  for (const k of tableKeys(table)) m.keybindings.push({ key: k.key, command: k.command, when: keysWhen(k.view), args: keyArgs(k.view) });
}

/** What package.json contributes for the tables (every table of the catalog unless told). */
export function catalogManifest(tables: readonly ActionTable[] = ACTION_TABLES): CatalogManifest {
  const m: CatalogManifest = { commands: [], titles: {}, palette: [], rows: [], keybindings: [] };
  for (const table of tables) addTable(m, table);
  return m;
}

/** The catalog's command ids (and partners): the entries package.json holds for them are the catalog's. */
export function catalogCommandIds(m = catalogManifest()): Set<string> {
  return new Set(m.commands.map((c) => c.command));
}
