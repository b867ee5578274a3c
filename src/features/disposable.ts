/** Anything that can be disposed of: a vscode.Disposable, a model, a subscription. */
export interface Disposal {
  dispose(): unknown;
}

/**
 * The base of what owns parts (a feature, a shared service): it registers each part as it makes it
 * and, when disposed, disposes of them all, the newest first. A part registered after that is
 * disposed of at once. Plain TypeScript.
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

  /** Owns each of `parts` (a command group's registrations, a list's subscriptions). */
  protected registerAll(parts: readonly Disposal[]): void {
    for (const part of parts) this.register(part);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const part of this.parts.splice(0).reverse()) part.dispose();
  }
}
