// Bundles the extension with esbuild: one entry (src/extension.ts -> dist/extension.mjs, package.json's
// main) and the chunks esbuild's code splitting makes by itself. Code that activation does not need is
// reached only through a plain `await import('./x.work')` (or another module's import()): each such
// import is a chunk of its own, loaded on first use, and what two chunks share is a shared chunk, so
// every module is in dist/ once. Splitting needs ES modules; the extension host loads an `.mjs` main
// as one since VS Code 1.100 (package.json's engines.vscode).
// Development builds carry sourcemaps; `--production` minifies and drops them (the VSIX ships no maps).
// Beside the bundles goes THIRD-PARTY-NOTICES.txt (scripts/notices/thirdParty.mjs): the licence of
// every package in them, and of the vendored chart library; a package that may not ship stops the build
// (not with --watch, a development loop that never packages).
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve as resolvePath } from 'node:path';
import * as esbuild from 'esbuild';
import { shippedInputs, thirdPartyNotices } from './notices/thirdParty.mjs';

// The chart library of the insights view ships in media/vendor (no CDN): copied from node_modules.
const VENDORED = ['uPlot.iife.min.js', 'uPlot.min.css'].map((f) => `node_modules/uplot/dist/${f}`);
mkdirSync('media/vendor', { recursive: true });
for (const from of VENDORED) copyFileSync(from, `media/vendor/${from.slice(from.lastIndexOf('/') + 1)}`);

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
/** `--outdir DIR` builds elsewhere than dist/ and `--meta` writes esbuild's metafile there as meta.json (the bundle test reads it). */
const flag = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
// The bench's clients never go to dist/ (the VSIX packs every dist/*.js).
const outdir = flag('--outdir') ?? (process.argv.includes('--bench') ? 'out/bench' : 'dist');
// The output folder holds only this build: a file left by an earlier one would ship in the VSIX.
rmSync(outdir, { recursive: true, force: true });

/**
 * One copy of `entities` in dist/render.js instead of two: htmlparser2 brings entities 7, and
 * dom-serializer (through sanitize-html's domutils) asks for entities 4 only for encodeXML,
 * escapeAttribute and escapeText, which entities 7 has, unchanged, in its small escape module
 * (without the encoding tables the full package would pull in).
 */
const oneEntities = {
  name: 'one-entities',
  setup(build) {
    const require = createRequire(import.meta.url);
    const escape = require.resolve('entities/escape', { paths: [dirname(require.resolve('htmlparser2'))] });
    build.onResolve({ filter: /^entities$/ }, (args) => (/[\\/]dom-serializer[\\/]/.test(args.importer) ? { path: escape } : undefined));
  },
};

const options = {
  entryPoints: { extension: 'src/extension.ts' },
  bundle: true,
  outdir,
  plugins: [oneEntities],
  platform: 'node',
  target: 'node20',
  format: 'esm',
  splitting: true,
  outExtension: { '.js': '.mjs' },
  chunkNames: '[name]-[hash]',
  // The CommonJS packages bundled (undici, turndown…) require Node's own modules: an ES module has no
  // `require` of its own, so each file gets one (esbuild's bundled require() calls use it when it is there).
  banner: { js: "import { createRequire as __csRequire } from 'node:module'; const require = __csRequire(import.meta.url);" },
  external: ['vscode'],
  // See scripts/stubs/postcss.cjs: sanitize-html's style parser is never used.
  alias: { postcss: './scripts/stubs/postcss.cjs' },
  minify: production,
  sourcemap: production ? false : 'linked',
  sourcesContent: false,
  legalComments: production ? 'none' : 'inline',
  logLevel: 'warning',
  metafile: true,
};

/**
 * What activation loads, in one chunk. esbuild puts a module that the main file and a late chunk both
 * import into a chunk of its own for each set of importers: left so, activation loaded the main file
 * and 38 small chunks, and the extension host's ES-module loader costs about as much per file as the
 * code does. A first build (without writing) finds what the main file loads statically; the real build
 * then has every late chunk's module (each target of an import()) import all of that too, for nothing
 * (at run time those modules are loaded and run already, before any late chunk), so that each is
 * imported by every chunk alike and esbuild makes of them one chunk.
 */
