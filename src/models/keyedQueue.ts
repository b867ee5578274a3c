/**
 * Work queued by key runs one at a time per key, in the order it was asked for; different keys run
 * side by side. Two Publishes of one file: the second starts when the first has written the post's
 * id into the file, so it updates that post instead of making another.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const result = before.then(work, work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Whether work is queued or running under `key`. */
  busy(key: string): boolean {
    return this.tails.has(key);
  }
}
