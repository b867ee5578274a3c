/**
 * Every list at once: Refresh All and Retry, the lists following the session (loaded once the last
 * session's pages are painted, reset and loaded again on a sign-in or sign-out) and the API address,
 * and the first pages forgotten on sign-out.
 */
import { registerRefreshAll } from '../commands/refreshAll';
import { Disposable } from '../models/disposable';
import type { Shared } from '../services/shared';

export type RefreshDeps = Pick<Shared, 'auth' | 'lists' | 'firstPaint' | 'onDidChangeClient'>;

export class RefreshFeature extends Disposable {
  /** Resolves once the stored session is read and the views are painted from it. */
  readonly started: Promise<void>;

  constructor({ auth, lists, firstPaint, onDidChangeClient }: RefreshDeps) {
    super();
    this.registerAll(registerRefreshAll({ lists }));
    this.register(auth.onDidChangeSession((session) => void (session ? undefined : firstPaint.forget())));
    this.register(
      onDidChangeClient(() => {
        lists.resetAll();
        lists.ensureAllLoaded();
      }),
    );
    this.started = firstPaint.seeded.then(() => {
      // Registered once the stored session is read: reading it is not a change of session.
      this.register(
        auth.onDidChangeSession((session) => {
          lists.resetAll();
          if (session) lists.ensureAllLoaded();
        }),
      );
      if (auth.current()) lists.ensureAllLoaded();
    });
  }
}
