/** The client against a real reference service on loopback: one service per test file. */
import { ContentSiteClient, type ClientOptions, type RequestLogEntry } from '../../src/api';
import { ChosenSite } from '../../src/models/chosenSite';
import { startService, type RunningService, type SeedOptions } from '../service';

/** `seed`: what the service starts with beyond its own seed (e.g. `sitePosts`: a site of that many more posts). */
export function useClientAndService(
  options: Partial<ClientOptions> = {},
  seed?: SeedOptions,
): {
  svc: () => RunningService;
  client: (token?: ClientOptions['token'] | null, extra?: Partial<ClientOptions>) => ContentSiteClient;
  log: RequestLogEntry[];
} {
  let svc: RunningService;
  const clients: ContentSiteClient[] = [];
  const log: RequestLogEntry[] = [];
  before(async () => {
    svc = await startService(seed ? { seed } : {});
  });
  beforeEach(() => {
    svc.reset();
    log.length = 0;
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await svc.close();
  });
  /** `null`: no token at all. */
  const client = (token: ClientOptions['token'] | null = 'cs-demo-token', extra: Partial<ClientOptions> = {}): ContentSiteClient => {
    const c = new ContentSiteClient({
      baseUrl: svc.restUrl,
      token: token ?? undefined,
      retry: { minDelayMs: 1, maxDelayMs: 40 },
      onRequest: (e) => log.push(e),
      ...options,
      ...extra,
    });
    clients.push(c);
    return c;
  };
  return { svc: () => svc, client, log };
}

/** The requests the service saw, without the test's own control calls. */
export const restRequests = (svc: RunningService) =>
  svc.requests.filter((r) => r.path.startsWith('/rest/') || r.path.startsWith('/oauth2/'));

/** The hooks of a file that keeps its own `svc` and client list: start, reset per test, close all. */
export function serviceLifecycle(started: (svc: RunningService) => void, clients: ContentSiteClient[]): void {
  let svc: RunningService;
  before(async () => {
    svc = await startService();
    started(svc);
  });
  beforeEach(() => svc.reset());
  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await svc.close();
  });
}

/** A chosen site for the models that need one. */
export function siteOf(site: string): ChosenSite {
  const chosen = new ChosenSite();
  chosen.set(site);
  return chosen;
}
