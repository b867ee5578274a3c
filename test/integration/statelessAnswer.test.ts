/**
 * A sign-in answer without this window's `state` (the real service may not echo it) is stored only
 * after the user confirms the account, and a forged one never ends the pending sign-in: both
 * orders, against the reference service, with the user's answer to the question held back.
 */
import * as assert from 'node:assert/strict';
import { ContentSiteClient } from '../../src/api';
import { buildAuthorizeUrl } from '../../src/auth/authorizeUrl';
import { parseCallback } from '../../src/auth/callback';
import { confirmToken } from '../../src/auth/confirmToken';
import type { StoredSession } from '../../src/auth/sessionRecord';
import { SignInFlow, type Pending } from '../../src/auth/signInFlow';
import { startService, type RunningService } from '../service';
import { answerOf, pressOnAuthorizePage } from './authorizePage';

const REDIRECT = 'vscode://contentsite.content-site/auth';
/** A link someone else made from their own token of the same application (user ed). */
const FORGED = parseCallback('', 'access_token=cs-ed-token&token_type=bearer&expires_in=3600');

interface Question {
  login: string;
  answer(yes: boolean): void;
}

describe('A sign-in answer without state', () => {
  const services: RunningService[] = [];
  const clients: ContentSiteClient[] = [];
  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await Promise.all(services.map((s) => s.close()));
  });

  /** A flow against a fresh service; each account question waits until the test answers it. */
  async function setUp(echoState: boolean): Promise<{
    svc: RunningService;
    flow: SignInFlow;
    pending: Pending;
    questions: Question[];
    asked: () => Promise<Question>;
    realAnswer: () => Promise<ReturnType<typeof parseCallback>>;
  }> {
    const svc = await startService({ echoState });
    services.push(svc);
    const factory = (token?: string): ContentSiteClient => {
      const c = new ContentSiteClient({ baseUrl: svc.restUrl, token, retry: { maxTries: 1 } });
      clients.push(c);
      return c;
    };
    const questions: Question[] = [];
    let notify: (() => void) | undefined;
    const flow = new SignInFlow({
      verify: (a) => confirmToken(factory, a.token, { clientId: '12345', expiresIn: a.expiresIn }),
      confirmAccount: (s: StoredSession) =>
        new Promise<boolean>((resolve) => {
          questions.push({ login: s.user.login, answer: resolve });
          notify?.();
        }),
    });
    const pending = flow.start();
    const asked = async (): Promise<Question> => {
      while (questions.length === 0) await new Promise<void>((r) => (notify = r));
      return questions.shift()!;
    };
    const realAnswer = async () => {
      const url = buildAuthorizeUrl({
        authorizeUrl: `${svc.url}/oauth2/authorize`,
        clientId: '12345',
        redirectUri: REDIRECT,
        state: pending.state,
      });
      const { query, fragment } = answerOf(await pressOnAuthorizePage(url, 'approve'));
      return parseCallback(query, fragment);
    };
    return { svc, flow, pending, questions, asked, realAnswer };
  }

  it('forged first, declined: the sign-in stays pending; the real answer (also without state) signs in the confirmed account', async () => {
    const { flow, pending, asked, realAnswer } = await setUp(false);
    const forged = flow.handle(FORGED);
    const q1 = await asked();
    assert.equal(q1.login, 'ed', 'the user is asked about the account the token belongs to');
    q1.answer(false);
    const v1 = await forged;
    assert.deepEqual([v1.accepted, !v1.accepted && v1.ended], [false, false]);
    assert.equal(flow.isPending, true);
    const real = await realAnswer();
    assert.equal(real.state, undefined, 'this service does not echo state');
    const v2 = flow.handle(real);
    const q2 = await asked();
    assert.equal(q2.login, 'demo');
    q2.answer(true);
    assert.equal((await v2).accepted, true);
    const session = await pending.result;
    assert.equal(session.user.login, 'demo');
    assert.match(session.token, /^cs-oauth-/);
  });

  it('forged first, its question still open: the real answer with our state signs in, and a late "yes" to the forged one changes nothing', async () => {
    const { flow, pending, asked, realAnswer } = await setUp(true);
    const forged = flow.handle(FORGED);
    const q = await asked();
    assert.equal(q.login, 'ed');
    const real = await realAnswer();
    assert.equal(real.state, pending.state);
    assert.equal((await flow.handle(real)).accepted, true);
    assert.equal((await pending.result).user.login, 'demo');
    q.answer(true);
    const late = await forged;
    assert.equal(late.accepted, false);
    assert.equal(flow.isPending, false);
  });

  it('real first: signed in; the forged answer after it is ignored without even checking its token', async () => {
    const { svc, flow, pending, questions, realAnswer } = await setUp(true);
    assert.equal((await flow.handle(await realAnswer())).accepted, true);
    assert.equal((await pending.result).user.login, 'demo');
    const late = await flow.handle(FORGED);
    assert.equal(late.accepted, false);
    assert.deepEqual(questions, []);
    const checks = svc.requests.filter((r) => r.path.startsWith('/oauth2/token-info') || r.path.startsWith('/rest/v1.1/me'));
    assert.equal(checks.length, 2, 'only the real answer was checked (one token-info, one /me)');
  });

  it('a forged token of another application is refused without a question, and the sign-in goes on', async () => {
    const { flow, pending, questions, realAnswer } = await setUp(true);
    const v = await flow.handle(parseCallback('', 'access_token=cs-other-client-token&token_type=bearer'));
    assert.equal(v.accepted, false);
    assert.match(!v.accepted ? v.reason : '', /another application|did not accept/);
    assert.deepEqual(questions, []);
    assert.equal((await flow.handle(await realAnswer())).accepted, true);
    assert.equal((await pending.result).user.login, 'demo');
  });
});
