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

/** A failed refresh (what is still shown, and from when), the rows, then "Load more…" or its failure. */
export function listRows<T>(
  list: ShownList<T>,
  rows: (items: readonly T[]) => vscode.TreeItem[],
  loadMoreCommand: string,
): vscode.TreeItem[] {
  const s = list.state;
  if (s.kind === 'idle') return [];
  const out: vscode.TreeItem[] = [];
  if (s.kind === 'error')
    out.push(new ErrorNode(s.error, { stale: list.items.length > 0 ? (loadedAtLabel(list.loadedAt) ?? '') : undefined }));
  out.push(...rows(list.items));
  if (list.loadMoreError) out.push(new ErrorNode(list.loadMoreError, { loadMore: loadMoreCommand }));
  else if (list.hasMore) out.push(new LoadMoreNode(loadMoreCommand));
  return out;
}

/** The view's message: out of date after a failed refresh, or empty. */
export function listMessage<T>(list: ShownList<T>, empty: string): string | undefined {
  const s = list.state;
  if (s.kind === 'error' && list.items.length > 0)
    return vscode.l10n.t('Out of date (loaded {0}): could not refresh.', loadedAtLabel(list.loadedAt) ?? '');
  return s.kind === 'loaded' && list.items.length === 0 ? empty : undefined;
}
