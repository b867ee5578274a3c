/** Where a post is read on the web (postLink) and what Open in Browser does with an address that is none. */
import * as assert from 'node:assert/strict';
import { postLink } from '../../../src/models/postsModel';

describe("A post's web address", () => {
  it('a published post is its URL; an unpublished one previews; an address that does not parse is given back for the caller to refuse, never thrown', () => {
    assert.equal(postLink({ URL: 'https://x.blog/a/', status: 'publish' }), 'https://x.blog/a/');
    assert.equal(postLink({ URL: 'https://x.blog/?p=5', status: 'draft' }), 'https://x.blog/?p=5&preview=true');
    assert.equal(postLink({ URL: 'not a url', status: 'draft' }), 'not a url');
    assert.equal(postLink({ URL: '', status: 'draft' }), undefined);
  });
});
