/**
 * One write per item, a few at a time, told in one report: what the service confirmed (answered, or,
 * when the answer was lost, shows done when asked) and what it did not, with the first reason.
 * The note actions and the Comments view both act this way. No vscode here.
 */
import type { ContentSiteError } from '../api';
import type { OperationOutcome } from './listCore';

export interface ActOutcomes {
  acted: number[];
  failed: number[];
  error?: ContentSiteError;
}

export interface ActOnEach<T> {
  /** Requests in flight at once. */
  parallel: number;
  act(id: number): Promise<OperationOutcome<T, unknown>>;
  /** After a lost answer: whether the item as the service now has it (undefined: gone) shows the write done. */
  confirms(id: number, now: T | undefined): boolean;
  /** The reason told for an outcome left unknown: `asked` when the service was asked and still shows it as before. */
  unconfirmed(cause: ContentSiteError, asked: boolean): ContentSiteError;
  /** Each confirmed id, as it is confirmed. */
  confirmed?(id: number): void;
}

export async function actOnEach<T>(ids: readonly number[], report: ActOutcomes, o: ActOnEach<T>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++];
      const outcome = await o.act(id);
      const ok =
        outcome.kind === 'done' || (outcome.kind === 'unknown' && outcome.now !== undefined && o.confirms(id, outcome.now.get(String(id))));
      if (ok) {
        report.acted.push(id);
        o.confirmed?.(id);
      } else {
        report.failed.push(id);
        report.error ??= outcome.kind === 'unknown' ? o.unconfirmed(outcome.error, outcome.now !== undefined) : outcome.error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(o.parallel, ids.length) }, worker));
}
