import type { ContentSiteError } from '../../api';
import { transient } from '../../models/asError';
import type { BatchRefreshable } from '../../models/batchRefresh';
import type { LoadState } from '../../models/loadState';
import type { LoadCoordinator } from '../../models/loadCoordinator';
import { withViewProgress } from './viewProgress';

export interface LoadableModel extends BatchRefreshable {
  readonly state: LoadState;
  loadMore(): Promise<void>;
  clear(): void;
}

export interface LoaderOptions {
  /** Whether loading makes sense now (signed in, a site chosen). */
  gate: () => boolean;
  /** Loads together with the other views (one batch request). */
  coordinator: LoadCoordinator;
}

/**
 * When a view loads: lazily, the first time it is visible and the gate allows; together with the
 * other views through the coordinator; with the view's progress bar. Shared by every tree provider.
 */
export class ViewLoader {
  private loadedOnce = false;

  constructor(
    readonly viewId: string,
    readonly model: LoadableModel,
    private readonly visible: () => boolean,
    private readonly options: LoaderOptions,
  ) {}

  get gateOpen(): boolean {
    return this.options.gate();
  }

  /** Whether its last refresh failed (what it shows is out of date or missing). */
  get failed(): boolean {
    return this.model.state.kind === 'error';
  }

  /** The error of its last refresh when trying again later may succeed by itself (network, 5xx, 429). */
  get passingFailure(): ContentSiteError | undefined {
    const s = this.model.state;
    return s.kind === 'error' && transient(s.error) ? s.error : undefined;
  }

  ensureLoaded(): void {
    if (this.loadedOnce || !this.visible() || !this.options.gate()) return;
    void this.reload();
  }

  /** Loads again, with the others asking at the same moment; nothing is asked while the gate is shut (signed out). */
  reload(): Promise<void> {
    if (!this.options.gate()) return Promise.resolve();
    this.loadedOnce = true;
    return this.options.coordinator.request({ viewId: this.viewId, model: this.model });
  }

  loadMore(): Promise<void> {
    if (!this.options.gate()) return Promise.resolve();
    return withViewProgress(this.viewId, () => this.model.loadMore());
  }

  /** Forget what was shown (signed out, another site). */
  reset(): void {
    this.loadedOnce = false;
    this.model.clear();
  }
}
