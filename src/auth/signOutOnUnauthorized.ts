/**
 * Any list that failed with an auth error (401, revoked token) signs the user out, once per
 * failure. Plain Node: it needs only something that can sign out (AuthService in the extension).
 * A token that could not be *read* (the secret storage failed) is not the service refusing it:
 * signing out would delete the stored sign-in, so that error is only shown, never acted on.
 */
import type { ContentSiteError } from '../api';
import { TOKEN_UNAVAILABLE } from '../api/errors';
import type { LoadState } from '../models/loadState';

export interface Watched {
  readonly state: LoadState;
  readonly loadMoreError: ContentSiteError | undefined;
  onDidChange(listener: () => void): { dispose(): void };
}

export interface SignsOut {
  /** Never rejects: it is fired and forgotten. */
  handleUnauthorized(): Promise<void>;
}

/** Whether this failure means the service no longer accepts the sign-in. */
export function meansSignedOut(error: ContentSiteError | undefined): boolean {
  return error?.kind === 'auth' && error.code !== TOKEN_UNAVAILABLE;
}

export function signOutOnUnauthorized(auth: SignsOut, models: readonly Watched[]): { dispose(): void }[] {
  return models.map((m) =>
    m.onDidChange(() => {
      if (meansSignedOut(m.state.kind === 'error' ? m.state.error : m.loadMoreError)) void auth.handleUnauthorized();
    }),
  );
}
