/**
 * What the Marketplace shows of the package besides its code: the licence (the bundle holds
 * WordPress's GPL-2.0-or-later packages, so the whole is under that licence) and the icon.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');
const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { license?: string; icon?: string };

describe('The Marketplace listing', () => {
  it('is under GPL-2.0-or-later: package.json says so and LICENSE grants "any later version" and holds version 2 in full', () => {
    assert.equal(pkg.license, 'GPL-2.0-or-later');
    const licence = readFileSync(resolve(ROOT, 'LICENSE'), 'utf8');
    assert.match(licence.replace(/\s+/g, ' '), /either version 2 of the License, or \(at your option\) any later version/);
    assert.match(licence, /GNU GENERAL PUBLIC LICENSE\s+Version 2, June 1991/);
    assert.match(licence, /END OF TERMS AND CONDITIONS/);
  });

  it('has an icon: a square PNG of 128 or 256 pixels in media/ (which the VSIX ships)', () => {
    assert.ok(pkg.icon, 'package.json has no icon');
    assert.match(pkg.icon, /^media\/[\w.-]+\.png$/);
    const png = readFileSync(resolve(ROOT, pkg.icon));
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'not a PNG');
    // The first chunk, IHDR, starts with the width and the height.
    const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    assert.equal(width, height, `${width}×${height}`);
    assert.ok([128, 256].includes(width), `${width}×${height}`);
  });
});
