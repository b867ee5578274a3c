/**
 * zod and every response schema, a chunk of their own: building the schemas costs more at load than
 * the rest of activation's code, and nothing needs them before the first answer arrives. Import it
 * only through ../schemasLoad.ts (its `import()` is what makes the chunk).
 * The sentences for the service's errors (../messages) come with them: only an answer needs one.
 */
export { sentenceFor } from '../messages';
export { readAnswer, readSkipping, readTelling } from './common';
export * from './comment';
export * from './insights';
export * from './media';
export * from './notification';
export { missingFromNote, notesAsAsked, pollChanges } from './noteChecks';
export * from './oneNote';
export * from './post';
export * from './reader';
export * from './revisions';
export * from './site';
export * from './term';
export * from './trash';
export * from './users';
