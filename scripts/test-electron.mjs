// `npm run test:vscode`: the same in-host suite in desktop VS Code through @vscode/test-electron,
// for machines that can download VS Code (ours cannot; CI runs the suite in code-server instead,
// through scripts/test-in-host.mjs).
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { runTests } from '@vscode/test-electron';

const root = resolve(import.meta.dirname, '..');
execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
execFileSync(process.execPath, ['scripts/build-suite.mjs'], { cwd: root, stdio: 'inherit' });
try {
  await runTests({
    extensionDevelopmentPath: root,
    extensionTestsPath: resolve(root, 'out/test/suite/index.js'),
    launchArgs: ['--disable-extensions', '--skip-welcome'],
  });
} catch (err) {
  console.error(err);
  process.exit(1);
}
