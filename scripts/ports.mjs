// Ports for `npm start`: the one asked for (or the default) when it is free on 127.0.0.1, otherwise a
// free one, with a line that says which port was busy, which one is used and how to choose another.
import { createServer } from 'node:net';
import { freePort } from './editor.mjs';

/** @returns {Promise<string | undefined>} why `port` cannot be listened on at 127.0.0.1 (e.g. EADDRINUSE), or undefined. */
export function portProblem(port) {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', (err) => resolve(err.code ?? err.message));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(undefined)));
  });
}

/**
 * @param {number} wanted the default or the one given with `flag`
 * @param {{ what: string, flag: string, say?: (line: string) => void }} o what listens there ("the reference service")
 * @returns {Promise<number>}
 */
export async function choosePort(wanted, { what, flag, say = console.log }) {
  if (wanted === 0) return freePort();
  const problem = await portProblem(wanted);
  if (problem === undefined) return wanted;
  const port = await freePort();
  const why = problem === 'EADDRINUSE' ? 'is busy' : `cannot be used (${problem})`;
  say(`Port ${wanted} (${what}) ${why}: using ${port} instead. Choose another with \`npm start -- ${flag} N\`.`);
  return port;
}
