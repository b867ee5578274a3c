import * as assert from 'node:assert/strict';
import { rememberSite, siteFromInput } from '../../../src/models/siteInput';

describe('siteFromInput: what a person may type or paste as a site', () => {
  for (const [input, site] of [
    ['2001', '2001'],
    ['demo.example.blog', 'demo.example.blog'],
    ['  Demo.Example.Blog ', 'demo.example.blog'],
    ['https://demo.example.blog/', 'demo.example.blog'],
    ['https://demo.example.blog/2026/11/a-post/?x=1#c', 'demo.example.blog'],
    ['http://demo.example.blog', 'demo.example.blog'],
    ['demo.example.blog/wp-admin', 'demo.example.blog'],
  ]) {
    it(`"${input}" → ${site}`, () => assert.deepEqual(siteFromInput(input), { site }));
  }
  for (const input of ['', 'not a site', 'ftp://demo.example.blog', 'javascript://x', '0', '-5', 'https://']) {
    it(`"${input}" is refused with a sentence`, () => {
      const r = siteFromInput(input);
      assert.ok('problem' in r && r.problem.length > 10, JSON.stringify(r));
    });
  }
  it('rememberSite keeps the most recent first, without repeats, at most five', () => {
    assert.deepEqual(rememberSite(['a', 'b', 'c', 'd', 'e'], 'c'), ['c', 'a', 'b', 'd', 'e']);
    assert.deepEqual(rememberSite(['a', 'b', 'c', 'd', 'e'], 'f'), ['f', 'a', 'b', 'c', 'd']);
  });
});
