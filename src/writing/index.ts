/**
 * The post-file code with markdown-it, turndown and yaml, a chunk of its own: needed only when a post
 * file is written, checked or published. Imported only by `await import('…/writing/index')`, which is
 * what makes the chunk; its type is `WritingModule` (./writingModule.ts).
 */

export * from './postFile';
export * from './markdownSetup';
export * from './localImages';
export * from './publishBase';
export * from './publisher';
export * from './imageUpload';
export * from './postPull';
export * from './imageFiles';
export * from './fileNames';
export * from './limits';
export * from './newPostFile';
export * from './imageCopy';
export * from './imageProblems';
export * from './syncRecord';
export * from './pullContent';
export * from './bodyRenderer';
export * from './frontMatterTerms';
export * from './siteClone';
export * from './siteSync';
export * from './mergePost';
export * from './revisionFile';
export { hasConflicts } from './conflictMarkers';
export { folderMarker, MARKER_FILE } from './cloneMarker';
export * from './siteStatus';
export * from './sitePages';
export { readInside, realPathInside, outsideReason } from './folderGuard';
