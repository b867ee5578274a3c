/**
 * A part loaded on first use (dist/render.js, dist/writing.js…) is bundled with its own copy of
 * src/api/errors.ts: an error the main file's client made must still be a ContentSiteError there,
 * or the part shows "ContentSiteError: … (403 unauthorized …)" where the user's sentence belonged.
 */
import * as assert from 'node:assert/strict';
import { ContentSiteError } from '../../../src/api/errors';

/** A second, separate copy of the module, as another bundle holds it. */
function anotherCopy(): typeof ContentSiteError {
  const path = require.resolve('../../../src/api/errors');
  const kept = require.cache[path];
  delete require.cache[path];
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (require(path) as { ContentSiteError: typeof ContentSiteError }).ContentSiteError;
  } finally {
    require.cache[path] = kept;
  }
}

describe('ContentSiteError across copies of its module', () => {
  const Other = anotherCopy();

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
    assert.ok(!(null instanceof ContentSiteError));
    assert.ok(!('ContentSiteError' instanceof ContentSiteError));
  });
});
