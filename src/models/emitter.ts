/** A minimal event emitter for plain-TypeScript models (vscode.EventEmitter stays in the views). */
export type Listener<T> = (value: T) => void;

export class Emitter<T> {
  private listeners = new Set<Listener<T>>();

  readonly event = (listener: Listener<T>): { dispose(): void } => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };

  fire(value: T): void {
    for (const l of [...this.listeners]) l(value);
  }

  dispose(): void {
    this.listeners.clear();
  }
}

/** Resolves once `check` holds, checked now and after every change of `source` (a model, a list). */
export function untilChanged(source: { onDidChange(l: () => void): { dispose(): void } }, check: () => boolean): Promise<void> {
  if (check()) return Promise.resolve();
  return new Promise((resolve) => {
    const sub = source.onDidChange(() => {
      if (!check()) return;
      sub.dispose();
      resolve();
    });
  });
}
