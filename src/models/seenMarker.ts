/**
 * Tells the service when the user has seen the notifications, as its own panel does, so that its
 * bell stops showing as new what was seen in the editor: `POST notifications/seen` with the newest
 * shown note's time, while the list is visible, once per newer note. A failure is logged and tried
 * again on the next change, never in a loop. No vscode here.
 */
import type { ContentSiteClient } from '../api';
import { asError } from './asError';

export interface SeenMarkerOptions {
  client: () => ContentSiteClient;
  /** The newest note shown (Unix seconds), if any. */
  newest: () => number | undefined;
  /** The list is on screen and the user is signed in. */
  visible: () => boolean;
  log?: (message: string) => void;
}

export class SeenMarker {
  /** The newest time sent (or being sent). */
  private sent = 0;

  constructor(private readonly o: SeenMarkerOptions) {}

  /** Call when the list or its visibility changed; sends only for a note newer than the last sent. */
  async update(): Promise<void> {
    const time = this.o.newest();
    if (time === undefined || time <= this.sent || !this.o.visible()) return;
    const before = this.sent;
    this.sent = time;
    try {
      await this.o.client().notifications.seen(time);
    } catch (err) {
      // Sent again on the next change (or the next time the list is shown), not at once.
      if (this.sent === time) this.sent = before;
      this.o.log?.(`Could not tell the service the notifications were seen: ${asError(err).userMessage}`);
    }
  }

  /** Signed out or another account: the next list is sent again. */
  reset(): void {
    this.sent = 0;
  }
}
