import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { allCommandIds as namedIds, CONTEXT_KEYS, VIEWS } from '../../../src/ids';
import { tableCommands } from '../../../src/models/actionCatalog';
import { ACTION_TABLES } from '../../../src/models/actionTables';
import { literalsOf, SRC, sourceFiles } from './sourceGraph';

/** The commands ids.ts names and the action catalog's (every table). */
const allCommandIds = () => [...namedIds(), ...ACTION_TABLES.flatMap(tableCommands)];

const manifest = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as {
  contributes: {
    commands: { command: string }[];
    views: Record<string, { id: string }[]>;
    menus: Record<string, { command: string; when?: string }[]>;
  };
};

describe('names used by the code and by package.json agree', () => {
  it('every command the code names is contributed, and every contributed command is named in the code', () => {
    assert.deepEqual(manifest.contributes.commands.map((c) => c.command).sort(), allCommandIds().sort());
  });
  it('every view the code names is contributed', () => {
    assert.deepEqual(manifest.contributes.views.contentSite.map((v) => v.id).sort(), Object.values(VIEWS).sort());
  });
  it('menus name only contributed commands and known context keys', () => {
    const ids = new Set(allCommandIds());
    for (const [menu, entries] of Object.entries(manifest.contributes.menus)) {
      for (const e of entries) {
        assert.ok(ids.has(e.command), `${menu}: ${e.command}`);
        for (const key of e.when?.match(/contentSite\.[a-zA-Z]+(?![.\w])/g) ?? []) {
          if (!Object.values(VIEWS).includes(key as never))
            assert.ok(Object.values(CONTEXT_KEYS).includes(key as never), `${menu}: ${key}`);
        }
      }
    }
  });
});

describe('names are spelled only where they are named', () => {
  it('no file of src/ but ids.ts (commands, views, context keys and the like) and settings.ts (settings) spells a contentSite. name', () => {
    const named = new Set(['ids.ts', 'settings.ts']);
    const spelled = sourceFiles()
      .map((file) => relative(SRC, file).split(sep).join('/'))
      .filter((path) => !named.has(path))
      .flatMap((path) =>
        literalsOf(join(SRC, path))
          .filter((text) => text.startsWith('contentSite.'))
          .map((text) => `${path}: '${text}'`),
      );
    assert.deepEqual(spelled, []);
  });
});
