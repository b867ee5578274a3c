/** The import graph of src/, read from the files as text (relative imports only), for the tests of its shape. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import * as ts from 'typescript';

export const SRC = resolve(__dirname, '../../../src');

/** Every .ts file under `dir`. */
export function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const isFile = (p: string) => {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
};

/**
 * The files `file` imports: `import … from`, `export … from`, `import '…'`, `import('…')` and
 * `require('…')`, type-only imports included (a dependency either way).
 */
export function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  const pattern = /(?:import|export)\s[^'";]*?from\s+'(\.[^']+)'|import\s+'(\.[^']+)'|(?:import|require)\(\s*'(\.[^']+)'\s*\)/g;
  for (const m of text.matchAll(pattern)) {
    const base = resolve(dirname(file), m[1] ?? m[2] ?? m[3]);
    const target = [`${base}.ts`, join(base, 'index.ts')].find(isFile);
    if (target) out.push(target);
  }
  return out;
}

/**
 * The text of every string literal in a file: quoted strings, and templates up to their first `${`
 * (`parts`: each piece between the placeholders too); comments are not read.
 */
export function literalsOf(file: string, parts = false): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node)) out.push(node.text);
    else if (ts.isTemplateExpression(node)) {
      out.push(node.head.text);
      if (parts) out.push(...node.templateSpans.map((span) => span.literal.text));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}
