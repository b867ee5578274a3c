import type { ContentSiteError } from '../api';

/**
 * What a list view shows besides its items. On `error` the list keeps whatever it showed before
 * the failure: it is then out of date, not empty (see ListCore.stale and loadedAt).
 */
export type LoadState = { kind: 'idle' } | { kind: 'loading' } | { kind: 'loaded' } | { kind: 'error'; error: ContentSiteError };

export const IDLE: LoadState = { kind: 'idle' };
