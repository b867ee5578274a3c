// One running setup shared by `npm start` and the e2e tests: the reference service, the packaged
// VSIX installed into a fresh code-server, and user settings pointing the extension at the service.
// Run through tsx (it imports the TypeScript reference service).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { startService } from '../test/service/index.ts';
import { freePort, installVsix, makeWorkDir, startCodeServer, writeUserSettings } from './editor.mjs';
import { provision } from './provision-editor.mjs';

const root = resolve(import.meta.dirname, '..');
export const VSIX = resolve(root, 'content-site.vsix');

export function packageVsix() {
  execFileSync('npm', ['run', '--silent', 'package'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, npm_config_yes: 'true' },
  });
  if (!existsSync(VSIX)) throw new Error('npm run package did not produce content-site.vsix');
  return VSIX;
}

/**
 * @param {{ servicePort?: number, editorPort?: number, latencyMs?: number, realClock?: boolean, seed?: object, settings?: object }} options
 */
export async function launchDemo(options = {}) {
  const timings = {};
  let t = Date.now();
  const lap = (name) => {
    timings[name] = Date.now() - t;
    t = Date.now();
  };
  provision();
  lap('provision');
  packageVsix();
  lap('package');
  const editorPort = options.editorPort ?? (await freePort());
  const svc = await startService({
    port: options.servicePort ?? 0,
    latencyMs: options.latencyMs,
    now: options.realClock ? Math.floor(Date.now() / 1000) : undefined,
    seed: { ...options.seed, redirectUriPrefixes: [`http://127.0.0.1:${editorPort}/`, `http://localhost:${editorPort}/`] },
  });
  lap('service');
  const work = makeWorkDir('editor');
  writeUserSettings(work, {
    'contentSite.apiBaseUrl': svc.restUrl,
    // *.localhost reaches the loopback service without code-server's localhost port proxy, whose
    // rewriting loses the encoding of redirect_uri's query (VS Code web's resolveExternalUri).
    'contentSite.oauth.authorizeUrl': `http://auth.localhost:${svc.port}/oauth2/authorize`,
    'contentSite.oauth.clientId': '12345',
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.welcomePage.walkthroughs.openOnInstall': false,
    'chat.disableAIFeatures': true,
    'chat.commandCenter.enabled': false,
    'telemetry.telemetryLevel': 'off',
    'extensions.autoCheckUpdates': false,
    'extensions.ignoreRecommendations': true,
    'security.workspace.trust.enabled': false,
    'git.openRepositoryInParentFolders': 'never',
    'git.enabled': false,
    ...options.settings,
  });
  installVsix(work, VSIX);
  lap('install');
  let editor;
  try {
    editor = await startCodeServer(work, { port: editorPort });
  } catch (err) {
    await svc.close();
    work.remove();
    throw err;
  }
  lap('editor');
  return {
    svc,
    editor,
    work,
    timings,
    async stop() {
      await editor.stop();
      await svc.close();
      work.remove();
    },
  };
}
