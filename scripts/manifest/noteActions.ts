/**
 * What package.json (and package.nls.json) contribute for the note-action catalog
 * (src/models/noteActionCatalog.ts): each action's command and its toggle partner, their titles,
 * the palette's `when`, the row's context-menu and inline entries, and the keys. The unit test
 * `test/unit/scripts/noteActionsManifest.test.ts` holds package.json to it; after changing the
 * catalog, `npm run manifest` writes it into package.json and package.nls.json.
 */
import { SHOWN_ENTRIES, type CatalogEntry } from '../../src/models/noteActionCatalog';
import { CONTEXT_KEYS, VIEWS } from '../../src/ids';
import { contextWord, KEY_ARGS, NOTE_KEYS, NOTE_KEYS_WHEN } from '../../src/views/notifications/noteContext';

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
  args: typeof KEY_ARGS;
}

export interface CatalogManifest {
  commands: ManifestCommand[];
  /** package.nls.json: each command's title. */
  titles: Record<string, string>;
  palette: MenuEntry[];
  rows: MenuEntry[];
  keybindings: Keybinding[];
}

const onRow = (e: CatalogEntry, on?: boolean) => `view == ${VIEWS.notifications} && viewItem =~ /\\b${contextWord(e, on)}\\b/`;

export function catalogManifest(): CatalogManifest {
  const m: CatalogManifest = { commands: [], titles: {}, palette: [], rows: [], keybindings: [] };
  for (const e of SHOWN_ENTRIES) {
    if (!e.command) continue;
    const toggle = e.kind === 'toggle';
    const add = (command: string, title: string, icon: string | undefined, palette: string) => {
      m.commands.push({ command, title: `%${command}%`, category: 'Content Site', ...(icon ? { icon: `$(${icon})` } : {}) });
      m.titles[command] = title;
      m.palette.push({ command, when: palette });
    };
    add(e.command, e.labels.title ?? e.labels.on, e.icons?.[0], CONTEXT_KEYS.signedIn);
    // The partner only turns off: it shows on rows in that state, never in the palette.
    if (e.offCommand) add(e.offCommand, e.labels.off, e.icons?.[1], 'false');
    if (e.inline !== undefined)
      m.rows.push({ command: e.command, when: onRow(e, toggle ? false : undefined), group: `inline@${e.inline}` });
    if (e.menu) {
      m.rows.push({ command: e.command, when: onRow(e, toggle ? false : undefined), group: e.menu });
      if (e.offCommand) m.rows.push({ command: e.offCommand, when: onRow(e, true), group: e.menu });
    }
  }
  m.keybindings = NOTE_KEYS.map((k) => ({ key: k.key, command: k.command, when: NOTE_KEYS_WHEN, args: KEY_ARGS }));
  return m;
}

/** The catalog's command ids (and partners): the entries package.json holds for them are the catalog's. */
export function catalogCommandIds(m = catalogManifest()): Set<string> {
  return new Set(m.commands.map((c) => c.command));
}
