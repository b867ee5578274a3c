/**
 * The layers of src/, lowest first: a file imports only from its own layer or a lower one (type-only
 * imports and import() included). `ids.ts` names things and `settings.ts` declares
 * the settings; both import nothing. `config.ts` and `localize.ts` read the editor's settings and
 * language for the layers above them, and `report.ts` shows every message to the user (config.ts's
 * among them). `services/` holds what extension.ts makes once for the features; `tools/` the chat
 * agent's tools, which act through the features' models; extension.ts is the
 * build's one entry.
 */
import * as assert from 'node:assert/strict';
import { relative, sep } from 'node:path';
import { importsOf, SRC, sourceFiles } from './sourceGraph';

const LAYERS: ReadonlyArray<{ name: string; holds: readonly string[] }> = [
  { name: 'names', holds: ['ids.ts', 'settings.ts'] },
  { name: 'api', holds: ['api/'] },
  { name: 'models', holds: ['models/'] },
  { name: 'render', holds: ['render/'] },
  { name: 'writing', holds: ['writing/'] },
  { name: 'config', holds: ['config.ts', 'localize.ts', 'report.ts'] },
  { name: 'auth', holds: ['auth/'] },
  { name: 'views', holds: ['views/'] },
  { name: 'commands', holds: ['commands/'] },
  { name: 'services', holds: ['services/'] },
  { name: 'tools', holds: ['tools/'] },
  { name: 'features', holds: ['features/'] },
  { name: 'extension', holds: ['extension.ts'] },
];

/** The file's path under src/, with forward slashes. */
const name = (file: string) => relative(SRC, file).split(sep).join('/');

function layerOf(file: string): number {
  const path = name(file);
  return LAYERS.findIndex((l) => l.holds.some((h) => (h.endsWith('/') ? path.startsWith(h) : path === h)));
}

describe('src is in layers, each importing only from those below it', () => {
  const files = sourceFiles();

  it('every file of src/ is in a layer', () => {
    assert.deepEqual(files.filter((f) => layerOf(f) < 0).map(name), []);
  });

  it(`no import runs up (${LAYERS.map((l) => l.name).join(' → ')})`, () => {
    const upward = files.flatMap((f) =>
      importsOf(f)
        .filter((target) => layerOf(target) > layerOf(f))
        .map((target) => `${name(f)} → ${name(target)} (${LAYERS[layerOf(f)].name} imports ${LAYERS[layerOf(target)].name})`),
    );
    assert.deepEqual(upward, []);
  });
});
