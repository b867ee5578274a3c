/**
 * A publish the outbox sent (models/outbox.ts), told the way the outbox takes it: what the caller's
 * send returns once it wrote a created or updated post's answer back into the file. An error the
 * publish throws is left to the outbox, which waits when the service could not be reached and
 * reports anything else as refused.
 */
import type { SendResult } from '../models/outbox';
import type { PublishOutcome } from './publisher';

/** The sentence for a queued publish that would change the post where the writer made no edit. */
export const UNINTENDED_QUEUED =
  'Publishing it would change the post where you made no edit, so it was not sent: Publish it again to see those changes and choose.';

export function queuedResult(outcome: PublishOutcome): SendResult {
  switch (outcome.kind) {
    case 'created':
    case 'updated':
      // The file's text as the send leaves it: the outbox compares it to tell a later edit.
      return { kind: 'sent', text: outcome.text };
    case 'conflict':
      return { kind: 'conflict' };
    case 'unintended':
      return { kind: 'refused', message: UNINTENDED_QUEUED };
  }
}
