// Bundles the extension with esbuild: src/extension.ts -> dist/extension.js.
// Development builds carry sourcemaps; `--production` minifies and drops them (the VSIX ships no maps).
import { copyFileSync, mkdirSync } from 'node:fs';
import * as esbuild from 'esbuild';

// The chart library of the insights view ships in media/vendor (no CDN): copied from node_modules.
mkdirSync('media/vendor', { recursive: true });
for (const f of ['uPlot.iife.min.js', 'uPlot.min.css']) copyFileSync(`node_modules/uplot/dist/${f}`, `media/vendor/${f}`);

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const options = {
  entryPoints: ['src/extension.ts'],
  bundle: true,
  outfile: 'dist/extension.js',
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

if (watch) {
  const ctx = await esbuild.context(options);
  await ctx.watch();
  console.log('esbuild: watching src/ ...');
} else {
  const result = await esbuild.build(options);
  const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
  console.log(`esbuild: dist/extension.js ${(bytes / 1024).toFixed(1)} KiB${production ? ' (production)' : ''}`);
}
