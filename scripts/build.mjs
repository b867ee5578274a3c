// Bundles the extension with esbuild, in nineteen files so activation compiles only what it needs:
//   src/start.ts               -> dist/start.js      (package.json's main: loads dist/extension.js through V8's code cache)
//   src/extension.ts           -> dist/extension.js  (activation: views, commands, models, client)
//   src/api/lazy/transportEntry.ts -> dist/transport.js  (undici and the push channel's socket, on the first request)
//   src/lazy/renderEntry.ts        -> dist/render.js     (the HTML sanitizer and webview pages)
//   src/api/lazy/schemasEntry.ts   -> dist/schemas.js    (zod, the response schemas and the error sentences, on the first answer)
//   src/lazy/writingEntry.ts       -> dist/writing.js    (markdown-it, turndown, yaml: post files)
//   src/commands/lazy/postFilesEntry.ts -> dist/postfiles.js  (the post-file commands' work, on the first of them)
//   src/commands/lazy/commentsEntry.ts -> dist/comments.js  (the Comments view's command work, on the first of them)
//   src/views/posts/lazy/postEditorEntry.ts -> dist/posteditor.js (a post file's diagnostics, Quick Fixes, categories and tags: with the first Markdown document)
//   src/models/lazy/liveEntry.ts   -> dist/live.js      (the push channel's session: once signed in and the notes' first load answered)
//   src/auth/lazy/signInEntry.ts   -> dist/signin.js    (signing in: the OAuth and access-token sign-ins, with the first of them)
//   src/auth/lazy/loopbackEntry.ts -> dist/loopback.js  (the loopback sign-in server, when such a sign-in starts)
//   src/views/detail/lazy/detailEntry.ts -> dist/detail.js (the detail view's webview panel: with the first note or post shown)
//   src/commands/lazy/notesEntry.ts -> dist/notes.js    (the note-action commands' work: with the first of them)
//   src/commands/lazy/occasionalEntry.ts -> dist/occasional.js (Select Site's picker, restoring posts, Show Insights, Show Site Info: with the first of them)
//   src/api/lazy/readerActionsEntry.ts -> dist/readeracts.js (the Reader's actions: follow by address, seen marks, tags, blocks: with the first of them)
//   src/api/lazy/postChangesEntry.ts -> dist/postchanges.js (create, update, trash and restore posts: with the first of them)
//   src/models/lazy/readerPostsEntry.ts -> dist/readerposts.js (acting on Reader posts: like, seen, follow, block, comment: with the first action)
//   src/views/common/lazy/hoversEntry.ts -> dist/hovers.js (the hovers of Reader posts' rows: with the first)
//   src/commands/lazy/siteFoldersEntry.ts -> dist/sitefolders.js (site folders: Clone Site into Folder…, their Source Control views, Sync, the outbox)
// esbuild's code splitting needs ESM, and the extension host loads CommonJS, so these are separate
// entry points; each part's loader (a lazy/loadX.ts beside its code, in that code's layer) require()s
// its entry, and lazyParts below turns that require into one of the built file, left to run time.
// Development builds carry sourcemaps; `--production` minifies and drops them (the VSIX ships no maps).
// Beside the bundles goes THIRD-PARTY-NOTICES.txt (scripts/notices/thirdParty.mjs): the licence of
// every package in them, and of the vendored chart library; a package that may not ship stops the build
// (not with --watch, a development loop that never packages).
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
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

const LAZY = {
  transportEntry: 'transport',
  renderEntry: 'render',
  schemasEntry: 'schemas',
  writingEntry: 'writing',
  postFilesEntry: 'postfiles',
  postEditorEntry: 'posteditor',
  commentsEntry: 'comments',
  liveEntry: 'live',
  signInEntry: 'signin',
  loopbackEntry: 'loopback',
  occasionalEntry: 'occasional',
  notesEntry: 'notes',
  detailEntry: 'detail',
  readerActionsEntry: 'readeracts',
  postChangesEntry: 'postchanges',
  readerPostsEntry: 'readerposts',
  hoversEntry: 'hovers',
  siteFoldersEntry: 'sitefolders',
};

