/**
 * A block-shaped note's `title` ("1 Like") and `header` blocks (what the note is about), which the
 * service's own panel shows: read from the service's answer and shown on the detail page,
 * sanitized like the subject and body.
 */
import * as assert from 'node:assert/strict';
import { elements } from './htmlElements';
import { normalizeNotification } from '../../../src/api/notificationShape';
import { rawNotificationSchema } from '../../../src/api/schemas/notification';
import { noteHtml, noteParts, noteState } from '../../../src/render';

const HOSTILE = `"><img src=x onerror=alert(1)><script>alert(1)</script>`;

/** A like note as the real service sends it (block shape), with `header` and `title`. */
const raw = {
  id: 6481,
  type: 'like',
  unread: 1,
  timestamp: 1763630000,
  note_hash: 77,
  title: '1 Like',
  subject: [{ text: 'Ann liked your post Seedlings', ranges: [{ type: 'user', indices: [0, 3], id: 1003 }] }],
  header: [
    {
      text: 'Ann Author',
      ranges: [{ type: 'user', indices: [0, 10], url: 'https://ann.example.blog', id: 1003 }],
      media: [{ type: 'image', indices: [0, 0], url: 'https://gravatar.example/avatar/ann' }],
    },
    { text: `Seedlings in November ${HOSTILE}`, ranges: [{ type: 'post', indices: [0, 9], url: 'javascript:alert(1)' }] },
  ],
  body: [{ text: 'Ann Author', type: 'user' }],
};

describe("Note detail: the block shape's title and header blocks", () => {
  const note = normalizeNotification(rawNotificationSchema.parse(raw));

  for (const [name, html] of [
    [
      'the detail page',
      () => noteParts(note, 'now', { state: noteState(note.id, note, { hasPrevious: false, hasNext: false }), draft: '' }).body,
    ],
    ['the plain render', () => noteHtml(note, 'now')],
  ] as const)
    it(`${name} shows the title as a heading and the header blocks with their links and images, before the body`, () => {
      const els = elements(html());
      const title = els.find((e) => e.name === 'h2');
      assert.equal(title?.text, '1 Like');
      const header = els.find((e) => e.name === 'header');
      assert.ok(header, 'a header');
      assert.match(header.text, /^Ann Author.*Seedlings in November/s);
      const links = els.filter((e) => e.name === 'a').map((e) => [e.attrs.href, e.text]);
      assert.deepEqual(links, [['https://ann.example.blog/', 'Ann Author']], 'the header’s web link; a javascript: range is text');
      assert.ok(
        els.some((e) => e.name === 'img' && e.attrs.src === 'https://gravatar.example/avatar/ann'),
        'the header block’s image',
      );
      assert.ok(!els.some((e) => e.name === 'script' || e.attrs.onerror !== undefined), 'the header’s text is escaped');
      assert.ok(html().indexOf('<header') < html().lastIndexOf('Ann Author</p>'), 'header before the body');
    });

  it('a hostile title is text; a note without title or header shows neither', () => {
    const hostile = normalizeNotification(rawNotificationSchema.parse({ ...raw, title: HOSTILE }));
    const els = elements(noteHtml(hostile, 'now'));
    assert.equal(els.find((e) => e.name === 'h2')?.text, HOSTILE, 'the whole title as the heading’s text');
    assert.ok(!els.some((e) => e.name === 'script' || e.attrs.onerror !== undefined));
    const bare = normalizeNotification(rawNotificationSchema.parse({ ...raw, title: undefined, header: undefined }));
    const html = noteHtml(bare, 'now');
    assert.ok(!html.includes('<h2') && !html.includes('<header'), html);
  });
});
