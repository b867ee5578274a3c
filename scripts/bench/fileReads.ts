/**
 * The post files (`.md`) under a folder that some work reads, each counted once: the writing code
 * reads through `node:fs/promises` as a CommonJS module object, so wrapping its `readFile` for the
 * time of the work sees every read. For the bench's Sync of one change (siteFolder.ts) and
 * test/integration/siteSyncOne.test.ts.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fsp = require('node:fs/promises') as { readFile: (...args: unknown[]) => Promise<unknown> };

export async function filesReadDuring<T>(root: string, work: () => Promise<T>): Promise<{ value: T; read: Set<string> }> {
  const read = new Set<string>();
  const original = fsp.readFile;
  fsp.readFile = (...args: unknown[]) => {
    const path = String(args[0]);
    if (path.startsWith(root) && path.endsWith('.md')) read.add(path);
    return original(...args);
  };
  try {
    return { value: await work(), read };
  } finally {
    fsp.readFile = original;
  }
}
