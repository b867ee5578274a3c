/** A loopback server that answers each GET or POST with the JSON body given for its path: the client reads a set answer over real HTTP. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ContentSiteClient, type SkippedLogEntry } from '../../../src/api';

export interface Answering {
  client: ContentSiteClient;
  /** What the client's log heard of items it left out. */
  skipped: SkippedLogEntry[];
  close(): Promise<void>;
}

export const TOKEN = 'answering-secret-token';

/** An answer given by the request's query (a page of a list by its offset). */
export type ByQuery = (query: URLSearchParams) => unknown;

/**
 * `bodies`: path after `/rest` (e.g. `/v1/notifications/`) → the JSON to answer with, or a
 * function of the query that gives it; any other path is a 404.
 */
export async function answering(bodies: Record<string, unknown>): Promise<Answering> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const given = bodies[url.pathname.replace(/^\/rest/, '')];
    const body = typeof given === 'function' ? (given as ByQuery)(url.searchParams) : given;
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { error: 'unknown_path', message: url.pathname }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const skipped: SkippedLogEntry[] = [];
  const client = new ContentSiteClient({
    baseUrl: `http://127.0.0.1:${port}/rest`,
    token: TOKEN,
    retry: { maxTries: 1 },
    onSkipped: (e) => skipped.push(e),
  });
  return {
    client,
    skipped,
    close: async () => {
      await client.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
