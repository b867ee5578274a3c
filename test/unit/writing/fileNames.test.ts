/** Post file names from the site's slugs (src/writing/fileNames.ts): safe on every system. */
import * as assert from 'node:assert/strict';
import { fileStem } from '../../../src/writing/fileNames';

describe("A post file's name", () => {
  it('keeps letters of any script, digits, - and _; reads a percent-encoded slug as its text', () => {
    assert.equal(fileStem('first-light', 'x'), 'first-light');
    assert.equal(fileStem('%e6%97%a5%e6%9c%ac-post', 'x'), '日本-post');
    assert.equal(fileStem('../../etc/passwd', 'x'), 'etc-passwd');
    assert.equal(fileStem('a/b\\c:d*e?f"g<h>i|j', 'x'), 'a-b-c-d-e-f-g-h-i-j');
    assert.equal(fileStem('%zz-broken', 'x'), 'zz-broken');
  });

  it('a 2,000-character slug becomes at most 100 bytes, never cut inside a character', () => {
    const long = fileStem('a'.repeat(2000), 'x');
    assert.equal(long.length, 100);
    const wide = fileStem('日'.repeat(2000), 'x');
    assert.ok(Buffer.byteLength(wide) <= 100);
    assert.equal(wide, '日'.repeat(33));
  });

  it("Windows' device names get -post after them, in any case; nothing usable gives the fallback", () => {
    for (const name of ['CON', 'con', 'Prn', 'aux', 'NUL', 'com1', 'COM9', 'lpt3', 'com¹'])
      assert.equal(fileStem(name, 'x'), `${name.normalize('NFC')}-post`, name);
    assert.equal(fileStem('console', 'x'), 'console');
    assert.equal(fileStem('', 'post-42'), 'post-42');
    assert.equal(fileStem('...', 'post-42'), 'post-42');
    assert.equal(fileStem(undefined, 'untitled-post'), 'untitled-post');
  });
});
