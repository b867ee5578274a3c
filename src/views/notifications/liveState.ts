import * as vscode from 'vscode';
import type { PushFailure } from '../../api';

/** How new notes reach the list (LiveSession's mode, next try and last failure), as the views say it. */
export interface LiveState {
  mode: 'live' | 'polling';
  /** When the socket is tried again (ms since the epoch), while polling. */
  retryAt?: number;
  /** Why the last connect failed, while polling. */
  failure?: PushFailure;
}

/**
 * The state in a word, for the view's description (which must fit a sidebar at its default width
 * and has no hover of its own): "Live" or "Polling".
 */
export function liveWord(live: LiveState): string {
  return live.mode === 'live' ? vscode.l10n.t('Live') : vscode.l10n.t('Polling');
}

/** The whole of it, for a hover: what the word means, why the channel is down and when it is tried again. */
export function liveDetail(live: LiveState): string {
  if (live.mode === 'live') return vscode.l10n.t('Live: new notifications arrive as they happen.');
  const f = live.failure;
  const why = !f ? '' : f.kind === 'auth' || f.kind === 'refused' ? `HTTP ${f.status}` : f.message;
  const at = live.retryAt && new Date(live.retryAt).toLocaleTimeString(vscode.env.language, { timeStyle: 'medium' });
  const polling = why
    ? vscode.l10n.t('Polling: the push channel is down ({0}).', why)
    : vscode.l10n.t('Polling: the push channel is not connected.');
  return at ? `${polling} ${vscode.l10n.t('It tries again at {0}.', at)}` : polling;
}
