/** The type of the post-file code's chunk (./index.ts), for what is handed it once imported. */
export type WritingModule = typeof import('./index');
