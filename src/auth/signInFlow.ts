/**
 * The pending sign-in of this window: one at a time, with a random state, a time limit and
 * cancellation. It decides on each answer (URI handler or loopback server) and resolves with the
 * verified session. Plain Node: no vscode here, the modal comes in as `confirmAccount`.
 *
 * - No sign-in pending: the answer is ignored (and its token never even checked).
 * - A `state` that is present and wrong, a denial, a malformed answer: the sign-in ends.
 * - A token with this window's `state`: checked (token-info and /me) and the sign-in ends with it.
 * - A token without `state` (the real service may not echo it): it could be a forged link carrying
 *   someone else's token, so after the check the user must confirm the account it belongs to. A
 *   failed check or a "no" leaves the sign-in pending, so the real answer arriving later still
 *   works; whichever is accepted first wins.
 */
import { randomBytes } from 'node:crypto';
import { NOT_PENDING, type CallbackResult } from './callback';
import { SignInError } from './confirmToken';
import type { StoredSession } from './sessionRecord';

export interface SignInAnswer {
  token: string;
  expiresIn?: number;
}

export interface SignInFlowDeps {
  /** Checks the token with the service (token-info, /me); throws a SignInError when refused. */
  verify(answer: SignInAnswer): Promise<StoredSession>;
  /** Asks the user whether to sign in as this account; used for answers without our `state`. */
  confirmAccount(session: StoredSession): Promise<boolean>;
  /** Time limit of one sign-in (default 5 minutes). */
  timeoutMs?: number;
}

export interface Pending {
  state: string;
  result: Promise<StoredSession>;
}

/** `ended`: whether the pending sign-in is over because of this answer (or was already). */
export type CallbackVerdict = { accepted: true; session: StoredSession } | { accepted: false; reason: string; ended: boolean };

interface PendingState {
  state: string;
  resolve: (session: StoredSession) => void;
  reject: (e: Error) => void;
  timer: ReturnType<typeof setTimeout>;
  /** An answer with our state is being checked: nothing else may answer now. */
  answered: boolean;
}

export class SignInFlow {
  private pending: PendingState | undefined;
  private readonly timeoutMs: number;

  constructor(private readonly deps: SignInFlowDeps) {
    this.timeoutMs = deps.timeoutMs ?? 5 * 60 * 1000;
  }

  get isPending(): boolean {
    return this.pending !== undefined;
  }

  start(): Pending {
    this.cancel('A new sign-in was started.');
    const state = randomBytes(16).toString('hex');
    const result = new Promise<StoredSession>((resolve, reject) => {
      const minutes = Math.round(this.timeoutMs / 60_000);
      const limit = minutes >= 1 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${this.timeoutMs} ms`;
      const timer = setTimeout(
        () => this.end(this.pending, new SignInError(`The sign-in timed out after ${limit}. Start it again.`)),
        this.timeoutMs,
      );
      // A sign-in waiting for its answer must not keep a process alive on its own (tests, a host shutting down).
      timer.unref?.();
      this.pending = { state, resolve, reject, timer, answered: false };
    });
    // Whoever started the sign-in may stop listening (an error before the browser opened).
    result.catch(() => undefined);
    return { state, result };
  }

  cancel(reason = 'The sign-in was cancelled.'): void {
    this.end(this.pending, new SignInError(reason));
  }

  /** Decides on an answer; the pending promise settles accordingly. */
  async handle(callback: CallbackResult): Promise<CallbackVerdict> {
    const p = this.pending;
    if (!p) return refused(NOT_PENDING, true);
    if (p.answered) return refused('This sign-in has already been answered; the second answer was ignored.', false);
    if (callback.state !== undefined && callback.state !== p.state) {
      return this.endWith(p, 'The sign-in answer did not match the sign-in in progress, so it was refused. Sign in again.');
    }
    if (callback.kind === 'denied') {
      return this.endWith(
        p,
        callback.error === 'access_denied'
          ? 'Sign-in was denied in the browser. You are still signed out.'
          : `The sign-in failed: ${callback.error}.`,
      );
    }
    if (callback.kind === 'invalid') return this.endWith(p, `${callback.reason} Sign in again.`);
    const answer = { token: callback.token, expiresIn: callback.expiresIn };
    return callback.state === p.state ? this.acceptOwn(p, answer) : this.acceptUnsigned(p, answer);
  }

  /** An answer carrying our state: check it, and the sign-in ends either way. */
  private async acceptOwn(p: PendingState, answer: SignInAnswer): Promise<CallbackVerdict> {
    p.answered = true;
    let session: StoredSession;
    try {
      session = await this.deps.verify(answer);
    } catch (err) {
      return this.endWith(p, messageOf(err));
    }
    if (this.pending !== p) return refused('The sign-in ended before its answer was confirmed.', true);
    this.end(p, undefined, session);
    return { accepted: true, session };
  }

  /** An answer without state: only after the user confirms the account; otherwise still pending. */
  private async acceptUnsigned(p: PendingState, answer: SignInAnswer): Promise<CallbackVerdict> {
    let session: StoredSession;
    try {
      session = await this.deps.verify(answer);
    } catch (err) {
      return refused(`${messageOf(err)} The sign-in is still waiting for its answer.`, false);
    }
    if (this.pending !== p || p.answered) return refused('The sign-in ended before this answer was confirmed; it was ignored.', true);
    const yes = await this.deps.confirmAccount(session);
    if (this.pending !== p || p.answered) return refused('The sign-in ended before this answer was confirmed; it was ignored.', true);
    if (!yes)
      return refused(
        `You did not confirm the account ${session.user.login}, so that answer was ignored. The sign-in is still waiting for its answer.`,
        false,
      );
    this.end(p, undefined, session);
    return { accepted: true, session };
  }

  private endWith(p: PendingState, message: string): CallbackVerdict {
    this.end(p, new SignInError(message));
    return refused(message, true);
  }

  private end(p: PendingState | undefined, error: Error | undefined, session?: StoredSession): void {
    if (!p || this.pending !== p) return;
    this.pending = undefined;
    clearTimeout(p.timer);
    if (error) p.reject(error);
    else if (session) p.resolve(session);
  }
}

function refused(reason: string, ended: boolean): CallbackVerdict {
  return { accepted: false, reason, ended };
}

function messageOf(err: unknown): string {
  return err instanceof SignInError ? err.userMessage : 'The sign-in could not be confirmed. Try again.';
}
