/** The source has no import circle (type-only imports included: a circle is a design smell either way). */
import * as assert from 'node:assert/strict';
import { join, relative } from 'node:path';
import { importsOf, SRC, sourceFiles } from './sourceGraph';

describe('src has no import circle', () => {
  it('no file reaches itself through its imports', () => {
    const graph = new Map(sourceFiles().map((f) => [f, importsOf(f)]));
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
    const crossings = sourceFiles()
      .filter((f) => f.startsWith(VIEWS))
      .flatMap((f) =>
        importsOf(f)
          .filter((g) => g.startsWith(VIEWS + '/') || g.startsWith(VIEWS + '\\'))
          .filter((g) => viewOf(g) !== 'common' && viewOf(g) !== viewOf(f))
          .map((g) => `${relative(SRC, f)} → ${relative(SRC, g)}`),
      );
    assert.deepEqual(crossings, []);
  });
});
