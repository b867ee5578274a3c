import type { ContentSiteError } from '../api';

/** What a list view shows besides its items. */
export type LoadState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'loaded' }
  | { kind: 'error'; error: ContentSiteError };

export const IDLE: LoadState = { kind: 'idle' };
