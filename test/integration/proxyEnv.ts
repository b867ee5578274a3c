/**
 * For tests that send through a proxy: `useProxy(url)` sets HTTP_PROXY (and clears the lower-case
 * forms and NO_PROXY, so only it counts); whatever the environment held is put back after each test.
 */
export function proxyEnvironment(): { useProxy(url: string): void } {
  const keys = ['HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy'] as const;
  const saved = Object.fromEntries(keys.map((k) => [k, process.env[k]]));
  afterEach(() => {
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  });
  return {
    useProxy(url: string) {
      delete process.env.http_proxy;
      delete process.env.no_proxy;
      process.env.HTTP_PROXY = url;
      process.env.NO_PROXY = '';
    },
  };
}
