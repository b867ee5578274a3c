/**
 * The pending sign-in of this window: one at a time, with a random state, a time limit and
 * cancellation. A callback is accepted only while one is pending and only if its state (when
 * present) matches; a wrong state ends the pending sign-in at once.
 */
import { randomBytes } from 'node:crypto';
import type { CallbackResult } from './callback';
import { SignInError } from './confirmToken';

export interface Pending {
  state: string;
  result: Promise<{ token: string; expiresIn?: number }>;
}

export type CallbackVerdict = { accepted: true } | { accepted: false; reason: string };

export class SignInFlow {
  private pending:
    | { state: string; resolve: (v: { token: string; expiresIn?: number }) => void; reject: (e: Error) => void; timer: ReturnType<typeof setTimeout> }
    | undefined;

  constructor(private readonly timeoutMs = 5 * 60 * 1000) {}

  get isPending(): boolean {
    return this.pending !== undefined;
  }

  start(): Pending {
    this.cancel('A new sign-in was started.');
    const state = randomBytes(16).toString('hex');
    const result = new Promise<{ token: string; expiresIn?: number }>((resolve, reject) => {
      const timer = setTimeout(() => this.finish(new SignInError('The sign-in timed out after 5 minutes. Start it again.')), this.timeoutMs);
      this.pending = { state, resolve, reject, timer };
    });
    return { state, result };
  }

  cancel(reason = 'The sign-in was cancelled.'): void {
    if (this.pending) this.finish(new SignInError(reason));
  }

  /** Decides on a callback; the pending promise settles accordingly. */
  handle(callback: CallbackResult): CallbackVerdict {
    const p = this.pending;
    if (!p) return { accepted: false, reason: 'A sign-in answer arrived, but no sign-in is in progress in this window. It was ignored.' };
    if (callback.state !== undefined && callback.state !== p.state) {
      this.finish(new SignInError('The sign-in answer did not match the sign-in in progress, so it was refused. Sign in again.'));
      return { accepted: false, reason: 'state mismatch' };
    }
    if (callback.kind === 'denied') {
      this.finish(new SignInError(callback.error === 'access_denied' ? 'Sign-in was denied in the browser. You are still signed out.' : `The sign-in failed: ${callback.error}.`));
      return { accepted: false, reason: callback.error };
    }
    if (callback.kind === 'invalid') {
      this.finish(new SignInError(`${callback.reason} Sign in again.`));
      return { accepted: false, reason: callback.reason };
    }
    this.finish(undefined, { token: callback.token, expiresIn: callback.expiresIn });
    return { accepted: true };
  }

  private finish(error: Error | undefined, value?: { token: string; expiresIn?: number }): void {
    const p = this.pending;
    if (!p) return;
    this.pending = undefined;
    clearTimeout(p.timer);
    if (error) p.reject(error);
    else if (value) p.resolve(value);
  }
}
