import { SETTINGS } from '../settings';

/** The undo window when the options name none: the `undoSeconds` setting's default (settings.ts), in ms. */
export const UNDO_MS = SETTINGS.undoSeconds.default * 1000;

/**
 * Requests at once for a selection: a page's worth (20) go out together, and never a flood of
 * hundreds. The service names no limit on concurrent requests; a 429 is honoured as everywhere.
 */
export const PARALLEL_ACTIONS = 20;
