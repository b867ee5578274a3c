/**
 * The in-host suite's entry: the standard `run()` that VS Code's test runners load (code-server's
 * test payload here, @vscode/test-electron where VS Code can be downloaded). Bundled by
 * scripts/build-suite.mjs to out/test/suite/index.js.
 */
import Mocha from 'mocha';

export function run(): Promise<void> {
  // 60 s: a test's own waits (harness.ts until()) give up at 20 s; a busy machine must not fail a test's setup.
  // CONTENT_SITE_IN_HOST_GREP: only the tests whose title matches (the bench runs the first one
  // several times for the activation figure, which every run records; see harness.ts).
  const grep = process.env.CONTENT_SITE_IN_HOST_GREP;
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 60_000, forbidOnly: true, ...(grep ? { grep } : {}) });
  mocha.suite.emit('pre-require', globalThis, 'in-host', mocha);
  // Test files call describe()/it() when loaded, so load them after pre-require (esbuild bundles them).
  /* eslint-disable @typescript-eslint/no-require-imports */
  require('./activation.test');
  require('./signIn.test');
  require('./trees.test');
  require('./noteActions.test');
  require('./live.test');
  require('./posts.test');
  require('./terms.test');
  require('./comments.test');
  require('./tools.test');
  /* eslint-enable @typescript-eslint/no-require-imports */
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} in-host test(s) failed.`)) : resolve()));
  });
}