/** `require('./transportEntry')` in src/api/lazy/loadTransport.ts -> `require('./transport.js')`, left to run time. */
const lazyParts = {
  name: 'lazy-parts',
  setup(build) {
    build.onResolve({ filter: /^\.\/\w+Entry$/ }, (args) => {
      // Only a lazy/loadX.ts's require of its ./xEntry, anywhere under src/.
      if (args.kind !== 'require-call' || !/[\\/]src[\\/](\w+[\\/])*lazy[\\/]load\w+\.ts$/.test(args.importer)) return undefined;
      const name = LAZY[args.path.slice(2)];
      if (!name) throw new Error(`${args.path} has no file name in LAZY (scripts/build.mjs).`);
      return { path: `./${name}.js`, external: true };
    });
  },
};

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

/**
 * One copy of the `vscode` API for the whole bundle instead of one per importing module: esbuild
 * turns each module's `import * as vscode from 'vscode'` of the (CommonJS, external) API into its
 * own copy, a getter per API member (about 350), which in the extension host cost most of the
 * bundle's load time. Every import of 'vscode' resolves here to one module that re-exports it once.
 */
const oneVscode = {
  name: 'one-vscode',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'one-vscode' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'one-vscode' },
    );
    build.onLoad({ filter: /^vscode$/, namespace: 'one-vscode' }, () => ({ contents: "export * from 'vscode';", loader: 'js' }));
  },
};

const options = {
  entryPoints: {
    start: 'src/start.ts',
    extension: 'src/extension.ts',
    transport: 'src/api/lazy/transportEntry.ts',
    render: 'src/lazy/renderEntry.ts',
    schemas: 'src/api/lazy/schemasEntry.ts',
    writing: 'src/lazy/writingEntry.ts',
    postfiles: 'src/commands/lazy/postFilesEntry.ts',
    comments: 'src/commands/lazy/commentsEntry.ts',
    posteditor: 'src/views/posts/lazy/postEditorEntry.ts',
    live: 'src/models/lazy/liveEntry.ts',
    signin: 'src/auth/lazy/signInEntry.ts',
    loopback: 'src/auth/lazy/loopbackEntry.ts',
    occasional: 'src/commands/lazy/occasionalEntry.ts',
    notes: 'src/commands/lazy/notesEntry.ts',
    detail: 'src/views/detail/lazy/detailEntry.ts',
    readeracts: 'src/api/lazy/readerActionsEntry.ts',
    postchanges: 'src/api/lazy/postChangesEntry.ts',
    readerposts: 'src/models/lazy/readerPostsEntry.ts',
    hovers: 'src/views/common/lazy/hoversEntry.ts',
    sitefolders: 'src/commands/lazy/siteFoldersEntry.ts',
  },
  bundle: true,
  outdir,
  plugins: [lazyParts, oneEntities, oneVscode],
  platform: 'node',
  target: 'node20',
  format: 'cjs',
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

// `--bench`: also the bench's fresh-process first-call clients (scripts/bench/run.ts builds them to
// out/bench with --outdir), split like the extension so they load what it loads when it does.
if (process.argv.includes('--bench'))
  Object.assign(options.entryPoints, {
    firstCallOurs: 'scripts/bench/firstCallOurs.ts',
    firstCallWpcom: 'scripts/bench/firstCallWpcom.ts',
    wpcomClient: 'scripts/bench/wpcomClient.ts',
    tree: 'scripts/bench/tree.ts',
  });

if (watch) {
  const ctx = await esbuild.context(options);
  await ctx.watch();
  console.log('esbuild: watching src/ ...');
} else {
  const result = await esbuild.build(options);
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
    .filter(([file]) => file.endsWith('.js'))
    .map(([file, o]) => `${file} ${(o.bytes / 1024).toFixed(1)} KiB`);
  console.log(`esbuild: ${sizes.join(', ')}${production ? ' (production)' : ''}`);
}
