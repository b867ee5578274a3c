/**
 * Built on its own as dist/writing.js (scripts/build.mjs): markdown-it, turndown and yaml with the
 * post-file code, needed only when a post file is written, checked or published. Load it only
 * through ./loadWriting.
 */
export * from '../writing/postFile';
export * from '../writing/markdownSetup';
export * from '../writing/localImages';
export * from '../writing/publishBase';
export * from '../writing/publisher';
export * from '../writing/imageUpload';
export * from '../writing/postPull';
export * from '../writing/imageFiles';
export * from '../writing/fileNames';
export * from '../writing/limits';
export * from '../writing/newPostFile';
export * from '../writing/imageCopy';
export * from '../writing/imageProblems';
export * from '../writing/syncRecord';
export * from '../writing/pullContent';
export * from '../writing/bodyRenderer';
export * from '../writing/frontMatterTerms';
export * from '../writing/siteClone';
export * from '../writing/siteSync';
export * from '../writing/mergePost';
export * from '../writing/revisionFile';
export { hasConflicts } from '../writing/conflictMarkers';
export { folderMarker, MARKER_FILE } from '../writing/cloneMarker';
export * from '../writing/siteStatus';
export * from '../writing/sitePages';
export { readInside, realPathInside, outsideReason } from '../writing/folderGuard';
