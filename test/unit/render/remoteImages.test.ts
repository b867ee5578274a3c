/**
 * Remote images in the detail view: blocked by default (not fetched: the CSP forbids them and the
 * page does not point at them), a placeholder with the alt text instead, a "Load images" bar;
 * allowed on request; avatars from the service's avatar hosts always shown.
 */
import * as assert from 'node:assert/strict';
import { Parser } from 'htmlparser2';
import type { Notification } from '../../../src/api';
import { csp, gateImages, isAvatarUrl, noteHtml, page, postHtml } from '../../../src/render';
import { XSS_PAYLOADS } from './xssCorpus';

/** Every src of every element, and the img-src directive of the page's CSP. */
function inspect(html: string): { srcs: string[]; imgSrc: string; placeholders: string[]; button: boolean } {
  const srcs: string[] = [];
  const placeholders: string[] = [];
  let imgSrc = '';
  let button = false;
  let inPlaceholder = false;
  const parser = new Parser({
    onopentag(name, attribs) {
      for (const [key, value] of Object.entries(attribs))
        if (key === 'src' || key === 'srcset' || key === 'background' || key === 'poster') srcs.push(value);
      if (name === 'meta' && attribs['http-equiv'] === 'Content-Security-Policy')
        imgSrc = /img-src ([^;]*)/.exec(attribs.content)?.[1] ?? '';
      if (name === 'button' && attribs.id === 'load-images') button = true;
      if (name === 'span' && attribs.class === 'image-blocked') {
        inPlaceholder = true;
        placeholders.push('');
      }
    },
    ontext(text) {
      if (inPlaceholder) placeholders[placeholders.length - 1] += text;
    },
    onclosetag(name) {
      if (name === 'span') inPlaceholder = false;
    },
  });
  parser.write(html);
  parser.end();
  return { srcs, imgSrc, placeholders, button };
}

/** Elements that run or embed things, event-handler attributes, and script URLs in attributes. */
function dangers(html: string): string[] {
  const found: string[] = [];
  const parser = new Parser({
    onopentag(name, attribs) {
      if (['script', 'iframe', 'svg', 'style', 'object', 'embed', 'math', 'form', 'link', 'meta', 'base'].includes(name))
        found.push(`<${name}>`);
      for (const [key, value] of Object.entries(attribs)) {
        if (/^on/i.test(key) || key === 'style' || key === 'srcset') found.push(`${key} on <${name}>`);
        if (/^\s*(javascript|data|vbscript):/i.test(value)) found.push(`${key}=${value}`);
      }
    },
  });
  parser.write(html);
  parser.end();
  return found;
}

const CSP_SOURCE = 'https://webview.example';
const render = (body: string, remoteImages: boolean): string =>
  page({
    title: 't',
    body,
    nonce: 'n0nce',
    cspSource: CSP_SOURCE,
    styleUri: 'https://webview.example/detail.css',
    remoteImages,
    token: 'tok',
    scriptUris: [],
  });

const AVATAR = 'https://gravatar.example/avatar/maya.lin?s=256';
const note: Notification = {
  id: 1,
  unread: 1,
  unreadIsCount: true,
  timestamp: 0,
  subjectText: 'Maya commented',
  subject: { icon: AVATAR, html: '<b>Maya</b> commented' },
  body: {
    template: 'multi-line-list',
    header: '<p>Look <img src="https://tracker.example/pixel.gif" alt="a pixel" width="1" height="1"></p>',
    items: [
      {
        icon: 'https://secure.gravatar.com/avatar/abc?s=96',
        header: '<b>Maya</b>',
        html: '<p><img src="https://photos.example/cat.jpg" alt="My cat"><img src="https://photos.example/dog.jpg"></p>',
      },
    ],
  },
};
const post = {
  title: 'A post',
  content:
    '<p>Text <img src="https://longhand.example.com/img/1.jpg" alt="Harbour at dawn"> <img src="https://s0.wp.com/wp-content/mu-plugins/wpcom-smileys/twemoji/2/72x72/1f642.png" alt="🙂"></p>',
};

