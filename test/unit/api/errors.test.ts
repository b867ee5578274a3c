/**
 * ContentSiteError and SignInError are told by their class: the build holds each module once (see
 * test/unit/scripts/bundle.test.ts), so no copy of the class needs recognising; a look-alike built
 * with their fields is not one of them.
 */
import * as assert from 'node:assert/strict';
import { ContentSiteError } from '../../../src/api/errors';
import { SignInError } from '../../../src/auth/confirmToken';

describe('ContentSiteError and SignInError', () => {
  it('are their own classes: neither claims the other, nor a plain error or a look-alike', () => {
    const here = new ContentSiteError({ kind: 'api', userMessage: 'You can’t reply here.', status: 403 });
    assert.ok(here instanceof ContentSiteError);
    assert.ok(ContentSiteError.is(here));
    assert.equal((here.reworded('Other words.') as ContentSiteError).userMessage, 'Other words.');
    assert.ok(!(new Error('plain') instanceof ContentSiteError));
    assert.ok(!(Object.assign(new Error('x'), { name: 'ContentSiteError', userMessage: 'x', kind: 'api' }) instanceof ContentSiteError));
    assert.ok(!ContentSiteError.is(Object.assign(new Error('x'), { name: 'ContentSiteError', userMessage: 'x', kind: 'api' })));
    assert.ok(new SignInError('The sign-in answer was not for this window.') instanceof SignInError);
    assert.ok(!(new ContentSiteError({ kind: 'auth', userMessage: 'x' }) instanceof SignInError));
    assert.ok(!(new SignInError('x') instanceof ContentSiteError));
  });
});
