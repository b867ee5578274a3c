/**
 * Live notes for one signed-in window, put together: the push policy keeps one socket (its messages
 * go to LiveNotes, each connect reads the first page again), and the poller stands down while the
 * socket is open. What the extension wires: `start()` when signed in, `stop()` on sign-out, `wake()`
 * after sleep or when the network is back (wakeWatch.ts), `mode`/`retryAt`/`onDidChange` for the
 * view. New notes, however they come (a push, a poll, the re-read on connect), are the model's
 * `onDidArrive` (with newNoteAlert.ts, for messages). No vscode here.
 */
import type { ContentSiteClient, PushFailure } from '../api';
import { ContentSiteError, TOKEN_UNAVAILABLE } from '../api/errors';
import { asError } from './asError';
import { LiveNotes, type LiveTarget } from './liveNotes';
import { PushPolicy, type LiveMode, type PushPhase, type PushPolicySettings } from './pushPolicy';

export interface LiveSessionOptions {
  client: () => ContentSiteClient;
  model: LiveTarget;
  /** The notes poller: told to stand down while the socket is open. */
  poller?: { setLive(live: boolean): void };
  /**
   * The upgrade was refused as unauthorized (401) or forbidden (403) and the REST API refuses the
   * sign-in too (`GET me` answered 401): the usual re-sign-in path, once. A refusal REST does not
   * share is the channel being unavailable: polled meanwhile and tried again minutes later (pushPolicy.ts).
   */
  onUnauthorized(status: number): void;
  log?: (line: string) => void;
  /** A line worth a warning (see LiveNotesOptions.warn); `log` when not given. */
  warn?: (line: string) => void;
  /** The policy's numbers (tests shorten them). */
  settings?: Partial<PushPolicySettings>;
  gatherMs?: number;
}

export class LiveSession {
  readonly policy: PushPolicy;
  readonly notes: LiveNotes;
  /** mode, phase or retryAt changed. */
  readonly onDidChange: PushPolicy['onDidChange'];
  private readonly subscription: { dispose(): void };

  constructor(o: LiveSessionOptions) {
    this.notes = new LiveNotes({ client: o.client, model: o.model, log: o.log, warn: o.warn, gatherMs: o.gatherMs });
    this.policy = new PushPolicy({
      connect: (listener) => o.client().push.open(listener, { log: o.log }),
      onMessage: (message) => this.notes.handle(message),
      onConnected: () => void o.model.refresh(),
      confirmUnauthorized: () => this.restRefusesSignIn(o),
      onUnauthorized: (status) => o.onUnauthorized(status),
      settings: o.settings,
      log: o.log,
    });
    this.onDidChange = this.policy.onDidChange;
    this.subscription = this.policy.onDidChange(() => o.poller?.setLive(this.policy.mode === 'live'));
  }

  get mode(): LiveMode {
    return this.policy.mode;
  }
  get phase(): PushPhase {
    return this.policy.phase;
  }
  get retryAt(): number | undefined {
    return this.policy.retryAt;
  }
  get lastFailure(): PushFailure | undefined {
    return this.policy.lastFailure;
  }

  start(): void {
    this.policy.start();
  }
  wake(): void {
    this.policy.wake();
  }
  stop(): void {
    this.policy.stop();
    this.notes.reset();
  }
  dispose(): void {
    this.subscription.dispose();
    this.policy.dispose();
    this.notes.dispose();
  }

  /** Whether REST refuses the sign-in as well: `GET me`, the cheapest authenticated call, answers 401 (invalid token…). */
  private async restRefusesSignIn(o: LiveSessionOptions): Promise<boolean> {
    try {
      await o.client().me();
      return false;
    } catch (err) {
      const refused = err instanceof ContentSiteError && err.kind === 'auth' && err.code !== TOKEN_UNAVAILABLE;
      const why = asError(err).userMessage;
      o.log?.(
        refused
          ? `Push channel: the REST API refuses the sign-in too (${why}).`
          : `Push channel: the REST API did not say whether it accepts the sign-in (${why}).`,
      );
      return refused;
    }
  }
}
