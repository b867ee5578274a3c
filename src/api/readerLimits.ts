/**
 * The Reader's bounds that the models need too (they split a selection by them) without loading
 * its own chunk, and without a byte added to the main file.
 */

/** The most IDs one seen mark sends (reader.md): the apps mark a feed's page at a time. */
export const SEEN_MAX_IDS = 1000;
