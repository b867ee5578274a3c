import type { BatchRefreshable } from '../../models/batchRefresh';
import type { LoadCoordinator } from './loadCoordinator';
import { withViewProgress } from './viewProgress';

export interface LoadableModel extends BatchRefreshable {
  loadMore(): Promise<void>;
  clear(): void;
}

/**
 * When a view loads: lazily, the first time it is visible and the gate allows (signed in, a site
 * chosen); together with the other views through the coordinator when there is one; with the
 * view's progress bar. Shared by every tree provider.
 */
export class ViewLoader {
  private loadedOnce = false;
  /** Whether loading makes sense now; set by the composition root. */
  gate: () => boolean = () => true;
  /** Loads together with the other views (one batch request); set by the composition root. */
  coordinator: LoadCoordinator | undefined;

  constructor(
    private readonly viewId: string,
    private readonly model: LoadableModel,
    private readonly visible: () => boolean,
  ) {}

  ensureLoaded(): void {
    if (this.loadedOnce || !this.visible() || !this.gate()) return;
    void this.reload();
  }

  reload(): Promise<void> {
    this.loadedOnce = true;
    if (this.coordinator) return this.coordinator.request({ viewId: this.viewId, model: this.model });
    return withViewProgress(this.viewId, () => this.model.refresh());
  }

  loadMore(): Promise<void> {
    return withViewProgress(this.viewId, () => this.model.loadMore());
  }

  /** Forget what was shown (signed out, another site). */
  reset(): void {
    this.loadedOnce = false;
    this.model.clear();
  }
}