describe('Remote images in the detail view', () => {
  describe('blocked (the default)', () => {
    it('a note: no remote src in the page, only the avatars; the CSP has no https: img-src', () => {
      const r = inspect(render(noteHtml(note, 'now'), false));
      assert.deepEqual(r.srcs, [AVATAR, 'https://secure.gravatar.com/avatar/abc?s=96']);
      assert.equal(r.imgSrc.split(' ').includes('https:'), false, r.imgSrc);
      assert.deepEqual(r.imgSrc.split(' '), [
        CSP_SOURCE,
        'https://secure.gravatar.com',
        'https://0.gravatar.com',
        'https://1.gravatar.com',
        'https://2.gravatar.com',
        'https://s0.wp.com',
        'https://gravatar.example',
      ]);
    });
    it('each blocked image becomes a placeholder with its alt text, and the page offers "Load images"', () => {
      const html = render(noteHtml(note, 'now'), false);
      const r = inspect(html);
      assert.deepEqual(r.placeholders, ['[Image: a pixel]', '[Image: My cat]', '[Image]']);
      assert.equal(r.button, true);
      assert.match(html, /3 remote images are hidden/);
    });
    it('a post: content images are placeholders, emoji from the avatar host stay', () => {
      const r = inspect(render(postHtml(post, 'now'), false));
      assert.deepEqual(r.srcs, ['https://s0.wp.com/wp-content/mu-plugins/wpcom-smileys/twemoji/2/72x72/1f642.png']);
      assert.deepEqual(r.placeholders, ['[Image: Harbour at dawn]']);
    });
    it('nothing to block: no bar, no button', () => {
      const html = render(noteHtml({ ...note, body: undefined }, 'now'), false);
      assert.equal(inspect(html).button, false);
      assert.doesNotMatch(html, /remote-images/);
    });
    it('alt text is text in the placeholder, never markup', () => {
      const r = gateImages('<p><img src="https://x.example/a.png" alt="&lt;script&gt;alert(1)&lt;/script&gt;"></p>', false);
      assert.equal(r.html, '<p><span class="image-blocked">[Image: &lt;script&gt;alert(1)&lt;/script&gt;]</span></p>');
    });
  });

  describe('allowed (Load images, or the setting)', () => {
    it('every https image is in the page and the CSP allows https: images', () => {
      const html = render(noteHtml(note, 'now'), true);
      const r = inspect(html);
      assert.deepEqual(r.srcs, [
        AVATAR,
        'https://tracker.example/pixel.gif',
        'https://secure.gravatar.com/avatar/abc?s=96',
        'https://photos.example/cat.jpg',
        'https://photos.example/dog.jpg',
      ]);
      assert.deepEqual(r.imgSrc.split(' '), [CSP_SOURCE, 'https:']);
      assert.deepEqual(r.placeholders, []);
      assert.equal(r.button, false);
    });
    it('csp() defaults to blocked (the insights page has no remote images)', () => {
      assert.doesNotMatch(csp('n', CSP_SOURCE), /img-src [^;]*https:(;|\s|$)/);
      assert.match(csp('n', CSP_SOURCE, true), /img-src https:\/\/webview\.example https:;/);
    });
  });

  describe('forged sources stay refused in both modes', () => {
    const forged = [
      'javascript:alert(1)',
      'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
      'http://tracker.example/p.gif',
      '//tracker.example/p.gif',
      'https://gravatar.example.evil.example/a.png',
      'https://gravatar.example:8443/a.png',
      'https://evil.example/?u=https://gravatar.example/',
    ];
    for (const remoteImages of [false, true]) {
      for (const src of forged) {
        it(`${remoteImages ? 'allowed' : 'blocked'}: <img src="${src}">`, () => {
          const r = inspect(render(`<article><p><img src="${src}" alt="x"></p></article>`, remoteImages));
          const expected = remoteImages && src.startsWith('https://') ? [src] : [];
          assert.deepEqual(r.srcs, expected);
          if (expected.length === 0) assert.deepEqual(r.placeholders, ['[Image: x]']);
        });
      }
    }
    it('isAvatarUrl: exactly the avatar hosts over https on the default port', () => {
      assert.equal(isAvatarUrl('https://secure.gravatar.com/avatar/a'), true);
      assert.equal(isAvatarUrl('https://gravatar.example/avatar/a'), true);
      assert.equal(isAvatarUrl('http://secure.gravatar.com/avatar/a'), false);
      assert.equal(isAvatarUrl('https://evil.gravatar.com.example/a'), false);
      assert.equal(isAvatarUrl('https://gravatar.com.evil.example/a'), false);
      assert.equal(isAvatarUrl('https://secure.gravatar.com:444/a'), false);
      assert.equal(isAvatarUrl('javascript:alert(1)'), false);
    });
  });

  describe('the XSS corpus through the gate', () => {
    for (const remoteImages of [false, true]) {
      it(`${remoteImages ? 'allowed' : 'blocked'}: no script, handler, or non-https src survives any payload`, () => {
        for (const payload of XSS_PAYLOADS) {
          const body =
            noteHtml(
              { ...note, subject: { html: payload, icon: payload }, body: { template: 'big-badge', html: payload, badge: payload } },
              'now',
            ) + postHtml({ title: payload, content: payload }, payload);
          const html = render(body, remoteImages);
          const bodyPart = html.slice(html.indexOf('<body>'), html.lastIndexOf('<script nonce="n0nce">'));
          assert.deepEqual(dangers(bodyPart), [], payload);
          for (const src of inspect(bodyPart).srcs) {
            assert.match(src, /^https:\/\//, payload);
            if (!remoteImages) assert.ok(isAvatarUrl(src), `${src} from ${payload}`);
          }
        }
      });
    }
  });
});
