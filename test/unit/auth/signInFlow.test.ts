import * as assert from 'node:assert/strict';
import { parseCallback } from '../../../src/auth/callback';
import { SignInError } from '../../../src/auth/confirmToken';
import type { StoredSession } from '../../../src/auth/sessionRecord';
import { SignInFlow, type SignInAnswer, type SignInFlowDeps } from '../../../src/auth/signInFlow';

const session = (token: string, login = 'demo'): StoredSession => ({ token, user: { ID: 1, login, display_name: login } });

/** verify accepts tokens starting with "good"; the user answers `confirm` to the account question. */
function flowWith(extra: Partial<SignInFlowDeps> = {}, confirm = false): { flow: SignInFlow; verified: SignInAnswer[]; asked: string[] } {
  const verified: SignInAnswer[] = [];
  const asked: string[] = [];
  const flow = new SignInFlow({
    verify: async (a) => {
      verified.push(a);
      if (!a.token.startsWith('good'))
        throw new SignInError('The sign-in was refused: the service did not accept the token for this application.');
      return session(a.token);
    },
    confirmAccount: async (s) => {
      asked.push(s.user.login);
      return confirm;
    },
    ...extra,
  });
  return { flow, verified, asked };
}

describe('Reading the OAuth callback', () => {
  it('takes the token from the fragment, as the service sends it', () => {
    assert.deepEqual(parseCallback('', 'access_token=abcdefgh123&expires_in=64800&token_type=bearer&site_id=2001&state=s1'), {
      kind: 'token',
      token: 'abcdefgh123',
      expiresIn: 64800,
      state: 's1',
    });
  });
  it('takes it from the query when a web editor moved it there', () => {
    assert.deepEqual(parseCallback('access_token=abcdefgh123&token_type=bearer', ''), {
      kind: 'token',
      token: 'abcdefgh123',
      expiresIn: undefined,
      state: undefined,
    });
  });
  it('reads a denial from the query', () => {
    assert.deepEqual(parseCallback('error=access_denied&state=s1', ''), {
      kind: 'denied',
      error: 'access_denied',
      description: undefined,
      state: 's1',
    });
  });
  it('refuses no token, a malformed token, another token type and a bad expiry', () => {
    for (const [q, f] of [
      ['', 'state=s1'],
      ['', 'access_token=short'],
      ['', 'access_token=has%20a%20space%20in%20it'],
      ['', 'access_token=abcdefgh123&token_type=mac'],
      ['', 'access_token=abcdefgh123&expires_in=-5'],
    ]) {
      assert.equal(parseCallback(q, f).kind, 'invalid', f);
    }
  });
});

describe('A pending sign-in', () => {
  it('ignores an answer when no sign-in is pending, without checking its token', async () => {
    const { flow, verified } = flowWith();
    const verdict = await flow.handle({ kind: 'token', token: 'good-token' });
    assert.equal(verdict.accepted, false);
    assert.deepEqual(verified, []);
  });
  it('accepts the answer with the same state, once, and resolves with the checked session', async () => {
    const { flow, verified } = flowWith();
    const p = flow.start();
    const verdict = await flow.handle({ kind: 'token', token: 'good-1234', expiresIn: 60, state: p.state });
    assert.equal(verdict.accepted, true);
    assert.deepEqual(verified, [{ token: 'good-1234', expiresIn: 60 }]);
    assert.deepEqual(await p.result, session('good-1234'));
    assert.equal(
      (await flow.handle({ kind: 'token', token: 'good-1234', state: p.state })).accepted,
      false,
      'a replayed answer is refused',
    );
  });
  it('an answer with our state whose token the service refuses ends the sign-in with that reason', async () => {
    const { flow } = flowWith();
    const p = flow.start();
    const verdict = await flow.handle({ kind: 'token', token: 'bad-12345', state: p.state });
    assert.deepEqual(verdict, {
      accepted: false,
      ended: true,
      reason: 'The sign-in was refused: the service did not accept the token for this application.',
    });
    await assert.rejects(p.result, (e: SignInError) => /did not accept/.test(e.userMessage));
  });
  it('rejects the pending sign-in at once on a wrong state, without checking the token', async () => {
    const { flow, verified } = flowWith();
    const p = flow.start();
    assert.equal((await flow.handle({ kind: 'token', token: 'good-1234', state: 'forged' })).accepted, false);
    await assert.rejects(p.result, (e: SignInError) => /did not match/.test(e.userMessage));
    assert.equal(flow.isPending, false);
    assert.deepEqual(verified, []);
  });
  it('says a denial plainly', async () => {
    const { flow } = flowWith();
    const p = flow.start();
    await flow.handle({ kind: 'denied', error: 'access_denied', state: p.state });
    await assert.rejects(p.result, (e: SignInError) => e.userMessage === 'Sign-in was denied in the browser. You are still signed out.');
  });
  it('gives up after its time limit', async () => {
    const { flow } = flowWith({ timeoutMs: 30 });
    await assert.rejects(flow.start().result, (e: SignInError) => /timed out after 30 ms/.test(e.userMessage));
  });
  it('a new sign-in cancels the one before', async () => {
    const { flow } = flowWith();
    const first = flow.start();
    flow.start();
    await assert.rejects(first.result, (e: SignInError) => /new sign-in/.test(e.userMessage));
  });
  it('while an answer with our state is being checked, a second answer is refused and not checked', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const verified: string[] = [];
    const flow = new SignInFlow({
      verify: async (a) => {
        verified.push(a.token);
        await held;
        return session(a.token);
      },
      confirmAccount: async () => true,
    });
    const p = flow.start();
    const first = flow.handle({ kind: 'token', token: 'good-first', state: p.state });
    const second = await flow.handle({ kind: 'token', token: 'good-second' });
    assert.equal(second.accepted, false);
    release();
    assert.equal((await first).accepted, true);
    assert.equal((await p.result).token, 'good-first');
    assert.deepEqual(verified, ['good-first']);
  });
});

describe('An answer without state (a possibly forged link)', () => {
  it('is stored only after the user confirms the account it belongs to', async () => {
    const { flow, asked } = flowWith({}, true);
    const p = flow.start();
    const verdict = await flow.handle({ kind: 'token', token: 'good-unsigned' });
    assert.equal(verdict.accepted, true);
    assert.deepEqual(asked, ['demo']);
    assert.equal((await p.result).token, 'good-unsigned');
  });
  it('declined: the sign-in stays pending and the real answer still signs in', async () => {
    const { flow, asked } = flowWith();
    const p = flow.start();
    const forged = await flow.handle({ kind: 'token', token: 'good-forged' });
    assert.deepEqual([forged.accepted, forged.accepted === false && forged.ended], [false, false]);
    assert.deepEqual(asked, ['demo']);
    assert.equal(flow.isPending, true);
    assert.equal((await flow.handle({ kind: 'token', token: 'good-real', state: p.state })).accepted, true);
    assert.equal((await p.result).token, 'good-real');
  });
  it('a token the service refuses neither asks the user nor ends the sign-in', async () => {
    const { flow, asked } = flowWith();
    const p = flow.start();
    const verdict = await flow.handle({ kind: 'token', token: 'bad-forged' });
    assert.equal(verdict.accepted === false && verdict.ended, false);
    assert.deepEqual(asked, []);
    assert.equal((await flow.handle({ kind: 'token', token: 'good-real', state: p.state })).accepted, true);
    assert.equal((await p.result).token, 'good-real');
  });
});
