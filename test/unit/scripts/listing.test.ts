/**
 * What the Marketplace shows of the package besides its code: the licence (the bundle holds
 * WordPress's GPL-2.0-or-later packages, so the whole is under that licence).
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');
const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { license?: string };

describe('The Marketplace listing', () => {
  it('is under GPL-2.0-or-later: package.json says so and LICENSE grants "any later version" and holds version 2 in full', () => {
    assert.equal(pkg.license, 'GPL-2.0-or-later');
    const licence = readFileSync(resolve(ROOT, 'LICENSE'), 'utf8');
    assert.match(licence.replace(/\s+/g, ' '), /either version 2 of the License, or \(at your option\) any later version/);
    assert.match(licence, /GNU GENERAL PUBLIC LICENSE\s+Version 2, June 1991/);
    assert.match(licence, /END OF TERMS AND CONDITIONS/);
  });
});