async function activationSet(base) {
  const first = await esbuild.build({ ...base, write: false, minify: false, sourcemap: false, logLevel: 'silent' });
  const outputs = first.metafile.outputs;
  const main = Object.keys(outputs).find((f) => outputs[f].entryPoint === 'src/extension.ts');
  const loaded = new Set();
  const stack = [main];
  while (stack.length > 0) {
    const file = stack.pop();
    if (loaded.has(file)) continue;
    loaded.add(file);
    for (const i of outputs[file].imports) if (i.kind === 'import-statement' && outputs[i.path]) stack.push(i.path);
  }
  const atStart = [...loaded]
    .flatMap((f) => Object.keys(outputs[f].inputs))
    .filter((input) => input !== 'src/extension.ts' && !input.includes(':'));
  const late = new Set(
    Object.values(outputs)
      .map((o) => o.entryPoint)
      .filter((e) => e && e !== 'src/extension.ts' && !e.startsWith('scripts/')),
  );
  const abs = (f) => resolvePath(f);
  const lateFiles = new Set([...late].map(abs));
  return {
    name: 'activation-set',
    setup(build) {
      build.onResolve({ filter: /^cs-activation-set$/ }, () => ({ path: 'cs-activation-set', namespace: 'activation-set' }));
      build.onLoad({ filter: /^cs-activation-set$/, namespace: 'activation-set' }, () => ({
        resolveDir: process.cwd(),
        loader: 'js',
        contents: atStart.map((f) => `import ${JSON.stringify(abs(f))};`).join('\n'),
      }));
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        if (!lateFiles.has(args.path)) return undefined;
        return { contents: `${readFileSync(args.path, 'utf8')}\nimport 'cs-activation-set';\n`, loader: 'ts' };
      });
    },
  };
}

// `--bench`: the extension for plain Node (the bench's vscode), and the bench's fresh-process clients
// (scripts/bench/run.ts builds them to out/bench with --outdir) in a build of their own.
/**
 * The bench's `vscode` (--bench only; its processes run in plain Node): every top-level name of the
 * real API (@types/vscode), each scripts/bench/vscodeStub.ts's member where it has one and else a
 * constructible no-op whose members are too (what module-level code such as `class X extends
 * vscode.TreeItem` needs).
 */
const benchVscode = {
  name: 'bench-vscode',
  setup(build) {
    const require = createRequire(import.meta.url);
    const names = [
      ...readFileSync(require.resolve('@types/vscode/index.d.ts'), 'utf8').matchAll(
        /^\texport (?:class|enum|namespace|function|const|let|var) (\w+)/gm,
      ),
    ].map((m) => m[1]);
    if (names.length < 150) throw new Error(`@types/vscode gave ${names.length} API names: is its layout still one tab per level?`);
    build.onResolve({ filter: /^vscode$/ }, () => ({ path: 'vscode', namespace: 'bench-vscode' }));
    build.onLoad({ filter: /^vscode$/, namespace: 'bench-vscode' }, () => ({
      resolveDir: process.cwd(),
      loader: 'js',
      contents: [
        "import { stub } from './scripts/bench/vscodeStub.ts';",
        'const member = () => { const f = function () {}; return new Proxy(f, { get: (t, k) => (k === "prototype" ? t.prototype : member()) }); };',
        ...names.map((n) => `export const ${n} = stub.${n} ?? member();`),
      ].join('\n'),
    }));
  },
};

if (process.argv.includes('--bench')) {
  options.plugins.push(benchVscode);
  options.external = [];
  // The reference service bundled into the tree's bench finds its fixtures from its own folder.
  options.banner.js +=
    " import { dirname as __csDirname } from 'node:path'; import { fileURLToPath as __csPath } from 'node:url'; const __dirname = __csDirname(__csPath(import.meta.url));";
}
/** The bench's clients: built apart from the extension (below), into the same folder. */
const benchClients = process.argv.includes('--bench')
  ? {
      firstCallOurs: 'scripts/bench/firstCallOurs.ts',
      firstCallWpcom: 'scripts/bench/firstCallWpcom.ts',
      wpcomClient: 'scripts/bench/wpcomClient.ts',
      tree: 'scripts/bench/tree.ts',
    }
  : undefined;

if (watch) {
  const ctx = await esbuild.context(options);
  await ctx.watch();
  console.log('esbuild: watching src/ ...');
} else {
  options.plugins.push(await activationSet(options));
  const result = await esbuild.build(options);
  // The bench's clients split as esbuild splits them: the client's undici and schemas are chunks of
  // their own, loaded during the first call as in the extension (and no activation chunk of theirs).
  if (benchClients) await esbuild.build({ ...options, entryPoints: benchClients, plugins: [oneEntities, benchVscode] });
  if (process.argv.includes('--meta')) writeFileSync(`${outdir}/meta.json`, JSON.stringify(result.metafile));
  // The bench's clients (and wpcom in them) never ship: their build has no notices to keep.
  if (!process.argv.includes('--bench')) {
    try {
      const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
      const { text } = thirdPartyNotices({ files: [...shippedInputs(result.metafile), ...VENDORED], lock, cwd: process.cwd() });
      writeFileSync(`${outdir}/THIRD-PARTY-NOTICES.txt`, text);
    } catch (err) {
      // Nothing is left to package: bundles without their notices must not ship.
      rmSync(outdir, { recursive: true, force: true });
      console.error(err instanceof Error ? err.message : String(err));
      process.exit(1);
    }
  }
  const sizes = Object.entries(result.metafile.outputs)
    .filter(([file]) => file.endsWith('.mjs'))
    .map(([file, o]) => `${file} ${(o.bytes / 1024).toFixed(1)} KiB`);
  console.log(`esbuild: ${sizes.join(', ')}${production ? ' (production)' : ''}`);
}
