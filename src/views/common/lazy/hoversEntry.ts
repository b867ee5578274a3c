/**
 * Built on its own as dist/hovers.js (scripts/build.mjs): the hovers of Reader posts' rows,
 * built only when the pointer rests on one. Load it only through ./loadHovers.
 */
export { featuredPostHover, readerPostHover } from '../readerPostHover';
