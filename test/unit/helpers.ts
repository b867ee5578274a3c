/** What several unit tests share. */

/** An in-memory global state (VS Code's Memento): `data` is what it holds. */
export function memento(initial: Record<string, unknown> = {}) {
  const data = new Map<string, unknown>(Object.entries(initial));
  return {
    data,
    get: <T>(k: string) => data.get(k) as T | undefined,
    update: async (k: string, v: unknown) => void data.set(k, v),
    keys: () => [...data.keys()],
  };
}
