/** The detail view's messages to the extension: only known types from the latest render count. */
import * as assert from 'node:assert/strict';
import { readPanelMessage } from '../../../src/render';

const TOKEN = 'r3nderT0ken';

describe('Detail view messages (readPanelMessage)', () => {
  it('loadImages with the render token is accepted', () => {
    assert.deepEqual(readPanelMessage({ type: 'loadImages', token: TOKEN }, TOKEN), { type: 'loadImages' });
  });
  it('open with the token and an http(s) link is accepted, the link normalized', () => {
    assert.deepEqual(readPanelMessage({ type: 'open', href: 'https://demo.example.blog/a b', token: TOKEN }, TOKEN), {
      type: 'open',
      href: 'https://demo.example.blog/a%20b',
    });
    assert.deepEqual(readPanelMessage({ type: 'open', href: 'http://demo.example.blog/', token: TOKEN }, TOKEN), {
      type: 'open',
      href: 'http://demo.example.blog/',
    });
  });
  it('a message from an earlier render (old token), with no token, or a wrong-typed token is ignored', () => {
    assert.equal(readPanelMessage({ type: 'loadImages', token: 'older' }, TOKEN), undefined);
    assert.equal(readPanelMessage({ type: 'loadImages' }, TOKEN), undefined);
    assert.equal(readPanelMessage({ type: 'loadImages', token: [TOKEN] }, TOKEN), undefined);
    assert.equal(readPanelMessage({ type: 'loadImages', token: '' }, ''), undefined, 'no render yet: nothing is accepted');
  });
  it('unknown types, non-objects and bad links are ignored', () => {
    for (const m of [
      null,
      undefined,
      'loadImages',
      42,
      [{ type: 'loadImages', token: TOKEN }],
      { type: 'LOADIMAGES', token: TOKEN },
      { type: 'eval', token: TOKEN },
      { type: 'open', href: 'javascript:alert(1)', token: TOKEN },
      { type: 'open', href: 'file:///etc/passwd', token: TOKEN },
      { type: 'open', href: 'command:workbench.action.terminal.new', token: TOKEN },
      { type: 'open', token: TOKEN },
      { type: 'open', href: 'https://', token: TOKEN },
    ]) {
      assert.equal(readPanelMessage(m, TOKEN), undefined, JSON.stringify(m));
    }
  });
});
