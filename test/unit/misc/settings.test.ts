/**
 * The settings are declared once, in src/settings.ts: package.json's `contributes.configuration`
 * (which the editor reads without running anything) has to say the same of each, and no other file
 * of src/ spells a setting's key. Adding, removing or changing a setting on one side only fails here.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { ALL_SETTINGS, POLL_FLOOR_SECONDS, SECTION, SETTINGS, settingValue, type Setting } from '../../../src/settings';
import * as ts from 'typescript';
import { literalsOf, SRC, sourceFiles } from './sourceGraph';

const root = join(__dirname, '../../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  contributes: { configuration: { properties: Record<string, Record<string, unknown>> } };
};
const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
const properties = pkg.contributes.configuration.properties;

/** What both sides must say of a setting: the rest of package.json's entry (descriptions) is for people. */
const CHECKED = ['type', 'default', 'minimum', 'maximum', 'enum', 'pattern'] as const;
const checked = (entry: object): Record<string, unknown> => {
  const e = entry as Record<string, unknown>;
  return Object.fromEntries(CHECKED.filter((f) => e[f] !== undefined).map((f) => [f, e[f]]));
};

/** A `%key%` of package.json as the text of package.nls.json. */
const text = (value: unknown) => (typeof value === 'string' ? (value.match(/^%(.+)%$/) ? (nls[value.slice(1, -1)] ?? '') : value) : '');
const descriptionsOf = (entry: Record<string, unknown>) => [
  text(entry.markdownDescription ?? entry.description),
  ...((entry.enumDescriptions as unknown[] | undefined) ?? []).map(text),
];

describe('package.json declares exactly the settings of the catalog (src/settings.ts)', () => {
  it('every setting of package.json is in the catalog, and every setting of the catalog in package.json', () => {
    assert.deepEqual(Object.keys(properties).sort(), ALL_SETTINGS.map((s) => s.id).sort());
  });

  for (const s of ALL_SETTINGS) {
    it(`${s.id}: the same type, default, minimum, maximum, enum and pattern`, () => {
      assert.ok(properties[s.id], `${s.id} is not in package.json`);
      assert.deepEqual(checked(properties[s.id]), checked(s));
    });
  }

  it('an enum has one description per value', () => {
    for (const [id, entry] of Object.entries(properties))
      if (entry.enumDescriptions) assert.equal((entry.enumDescriptions as unknown[]).length, (entry.enum as unknown[]).length, id);
  });
});

describe("the settings' descriptions (package.nls.json) agree with the catalog", () => {
  it('a range a description states, "(1–99)", is the minimum and maximum', () => {
    const stated = ALL_SETTINGS.flatMap((s) =>
      descriptionsOf(properties[s.id] ?? {}).flatMap((d) => [...d.matchAll(/\((\d+)–(\d+)\)/g)].map((m) => ({ s, m }))),
    );
    for (const { s, m } of stated) {
      const { minimum, maximum } = s as { minimum?: number; maximum?: number };
      assert.deepEqual([Number(m[1]), Number(m[2])], [minimum, maximum], s.id);
    }
    assert.ok(stated.length >= 4, 'the page sizes state their ranges');
  });

  it('the poll interval says its floor; the loopback redirect names the default port', () => {
    assert.match(text(properties[SETTINGS.pollInterval.id].markdownDescription), new RegExp(`at least ${POLL_FLOOR_SECONDS}\\b`));
    const ports = Object.values(properties)
      .flatMap(descriptionsOf)
      .flatMap((d) => [...d.matchAll(/127\.0\.0\.1:(\d+)/g)].map((m) => Number(m[1])));
    assert.ok(ports.length > 0);
    for (const port of ports) assert.equal(port, SETTINGS.loopbackPort.default);
  });

  it('a setting a description names is a setting of the catalog', () => {
    const ids = new Set(ALL_SETTINGS.map((s) => s.id));
    for (const [id, entry] of Object.entries(properties))
      for (const d of descriptionsOf(entry))
        for (const named of d.match(/contentSite\.[\w.]*\w/g) ?? []) assert.ok(ids.has(named as Setting['id']), `${id} names ${named}`);
  });
});

