import * as assert from 'node:assert/strict';
import { parseCallback } from '../../../src/auth/callback';
import { SignInError } from '../../../src/auth/confirmToken';
import { SignInFlow } from '../../../src/auth/signInFlow';

describe('Reading the OAuth callback', () => {
  it('takes the token from the fragment, as the service sends it', () => {
    assert.deepEqual(parseCallback('', 'access_token=abcdefgh123&expires_in=64800&token_type=bearer&site_id=2001&state=s1'), { kind: 'token', token: 'abcdefgh123', expiresIn: 64800, state: 's1' });
  });
  it('takes it from the query when a web editor moved it there', () => {
    assert.deepEqual(parseCallback('access_token=abcdefgh123&token_type=bearer', ''), { kind: 'token', token: 'abcdefgh123', expiresIn: undefined, state: undefined });
  });
  it('reads a denial from the query', () => {
    assert.deepEqual(parseCallback('error=access_denied&state=s1', ''), { kind: 'denied', error: 'access_denied', description: undefined, state: 's1' });
  });
  it('refuses no token, a malformed token, another token type and a bad expiry', () => {
    for (const [q, f] of [['', 'state=s1'], ['', 'access_token=short'], ['', 'access_token=has%20a%20space%20in%20it'], ['', 'access_token=abcdefgh123&token_type=mac'], ['', 'access_token=abcdefgh123&expires_in=-5']]) {
      assert.equal(parseCallback(q, f).kind, 'invalid', f);
    }
  });
});

describe('A pending sign-in', () => {
  it('ignores an answer when no sign-in is pending', () => {
    const flow = new SignInFlow();
    const verdict = flow.handle({ kind: 'token', token: 'abcdefgh123' });
    assert.equal(verdict.accepted, false);
  });
  it('accepts the answer with the same state, once', async () => {
    const flow = new SignInFlow();
    const p = flow.start();
    assert.deepEqual(flow.handle({ kind: 'token', token: 'abcdefgh123', expiresIn: 60, state: p.state }), { accepted: true });
    assert.deepEqual(await p.result, { token: 'abcdefgh123', expiresIn: 60 });
    assert.equal(flow.handle({ kind: 'token', token: 'abcdefgh123', state: p.state }).accepted, false, 'a replayed answer is refused');
  });
  it('rejects the pending sign-in at once on a wrong state', async () => {
    const flow = new SignInFlow();
    const p = flow.start();
    assert.equal(flow.handle({ kind: 'token', token: 'abcdefgh123', state: 'forged' }).accepted, false);
    await assert.rejects(p.result, (e: SignInError) => /did not match/.test(e.userMessage));
    assert.equal(flow.isPending, false);
  });
  it('says a denial plainly', async () => {
    const flow = new SignInFlow();
    const p = flow.start();
    flow.handle({ kind: 'denied', error: 'access_denied', state: p.state });
    await assert.rejects(p.result, (e: SignInError) => e.userMessage === 'Sign-in was denied in the browser. You are still signed out.');
  });
  it('gives up after its time limit', async () => {
    const flow = new SignInFlow(30);
    await assert.rejects(flow.start().result, (e: SignInError) => /timed out/.test(e.userMessage));
  });
  it('a new sign-in cancels the one before', async () => {
    const flow = new SignInFlow();
    const first = flow.start();
    flow.start();
    await assert.rejects(first.result, (e: SignInError) => /new sign-in/.test(e.userMessage));
  });
});
