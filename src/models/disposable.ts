/** Anything that can be disposed of: a vscode.Disposable, a model, a subscription. */
export interface Disposal {
  dispose(): unknown;
}

/**
 * Disposes of each of `parts` in the order given, every one even when another throws; then throws
 * what they threw, so no failure is lost: the one error as it is, several as an AggregateError (in
 * the order they were thrown).
 */
export function disposeAll(parts: Iterable<Disposal>): void {
  const errors: unknown[] = [];
  for (const part of parts) {
    try {
      part.dispose();
    } catch (err) {
      errors.push(err);
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, `${errors.length} parts failed to dispose.`);
}

/**
 * The base of what owns parts (a feature, a shared service, a view, a session): it registers each
 * part as it makes it and, when disposed, disposes of them all, the newest first, each one even when
 * another throws (`disposeAll`). A part registered after that is disposed of at once; disposing
 * twice does nothing. Plain TypeScript, in the models layer so that every layer above can use it.
 */
export abstract class Disposable implements Disposal {
  private readonly parts: Disposal[] = [];
  private disposed = false;

  /** Owns `part` from now on; returns it, so a part is registered where it is made. */
  protected register<T extends Disposal>(part: T): T {
    if (this.disposed) part.dispose();
    else this.parts.push(part);
    return part;
  }

  /** Whether it was disposed of (a part made after that, by work that was already under way, is not wanted). */
  protected get isDisposed(): boolean {
    return this.disposed;
  }

  /** Owns each of `parts` (a command group's registrations, a list's subscriptions). */
  protected registerAll(parts: readonly Disposal[]): void {
    for (const part of parts) this.register(part);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    disposeAll(this.parts.splice(0).reverse());
  }
}
