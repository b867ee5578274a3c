import * as assert from 'node:assert/strict';
import { normalizeNotification } from '../../../src/api';

describe('a note opens its web page, never an API address', () => {
  it('meta.links (API endpoints, per the spec) are not offered as the link to open', () => {
    const note = normalizeNotification({
      id: 1,
      unread: 0,
      timestamp: 1,
      subject: { text: 'A comment' },
      meta: {
        links: {
          post: 'https://public-api.wordpress.com/rest/v1/sites/2001/posts/103',
          comment: 'https://public-api.wordpress.com/rest/v1/comments/9',
        },
      },
    } as never);
    assert.equal(note.url, undefined);
  });
  it('a link in the note itself is used', () => {
    const note = normalizeNotification({
      id: 1,
      unread: 0,
      timestamp: 1,
      subject: [{ text: 'x', ranges: [{ type: 'post', indices: [0, 1], url: 'https://demo.example.blog/p/#comment-9' }] }],
    } as never);
    assert.equal(note.url, 'https://demo.example.blog/p/#comment-9');
  });
});

describe('the page a note opens', () => {
  it("a comment note opens the comment itself: its post's link with #comment-ID", () => {
    const note = normalizeNotification({
      id: 2,
      type: 'comment',
      unread: 0,
      timestamp: 1,
      subject: [
        {
          text: 'Maya mentioned you in Editing',
          ranges: [
            { type: 'user', indices: [0, 4], url: 'https://gravatar.example/maya' },
            { type: 'post', indices: [22, 29], url: 'https://demo.example.blog/2026/11/101/', site_id: 2001 },
          ],
        },
      ],
      body: [{ text: 'Hi', meta: { ids: { site: 2001, comment: 8850 } } }],
      meta: { ids: { site: 2001, post: 101 } },
    } as never);
    assert.equal(note.url, 'https://demo.example.blog/2026/11/101/#comment-8850');
  });
  it("a template comment note: the header's post link with #comment-ID", () => {
    const note = normalizeNotification({
      id: 3,
      type: 'comment',
      unread: 0,
      timestamp: 1,
      subject: { text: 'x' },
      body: { template: 'multi-line-list', header: '<a href="https://demo.example.blog/p/">P</a>', items: [] },
      meta: { ids: { comment: 8800 } },
    } as never);
    assert.equal(note.url, 'https://demo.example.blog/p/#comment-8800');
  });
  it("the note's own url comes first; a person's profile comes last", () => {
    assert.equal(
      normalizeNotification({ id: 4, unread: 0, timestamp: 1, url: 'https://demo.example.blog/own', subject: { text: 'x' } } as never).url,
      'https://demo.example.blog/own',
    );
    const follow = normalizeNotification({
      id: 5,
      type: 'follow',
      unread: 0,
      timestamp: 1,
      subject: [
        {
          text: 'Ed followed Demo',
          ranges: [
            { type: 'user', indices: [0, 2], url: 'https://gravatar.example/ed' },
            { type: 'site', indices: [12, 16], url: 'https://demo.example.blog/' },
          ],
        },
      ],
    } as never);
    assert.equal(follow.url, 'https://demo.example.blog/');
  });
});

describe("a note's link is checked where the answer is read", () => {
  const urlOf = (url: unknown, ranges: Array<{ type: string; url: unknown }> = []) =>
    normalizeNotification({
      id: 6,
      unread: 0,
      timestamp: 1,
      url,
      subject: [{ text: 'x', ranges: ranges.map((r) => ({ ...r, indices: [0, 1] })) }],
    } as never).url;

  it('only http and https: any other scheme, a relative path or a non-URL is dropped', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      'command:workbench.action.quit',
      'data:text/html,<b>x</b>',
      'file:///etc/passwd',
      'vscode://x/y',
      '/2026/01/post/',
      '//tracker.example/p.png',
      'https://',
      'not a link',
      42,
      ['https://ok.example/'],
    ])
      assert.equal(urlOf(bad), undefined, String(bad));
  });

  it('a link is kept as the URL parser writes it: what could end a Markdown link or add to it is percent-encoded', () => {
    assert.equal(
      urlOf('https://ok.example/a) ![pixel](https://tracker.example/p.png'),
      'https://ok.example/a)%20![pixel](https://tracker.example/p.png',
    );
    assert.equal(urlOf('HTTPS://Demo.Example.BLOG/p/?q=a b#c d'), 'https://demo.example.blog/p/?q=a%20b#c%20d');
    assert.equal(urlOf('https://ok.example/"><img src=x>'), 'https://ok.example/%22%3E%3Cimg%20src=x%3E');
  });

  it('a bad own link falls back to a good link in the note, and a bad one there is passed over', () => {
    assert.equal(
      urlOf('javascript:alert(1)', [
        { type: 'comment', url: 'data:text/html,x' },
        { type: 'post', url: 'https://demo.example.blog/p/' },
      ]),
      'https://demo.example.blog/p/',
    );
  });
});
