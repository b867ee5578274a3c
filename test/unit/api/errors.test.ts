/**
 * A part loaded on first use (dist/render.js, dist/writing.js…) is bundled with its own copy of
 * src/api/errors.ts: an error the main file's client made must still be a ContentSiteError there,
 * or the part shows "ContentSiteError: … (403 unauthorized …)" where the user's sentence belonged.
 */
import * as assert from 'node:assert/strict';
import { ContentSiteError } from '../../../src/api/errors';
import { SignInError } from '../../../src/auth/confirmToken';

/** A second, separate copy of a module, as another bundle holds it. */
function anotherCopy<T>(module: string): T {
  const path = require.resolve(module);
  const kept = require.cache[path];
  delete require.cache[path];
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(path) as T;
  } finally {
    require.cache[path] = kept;
  }
}

describe('ContentSiteError across copies of its module', () => {
  const Other = anotherCopy<{ ContentSiteError: typeof ContentSiteError }>('../../../src/api/errors').ContentSiteError;

  it('is a separate class object, as in another bundle', () => {
    assert.notEqual(Other, ContentSiteError);
  });

  it('is recognised by either copy', () => {
    const here = new ContentSiteError({ kind: 'api', userMessage: 'You can’t reply here.', status: 403 });
    const there = new Other({ kind: 'auth', userMessage: 'Sign in again.' });
    assert.ok(here instanceof Other);
    assert.ok(there instanceof ContentSiteError);
    assert.ok(ContentSiteError.is(there));
    assert.equal((here.reworded('Other words.') as ContentSiteError).userMessage, 'Other words.');
  });

  it('is not claimed by other errors or look-alikes', () => {
    assert.ok(!(new Error('plain') instanceof ContentSiteError));
    assert.ok(!(Object.assign(new Error('x'), { name: 'ContentSiteError', userMessage: 'x', kind: 'api' }) instanceof Other));
    assert.ok(!((null as unknown as object) instanceof ContentSiteError));
    assert.ok(!(('ContentSiteError' as unknown as object) instanceof ContentSiteError));
  });
});

describe('SignInError across copies of its module (dist/loopback.js throws its own)', () => {
  const Other = anotherCopy<{ SignInError: typeof SignInError }>('../../../src/auth/confirmToken').SignInError;

  it('is recognised by either copy, and only it', () => {
    assert.notEqual(Other, SignInError);
    assert.ok(new Other('The sign-in answer was not for this window.') instanceof SignInError);
    assert.ok(new SignInError('x') instanceof Other);
    assert.ok(!(new ContentSiteError({ kind: 'auth', userMessage: 'x' }) instanceof SignInError));
    assert.ok(!(new SignInError('x') instanceof ContentSiteError));
  });
});
