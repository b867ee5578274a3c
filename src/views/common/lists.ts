import type { ViewLoader } from './viewLoader';

/** What acts on every list needs of a list's view (a ListProvider). */
export interface ListView {
  readonly view: { readonly visible: boolean };
  readonly loader: Pick<ViewLoader, 'gateOpen' | 'failed' | 'passingFailure'>;
  ensureLoaded(): void;
  reload(): Promise<void>;
  reset(): void;
}

/**
 * The list views the features made, each added by its own feature: for what acts on all of them
 * (Refresh All, Retry, the poller's recovery, a new session or API address). Plain TypeScript.
 */
export class Lists {
  private readonly views: ListView[] = [];

  /** Adds a list's view; disposing the result takes it out again. */
  add(view: ListView): { dispose(): void } {
    this.views.push(view);
    return {
      dispose: () => {
        const at = this.views.indexOf(view);
        if (at >= 0) this.views.splice(at, 1);
      },
    };
  }

  get all(): readonly ListView[] {
    return this.views;
  }

  /** Every list forgets what it showed (signed out, another API address)… */
  resetAll(): void {
    for (const v of this.views) v.reset();
  }

  /** …and loads again where it is shown and may load. */
  ensureAllLoaded(): void {
    for (const v of this.views) v.ensureLoaded();
  }
}
