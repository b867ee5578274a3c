import * as assert from 'node:assert/strict';
import { Parser } from 'htmlparser2';
import type { Notification } from '../../../src/api';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, blockHtml, noteHtml, postHtml, sanitize } from '../../../src/render';
import { XSS_PAYLOADS } from './xssCorpus';

/** Parses the output and lists everything that is not on the allow-list. */
function violations(html: string): string[] {
  const found: string[] = [];
  const extra: Record<string, string[]> = {
    a: ['rel', 'data-range'],
    img: ['loading', 'class'],
    div: ['class'],
    section: ['class'],
    ul: ['class'],
    li: ['class'],
    p: ['class', 'id', 'hidden'],
    span: ['id'],
    article: ['class'],
    header: [],
    footer: [],
  };
  // The page's own parts: the live state's ids (`note-unread`, `note-status`).
  const tags = [...ALLOWED_TAGS, 'article', 'section', 'header', 'footer', 'span'];
  const parser = new Parser({
    onopentag(name, attribs) {
      if (!tags.includes(name)) found.push(`tag <${name}>`);
      for (const [key, value] of Object.entries(attribs)) {
        const allowed = [...(ALLOWED_ATTRIBUTES[name] ?? []), ...(extra[name] ?? [])];
        if (!allowed.includes(key)) found.push(`attribute ${key} on <${name}>`);
        if (key === 'href' && !/^(https?:\/\/|mailto:)/i.test(value)) found.push(`href ${value}`);
        if (key === 'src' && !/^https:\/\//i.test(value)) found.push(`src ${value}`);
      }
    },
  });
  parser.write(html);
  parser.end();
  return found;
}

const note = (over: Partial<Notification>): Notification => ({
  id: 1,
  unread: 1,
  unreadIsCount: true,
  timestamp: 0,
  subjectText: 's',
  ...over,
});

describe('Rendering untrusted HTML (XSS corpus)', () => {
  it(`holds at least 50 payloads`, () => {
    assert.ok(XSS_PAYLOADS.length >= 50, `${XSS_PAYLOADS.length} payloads`);
  });

  for (const [i, payload] of XSS_PAYLOADS.entries()) {
    it(`#${i + 1} leaves nothing executable: ${payload.slice(0, 60)}`, () => {
      const outputs = {
        sanitize: sanitize(payload),
        template: noteHtml(
          note({
            subject: { html: payload, icon: 'javascript:alert(1)' },
            body: {
              template: 'multi-line-list',
              header: payload,
              footer: payload,
              items: [{ icon: payload, header: payload, html: payload, header_link: 'javascript:alert(1)' }],
            },
          }),
          'now',
        ),
        badge: noteHtml(note({ body: { template: 'big-badge', header: payload, html: payload, badge: 'javascript:alert(1)' } }), 'now'),
        blocks: blockHtml({
          text: payload,
          ranges: [
            { indices: [0, Math.min(5, payload.length)], url: 'javascript:alert(1)' },
            { indices: [0, payload.length], url: 'https://ok.example/' },
          ],
          media: [{ url: payload }],
        }),
        post: postHtml(
          { title: payload, content: payload, URL: 'javascript:alert(1)', site_name: payload, author: { name: payload } },
          payload,
        ),
      };
      for (const [where, html] of Object.entries(outputs)) assert.deepEqual(violations(html), [], `${where}: ${html}`);
    });
  }

  it('keeps ordinary content: paragraphs, https links and images, emphasis', () => {
    const html = sanitize(
      '<p>Hello <a href="https://ok.example/x">there</a> <img src="https://ok.example/a.png" alt="a"> <em>you</em></p>',
    );
    assert.match(html, /<a href="https:\/\/ok\.example\/x" rel="noopener noreferrer">there<\/a>/);
    assert.match(html, /<img src="https:\/\/ok\.example\/a\.png" alt="a" loading="lazy" \/>/);
    assert.match(html, /<em>you<\/em>/);
  });

  it('turns block ranges into links over the right text and escapes the rest', () => {
    const html = blockHtml({
      text: 'Maya <3 your post',
      ranges: [{ type: 'user', indices: [0, 4], url: 'https://gravatar.example/maya' }],
    });
    assert.equal(
      html,
      '<div class="block"><p><a href="https://gravatar.example/maya" data-range="user">Maya</a> &lt;3 your post</p></div>',
    );
  });
});