describe('the catalog itself', () => {
  it('each id is the section and the key, once', () => {
    for (const s of ALL_SETTINGS) assert.equal(s.id, `${SECTION}.${s.key}`);
    assert.equal(new Set(ALL_SETTINGS.map((s) => s.id)).size, ALL_SETTINGS.length);
  });

  it('each default is a value of the setting: read back unchanged', () => {
    for (const s of ALL_SETTINGS) assert.deepEqual(settingValue(s, s.default), s.default, s.id);
  });
});

describe('reading a value through the catalog (settingValue)', () => {
  it('a number out of bounds is clamped to them', () => {
    assert.equal(settingValue(SETTINGS.notificationsPageSize, 500), 99);
    assert.equal(settingValue(SETTINGS.notificationsPageSize, 0), 1);
    assert.equal(settingValue(SETTINGS.undoSeconds, 0.2), 1);
    assert.equal(settingValue(SETTINGS.undoSeconds, 600), 60);
    assert.equal(settingValue(SETTINGS.undoSeconds, 7.5), 7.5);
    assert.equal(settingValue(SETTINGS.pollInterval, -5), 0);
    assert.equal(settingValue(SETTINGS.pollInterval, 1e9), 1e9, 'no maximum');
  });

  it('a value of the wrong type is the default: text, a fraction for an integer, NaN, Infinity, null', () => {
    for (const v of ['20', 20.5, NaN, Infinity, null, undefined, true])
      assert.equal(settingValue(SETTINGS.followingPageSize, v), SETTINGS.followingPageSize.default, String(v));
    for (const v of ['5', NaN, -Infinity, {}]) assert.equal(settingValue(SETTINGS.undoSeconds, v), SETTINGS.undoSeconds.default, String(v));
    assert.equal(settingValue(SETTINGS.markReadOnOpen, 'false'), true);
    assert.equal(settingValue(SETTINGS.loadRemoteImages, 1), false);
    assert.equal(settingValue(SETTINGS.authorizeUrl, 42), SETTINGS.authorizeUrl.default);
  });

  it('a value outside the enum is the default', () => {
    assert.deepEqual(
      ['off', 'mentions', 'all', 'loud', 'All', undefined, 1].map((v) => settingValue(SETTINGS.notifyNew, v)),
      ['off', 'mentions', 'all', 'off', 'off', 'off', 'off'],
    );
    assert.equal(settingValue(SETTINGS.redirect, 'loopback'), 'loopback');
    assert.equal(settingValue(SETTINGS.redirect, 'browser'), 'uriHandler');
  });
});

/** The names of the functions and methods a file calls (`a.b.c()` is `c`). */
function calls(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isIdentifier(callee)) out.push(callee.text);
      else if (ts.isPropertyAccessExpression(callee)) out.push(callee.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

describe("a setting's key is spelled only in the catalog", () => {
  const files = sourceFiles().map((file) => relative(SRC, file).split(sep).join('/'));

  it('no string of src/ but settings.ts holds a setting id (contentSite.…), in code or in a sentence', () => {
    const ids = ALL_SETTINGS.map((s) => ({ id: s.id, at: new RegExp(`${s.id.replace(/\./g, '\\.')}(?!\\w|\\.\\w)`) }));
    const spelled = files
      .filter((path) => path !== 'settings.ts')
      .flatMap((path) =>
        literalsOf(join(SRC, path), true).flatMap((literal) => ids.filter((s) => s.at.test(literal)).map((s) => `${path}: ${s.id}`)),
      );
    assert.deepEqual(spelled, []);
  });

  it("only config.ts reads the editor's settings, and it spells no key: it takes each from the catalog", () => {
    const readers = files.filter((path) =>
      calls(join(SRC, path)).some((name) => name === 'getConfiguration' || name === 'affectsConfiguration'),
    );
    assert.deepEqual(readers, ['config.ts']);
    const keys = new Set<string>(ALL_SETTINGS.flatMap((s) => [s.key, s.id]));
    assert.deepEqual(
      literalsOf(join(SRC, 'config.ts'), true).filter((literal) => keys.has(literal)),
      [],
    );
  });
});
