// Bundles the in-host suite (test/suite/index.ts and the reference service it starts) to
// out/test/suite/index.js: the file an extension host loads as extensionTestsPath.
import * as esbuild from 'esbuild';

await esbuild.build({
  entryPoints: ['test/suite/index.ts'],
  bundle: true,
  outfile: 'out/test/suite/index.js',
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  external: ['vscode', 'mocha'],
  sourcemap: 'inline',
  logLevel: 'warning',
});
