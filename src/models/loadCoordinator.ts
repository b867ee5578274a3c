/**
 * Views that ask to load in the same moment (the container opening, a sign-in, Refresh All, Retry)
 * are loaded together: one batch request for all of them, each view showing its own progress.
 * No vscode here: the progress display is given.
 */
import type { ContentSiteClient } from '../api';
import { refreshTogether, type BatchRefreshable } from './batchRefresh';

export interface LoadTarget {
  viewId: string;
  model: BatchRefreshable;
}

export type ShowProgress = (viewId: string, task: () => Promise<void>) => Promise<void>;

export class LoadCoordinator {
  private pending = new Map<string, LoadTarget>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private waiters: Array<() => void> = [];

  constructor(
    private readonly client: () => ContentSiteClient,
    private readonly progress: ShowProgress = (_id, task) => task(),
  ) {}

  /** Resolves when this view's load (and the others of its batch) has settled. */
  request(target: LoadTarget): Promise<void> {
    this.pending.set(target.viewId, target);
    this.timer ??= setTimeout(() => void this.flush(), 0);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private async flush(): Promise<void> {
    const targets = [...this.pending.values()];
    const waiters = this.waiters;
    this.pending = new Map();
    this.waiters = [];
    this.timer = undefined;
    try {
      const done = refreshTogether(
        this.client(),
        targets.map((t) => t.model),
      );
      await Promise.all(targets.map((t) => this.progress(t.viewId, () => done)));
    } finally {
      for (const w of waiters) w();
    }
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (const w of this.waiters) w();
    this.waiters = [];
  }
}
