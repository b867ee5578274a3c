import * as assert from 'node:assert/strict';
import { normalizeNotification } from '../../../src/api';

describe('a note opens its web page, never an API address', () => {
  it('meta.links (API endpoints, per the spec) are not offered as the link to open', () => {
    const note = normalizeNotification({
      id: 1,
      unread: 0,
      timestamp: 1,
      subject: { text: 'A comment' },
      meta: { links: { post: 'https://public-api.wordpress.com/rest/v1/sites/2001/posts/103', comment: 'https://public-api.wordpress.com/rest/v1/comments/9' } },
    } as never);
    assert.equal(note.url, undefined);
  });
  it('a link in the note itself is used', () => {
    const note = normalizeNotification({ id: 1, unread: 0, timestamp: 1, subject: [{ text: 'x', ranges: [{ type: 'post', indices: [0, 1], url: 'https://demo.example.blog/p/#comment-9' }] }] } as never);
    assert.equal(note.url, 'https://demo.example.blog/p/#comment-9');
  });
});
