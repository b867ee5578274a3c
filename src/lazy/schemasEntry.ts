/**
 * Built on its own as dist/schemas.js (scripts/build.mjs): zod and every response schema. Building
 * the schemas costs more at load than the rest of activation's code; nothing needs them before the
 * first answer arrives. Load it only through ./loadSchemas.
 */
export * from '../api/schemas/comment';
export * from '../api/schemas/insights';
export * from '../api/schemas/notification';
export * from '../api/schemas/oneNote';
export * from '../api/schemas/post';
export * from '../api/schemas/reader';
export * from '../api/schemas/site';
export * from '../api/schemas/trash';
export * from '../api/schemas/users';
