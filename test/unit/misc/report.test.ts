/**
 * The one path of the messages (src/report.ts), outside an editor on the bench's stand-in for the
 * vscode module: what each call asks the editor to show, and how a failure is told. And `localized`
 * (src/localize.ts), the one place that translates a sentence that is not a literal.
 */
import '../../../scripts/bench/vscodeStub';
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ContentSiteError } from '../../../src/api/errors';
import { localized } from '../../../src/localize';
import { report, reportFailure } from '../../../src/report';

type Shown = { how: string; args: unknown[] };

const KINDS = ['showInformationMessage', 'showWarningMessage', 'showErrorMessage'] as const;

describe('The reporter (src/report.ts)', () => {
  let shown: Shown[];
  /** What the stand-in's "user" picks: the button of this name when offered. */
  let pick: string | undefined;
  const window = vscode.window as unknown as Record<string, unknown>;

  beforeEach(() => {
    shown = [];
    pick = undefined;
    for (const how of KINDS)
      window[how] = (...args: unknown[]) => {
        shown.push({ how, args });
        return Promise.resolve(args.includes(pick) ? pick : undefined);
      };
  });
  afterEach(() => {
    for (const how of KINDS) delete window[how];
  });

  it('shows a notification of each level with its buttons, and resolves to the one picked', async () => {
    pick = 'Sign In';
    assert.equal(await report.info('Signed in.', 'Sign In', 'Later'), 'Sign In');
    assert.equal(await report.warn('Careful.'), undefined);
    assert.equal(await report.error('Broken.', 'Retry'), undefined);
    assert.deepEqual(shown, [
      { how: 'showInformationMessage', args: ['Signed in.', 'Sign In', 'Later'] },
      { how: 'showWarningMessage', args: ['Careful.'] },
      { how: 'showErrorMessage', args: ['Broken.', 'Retry'] },
    ]);
  });

  it('shows a modal dialog: a warning unless told info, with its detail when it has one', async () => {
    pick = 'Replace';
    assert.equal(await report.modal('Replace them?', {}, 'Replace'), 'Replace');
    await report.modal('Site', { info: true, detail: 'one\ntwo' }, 'Open');
    assert.deepEqual(shown, [
      { how: 'showWarningMessage', args: ['Replace them?', { modal: true }, 'Replace'] },
      { how: 'showInformationMessage', args: ['Site', { detail: 'one\ntwo', modal: true }, 'Open'] },
    ]);
  });

  describe('a failure', () => {
    let logged: string[];
    let signedOut: number;
    const deps = {
      log: { error: (m: string) => void logged.push(m) },
      auth: { handleUnauthorized: () => Promise.resolve(void signedOut++) },
    };
    beforeEach(() => {
      logged = [];
      signedOut = 0;
    });

    it('of the sign-in signs out once and says nothing itself (the sign-out has its own message)', async () => {
      await reportFailure(deps, new ContentSiteError({ kind: 'auth', userMessage: 'Sign in again.', status: 401 }), 'Restore');
      assert.equal(signedOut, 1);
      assert.deepEqual(shown, []);
      assert.deepEqual(logged, ['Restore: auth 401']);
    });

    it("of the service says the error's sentence; the log keeps the status, code and the service's words", async () => {
      const err = new ContentSiteError({
        kind: 'api',
        userMessage: 'The post is gone.',
        status: 404,
        code: 'unknown_post',
        serviceMessage: 'Nope',
      });
      await reportFailure(deps, err, 'Restore');
      assert.equal(signedOut, 0);
      assert.deepEqual(shown, [{ how: 'showErrorMessage', args: ['The post is gone.'] }]);
      assert.deepEqual(logged, ['Restore: api 404 unknown_post Nope']);
    });

    it('of anything else says what failed and its message', async () => {
      await reportFailure(deps, new Error('disk full'), 'Publish');
      await reportFailure(deps, 'odd', 'Upload');
      assert.deepEqual(shown, [
        { how: 'showErrorMessage', args: ['Publish failed: disk full'] },
        { how: 'showErrorMessage', args: ['Upload failed: odd'] },
      ]);
      assert.deepEqual(logged, ['Publish: Error: disk full', 'Upload: odd']);
    });
  });
});

describe('localized (src/localize.ts)', () => {
  it('fills a template of a plain layer with its arguments', () => {
    assert.equal(localized('{0} comments trashed.', 3), '3 comments trashed.');
    assert.equal(localized('The {0} "{1}" is not a valid URL.', 'API address', 'x'), 'The API address "x" is not a valid URL.');
  });

  it('gives a sentence without arguments as it is, also one with a brace already filled in', () => {
    assert.equal(localized('Comment trashed.'), 'Comment trashed.');
    assert.equal(localized('The site {odd} refused it.'), 'The site {odd} refused it.');
  });
});
