import type { ContentSiteError } from '../api';
import type { LoadState } from '../models/loadState';
import type { AuthService } from './authService';

interface Watched {
  readonly state: LoadState;
  readonly loadMoreError: ContentSiteError | undefined;
  onDidChange(listener: () => void): { dispose(): void };
}

/** Any list that failed with an auth error (401, revoked token) signs the user out, once. */
export function signOutOnUnauthorized(auth: AuthService, models: readonly Watched[]): { dispose(): void }[] {
  return models.map((m) =>
    m.onDidChange(() => {
      const failed = m.state.kind === 'error' ? m.state.error : m.loadMoreError;
      if (failed?.kind === 'auth') void auth.handleUnauthorized();
    }),
  );
}
