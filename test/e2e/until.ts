/**
 * Waits for a condition only Node can see (the reference service's state, which the service
 * changes when the editor's request arrives): checked every 50 ms until it holds, and a timeout
 * fails with what was seen last. A poll of a condition, never a pause that hopes.
 */
import { setTimeout as pause } from 'node:timers/promises';

const POLL_MS = 50;

export async function until<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  ms = 20_000,
  seen?: () => unknown,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end)
      throw new Error(`Timed out after ${ms / 1000} s waiting for ${what}${seen ? `; last seen: ${JSON.stringify(await seen())}` : ''}.`);
    await pause(POLL_MS);
  }
}
