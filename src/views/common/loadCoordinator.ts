import type { ContentSiteClient } from '../../api';
import { refreshTogether, type BatchRefreshable } from '../../models/batchRefresh';
import { withViewProgress } from './viewProgress';

export interface LoadTarget {
  viewId: string;
  model: BatchRefreshable;
}

/**
 * Views that ask to load in the same moment (the container opening, a sign-in, Refresh All) are
 * loaded together: one batch request for all of them, each view showing its own progress.
 */
export class LoadCoordinator {
  private pending = new Map<string, LoadTarget>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private waiters: Array<() => void> = [];

  constructor(private readonly client: () => ContentSiteClient) {}

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
    const done = refreshTogether(this.client(), targets.map((t) => t.model));
    await Promise.all(targets.map((t) => withViewProgress(t.viewId, () => done)));
    for (const w of waiters) w();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const w of this.waiters) w();
  }
}
