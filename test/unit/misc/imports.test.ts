/** The source has no import circle (type-only imports included: a circle is a design smell either way). */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SRC = resolve(__dirname, '../../../src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:import|export)\s[^'";]*?from\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g)) {
    const spec = m[1] ?? m[2];
    const base = resolve(dirname(file), spec);
    const target = [`${base}.ts`, join(base, 'index.ts')].find((p) => {
      try {
        return statSync(p).isFile();
      } catch {
        return false;
      }
    });
    if (target) out.push(target);
  }
  return out;
}

describe('src has no import circle', () => {
  it('no file reaches itself through its imports', () => {
    const graph = new Map(files(SRC).map((f) => [f, importsOf(f)]));
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (f: string, path: string[]) => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') {
        circles.push([...path.slice(path.indexOf(f)), f].map((p) => relative(SRC, p)).join(' → '));
        return;
      }
      state.set(f, 'open');
      for (const g of graph.get(f) ?? []) visit(g, [...path, f]);
      state.set(f, 'done');
    };
    for (const f of graph.keys()) visit(f, []);
    assert.deepEqual(circles, []);
  });
});

describe('a view imports no other view', () => {
  it('src/views/<name>/ reaches only its own folder and src/views/common/', () => {
    const VIEWS = join(SRC, 'views');
    const viewOf = (f: string) => relative(VIEWS, f).split(/[\\/]/)[0];
    const crossings = files(VIEWS).flatMap((f) =>
      importsOf(f)
        .filter((g) => g.startsWith(VIEWS + '/') || g.startsWith(VIEWS + '\\'))
        .filter((g) => viewOf(g) !== 'common' && viewOf(g) !== viewOf(f))
        .map((g) => `${relative(SRC, f)} → ${relative(SRC, g)}`),
    );
    assert.deepEqual(crossings, []);
  });
});
