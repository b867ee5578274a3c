/**
 * Shortcodes found as WordPress finds them, in work that grows with the text: the scan
 * (src/writing/shortcodeScan.ts) against @wordpress/shortcode's own expression on every `[` of
 * many texts, and the reading work of texts whose brackets never close (`[a](` × 50,000, 200 KB:
 * once 12 s of a frozen extension host), counted, not timed (`npm run bench` times them).
 */
import * as assert from 'node:assert/strict';
import { regexp } from '@wordpress/shortcode';
import { renderBody } from '../../../src/writing/bodyRenderer';
import { localImages } from '../../../src/writing/localImages';
import { ShortcodeScan, shortcodeWork } from '../../../src/writing/shortcodeScan';

/** What the renderer took for a shortcode at `start` before: WordPress's expression, then brackets in prose left out. */
function wordpressEnd(text: string, start: number): number | undefined {
  const at = new RegExp(regexp('[A-Za-z0-9_-]+').source, 'y');
  at.lastIndex = start;
  const m = at.exec(text);
  if (!m || /[[`\\<]/.test(m[3]) || (m[1] === '[' && m[7] !== ']')) return undefined;
  return start + m[0].length;
}

/** A deterministic stream of numbers in [0, 1). */
function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

describe('Shortcodes in a post', () => {
  it("are found where WordPress's own expression finds them, and end where it ends them", () => {
    const written = [
      '[gallery ids="1,2"]',
      '[caption id="x"]<img src="a.png"> A cat[/caption]',
      '[[gallery]] and [[gallery]',
      '[embed]https://example.com/v[/embed] [embed]again',
      '[a/] [a /] [a x=/ ] [a-b]x[/a-b] [a_1] [a]x[/A]',
      '[audio src="a.mp3" /] [x `code`] [y \\] [z <b>] [w [v]]',
      '[a](https://x.example) [b][ref] [c]: /d',
    ];
    const next = random(7);
    const alphabet = ['[', ']', '/', 'a', 'b', 'a', ' ', '-', '`', '\\', '<', '=', '"', '[/a]', '[a]', 'x'];
    for (let i = 0; i < 3_000; i++)
      written.push(Array.from({ length: 1 + Math.floor(next() * 24) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''));
    let compared = 0;
    for (const text of written) {
      const scan = new ShortcodeScan(text);
      for (let i = text.indexOf('['); i >= 0; i = text.indexOf('[', i + 1)) {
        assert.equal(scan.endAt(i), wordpressEnd(text, i), `${JSON.stringify(text)} at ${i}`);
        compared++;
      }
    }
    assert.ok(compared > 5_000, `${compared} brackets compared`);
  });

  it('a post of brackets that never close is read in work that grows with its length, not its square, on open and on Publish', () => {
    const texts = {
      '`[a](` × 20,000': '[a]('.repeat(20_000),
      '`![a](` × 10,000': '![a]('.repeat(10_000),
      '`[a ` × 20,000': '[a '.repeat(20_000),
      '`[[a]] ` × 10,000': '[[a]] '.repeat(10_000),
      '10,000 names opened, one closed at the end': `${Array.from({ length: 10_000 }, (_, i) => `[x${i}] `).join('')}[/x0]`,
    };
    for (const [what, brackets] of Object.entries(texts)) {
      const text = `${brackets}\n\n![p](pics/p.png)`;
      shortcodeWork.steps = 0;
      assert.deepEqual(localImages(text), [{ src: 'pics/p.png', line: 2 }], what);
      const read = shortcodeWork.steps;
      assert.ok(read > 0 && read <= 4 * text.length, `${what}: ${read} steps for ${text.length} characters, on open`);
      shortcodeWork.steps = 0;
      assert.match(renderBody(text, { mode: 'blocks' }).content, /<img src="pics\/p\.png" alt="p"\/>/, what);
      assert.ok(shortcodeWork.steps <= 4 * text.length, `${what}: ${shortcodeWork.steps} steps for ${text.length} characters, on Publish`);
    }
  });
});
