/** The Markdown helpers of the hovers (src/views/common/markdown.ts), read as VS Code renders them (./hover.ts). */
import * as assert from 'node:assert/strict';
import { escapeMd, mdLink } from '../../../src/views/common/markdown';
import { renderHover } from './hover';

const asHover = (value: string) => renderHover({ value, supportThemeIcons: true });

describe('escapeMd: service text in a hover reads as written', () => {
  it('every Markdown construct, HTML, icon and bare link stays text', () => {
    for (const text of [
      '![x](https://tracker.example/p.png)',
      '[a](command:workbench.action.quit)',
      '<img src="https://tracker.example/p.png">',
      '<a href="https://x.example">x</a>',
      '$(zap) and \\$(zap) and $(sync~spin)',
      'https://auto.example/x www.auto.example me@mail.example',
      '**b** _i_ ~~s~~ `c` # h > q - l 1. n | t |',
      '&lt;img src=x&gt; &amp; &#60;',
      'back\\slash\\',
      '[ref]: https://tracker.example/p.png',
      '[ref]',
    ]) {
      const h = asHover(`**${escapeMd(text)}**`);
      assert.deepEqual([h.images, h.links, h.icons], [[], [], []], `${text} → ${h.html}`);
      assert.equal(h.text.trim(), text, h.html);
    }
  });

  it('line breaks read as spaces (no new paragraph, heading or list from the service)', () => {
    const h = asHover(escapeMd('one\n# two\n\n- three\r\n    four'));
    assert.equal(h.html.trim(), '<p>one # two - three four</p>');
  });
});

describe('mdLink: one link to the address, or none', () => {
  it('the link opens the address it was given, however the address is written', () => {
    for (const url of [
      'https://demo.example.blog/2026/11/101/#comment-8850',
      'https://ok.example/a_(b)_c?x=1&y=2&lt=3#f',
      'https://ok.example/a) ![pixel](https://tracker.example/p.png',
      'https://ok.example/p?q=$(zap)&r=<b>',
      'https://ok.example/a\\b?c=\\d',
      'http://127.0.0.1:4000/x',
    ]) {
      const h = asHover(mdLink('Open', url).value);
      assert.deepEqual(h.images, [], h.html);
      assert.deepEqual(h.icons, [], h.html);
      assert.equal(h.links.length, 1, h.html);
      assert.equal(decodeURIComponent(h.links[0]), decodeURIComponent(new URL(url).href), h.html);
      assert.equal(h.text.trim(), 'Open');
    }
  });

  it('no link for anything but http(s), and the label is text', () => {
    for (const url of [undefined, '', 'javascript:alert(1)', 'command:x', 'data:,x', 'relative/path'])
      assert.equal(mdLink('Open', url).value, '');
    const h = asHover(mdLink('![x](https://tracker.example/p.png)', 'https://ok.example/').value);
    assert.deepEqual(h.images, []);
    assert.deepEqual(h.links, ['https://ok.example/']);
  });
});
