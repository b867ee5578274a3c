import * as vscode from 'vscode';
import type { ContentSiteError } from '../../api';
import type { LoadState } from '../../models/loadState';
import { relativeTime } from '../../models/relativeTime';
import { ErrorNode, LoadMoreNode } from './messageNode';

/** What a list view reads of a list (the list core, or a model in front of one). */
export interface ShownList<T> {
  readonly state: LoadState;
  readonly items: readonly T[];
  readonly hasMore: boolean;
  readonly loadMoreError: ContentSiteError | undefined;
  readonly loadedAt?: number;
  readonly fromCache?: boolean;
  /** Items the service sent that could not be read (left out of `items`). */
  readonly unreadable?: number;
}

/** The view's description with, while it shows the last session's page, when that page was loaded. */
export function describe(list: Pick<ShownList<unknown>, 'state' | 'loadedAt' | 'fromCache'>, text: string | undefined): string | undefined {
  if (list.state.kind === 'idle') return undefined;
  if (!list.fromCache || list.loadedAt === undefined) return text;
  const updated = vscode.l10n.t('updated {0}', relativeTime(list.loadedAt));
  return text ? `${text} · ${updated}` : updated;
}

/** "10:32" today, else a date and time: when what is shown was loaded. */
export function loadedAtLabel(loadedAt: number | undefined): string | undefined {
  if (loadedAt === undefined) return undefined;
  const d = new Date(loadedAt);
  const today = new Date().toDateString() === d.toDateString();
  return today ? d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }) : d.toLocaleString();
}

/**
 * A failed refresh (what is still shown, and from when), the rows, then "Load more…" or its failure;
 * for a list under a row (`under`), rows of that row's own, whose Load more (and Retry) is given it.
 */
export function listRows<T>(
  list: ShownList<T>,
  rows: (items: readonly T[]) => vscode.TreeItem[],
  loadMoreCommand: string,
  under?: vscode.TreeItem,
): vscode.TreeItem[] {
  const s = list.state;
  if (s.kind === 'idle') return [];
  const out: vscode.TreeItem[] = [];
  if (s.kind === 'error')
    out.push(
      new ErrorNode(s.error, {
        stale: list.items.length > 0 ? (loadedAtLabel(list.loadedAt) ?? '') : undefined,
        under,
        retry: under && loadMoreCommand,
      }),
    );
  out.push(...rows(list.items));
  if (list.loadMoreError) out.push(new ErrorNode(list.loadMoreError, { loadMore: loadMoreCommand, under }));
  else if (list.hasMore) out.push(new LoadMoreNode(loadMoreCommand, under));
  return out;
}

/**
 * The view's message: out of date after a failed refresh, or empty; and, given `unreadable` (the
 * sentence for a count), how many items the service sent that could not be read, so the user knows
 * the list misses some (the log names them).
 */
export function listMessage<T>(list: ShownList<T>, empty: string, unreadable?: (count: number) => string): string | undefined {
  const s = list.state;
  const missing = unreadable && list.unreadable ? unreadable(list.unreadable) : undefined;
  let state: string | undefined;
  if (s.kind === 'error' && list.items.length > 0)
    state = vscode.l10n.t('Out of date (loaded {0}): could not refresh.', loadedAtLabel(list.loadedAt) ?? '');
  else if (s.kind === 'loaded' && list.items.length === 0 && !missing) state = empty;
  return [state, missing].filter(Boolean).join(' ') || undefined;
}

/** "Notes that could not be read: 1 (see the log)." */
export const unreadableNotes = (count: number): string => vscode.l10n.t('Notes that could not be read: {0} (see the log).', count);

/** "Comments that could not be read: 1 (see the log)." */
export const unreadableComments = (count: number): string => vscode.l10n.t('Comments that could not be read: {0} (see the log).', count);
