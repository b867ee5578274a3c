/**
 * Built on its own as dist/loopback.js (scripts/build.mjs): the one-shot 127.0.0.1 server of a
 * sign-in with the loopback redirect, needed only while such a sign-in runs. Load it only through
 * ./loadLoopback.
 */
export { startLoopbackServer } from '../loopbackServer';
