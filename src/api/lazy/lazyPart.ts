/** A part of the extension loaded once, on first use: synchronously, or as a promise like `import()`. */
export function lazyPart<T>(load: () => T): { get: () => T; load: () => Promise<T> } {
  let loaded: T | undefined;
  const get = () => (loaded ??= load());
  return { get, load: () => Promise.resolve().then(get) };
}
