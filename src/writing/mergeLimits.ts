/** The three-way merge's bounds (mergePost.ts, lineDiff.ts), in a file of their own: WRITING_LIMITS (limits.ts) is in the main file, the merge never is. */
export const MERGE_LIMITS = {
  /** Each text of a three-way merge of a post file (the file, the site's version, the last synced one), in characters: the largest post the extension opens. */
  chars: 256 * 1024,
  /**
   * Line comparisons one merge may make in all (mergeLines.ts, lineDiff.ts); past them a part that
   * differs is taken whole (still losing nothing). About 0.2 s of work on the slowest shape.
   */
  comparisons: 24_000_000,
  /** Line comparisons between two turns of the event loop during a merge (about 20 ms). */
  stepComparisons: 2_000_000,
} as const;
