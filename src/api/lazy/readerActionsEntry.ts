/**
 * Built on its own as dist/readeracts.js (scripts/build.mjs): what a reader does besides reading
 * (follow by address, seen marks, tags, blocks), used only now and then. Load it only through
 * ./loadReaderActions; it is handed the client's transport and decoder (ReaderApi.actions).
 */
export { ReaderActions } from '../readerActions';
