/**
 * Built on its own as dist/schemas.js (scripts/build.mjs): zod and every response schema. Building
 * the schemas costs more at load than the rest of activation's code; nothing needs them before the
 * first answer arrives. Load it only through ./loadSchemas.
 * The sentences for the service's errors (../messages) come with them: only an answer needs one.
 */
export { sentenceFor } from '../messages';
export { readAnswer, readSkipping, readTelling } from '../schemas/common';
export * from '../schemas/comment';
export * from '../schemas/insights';
export * from '../schemas/media';
export * from '../schemas/notification';
export { missingFromNote, notesAsAsked, pollChanges } from '../schemas/noteChecks';
export * from '../schemas/oneNote';
export * from '../schemas/post';
export * from '../schemas/reader';
export * from '../schemas/revisions';
export * from '../schemas/site';
export * from '../schemas/term';
export * from '../schemas/trash';
export * from '../schemas/users';
