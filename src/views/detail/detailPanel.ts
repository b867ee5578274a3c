/**
 * The detail view as the rest of the extension knows it: a note or a post in one reused webview
 * panel. The panel itself (DetailWebview, detailWebview.ts) loads with the first one shown, from
 * dist/detail.js; until then nothing is shown and no note is open. What it shows belongs to the
 * session that showed it: signing out, or in as someone else, closes it.
 */
import type * as vscode from 'vscode';
import type { Notification } from '../../api';
import { Disposable } from '../../models/disposable';
import type { NoteDeps } from '../../render/noteSession';
import type { DetailWebview } from './detailWebview';
import { loadDetail } from './lazy/loadDetail';

/** Who is signed in, and when that changes (the AuthService's). */
export interface DetailSession {
  current(): { user: { ID: number } } | undefined;
  onDidChangeSession: vscode.Event<{ user: { ID: number } } | undefined>;
}

export class DetailPanel extends Disposable implements vscode.Disposable {
  private webview: DetailWebview | undefined;
  /** The user the panel shows something of (undefined: nothing shown). */
  private shownFor: number | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly openExternal: (url: string) => void,
    private readonly session: DetailSession,
  ) {
    super();
    this.register({ dispose: () => this.webview?.dispose() });
    // A conversation, a note or a post of the user who left must not stay on screen for the next one.
    this.register(session.onDidChangeSession((s) => s?.user.ID !== this.shownFor && this.close()));
  }

  /** The panel, loaded and made on first use; undefined once disposed of or signed out (nothing is shown then). */
  private async panel(): Promise<DetailWebview | undefined> {
    const { DetailWebview } = await loadDetail();
    const user = this.session.current()?.user.ID;
    if (this.isDisposed || user === undefined) return undefined;
    this.shownFor = user;
    return (this.webview ??= new DetailWebview(this.extensionUri, this.openExternal));
  }

  /** A post (or anything without actions). */
  async show(title: string, body: string): Promise<void> {
    await (await this.panel())?.show(title, body);
  }

  /** A note with its actions, its reply box and previous/next, following the model live. */
  async showNote(note: Notification, deps: NoteDeps, title: string, when: (note: Notification) => string): Promise<void> {
    await (await this.panel())?.showNote(note, deps, title, when);
  }

  /** Closes the panel and forgets what it showed (the next show opens it again). */
  close(): void {
    this.shownFor = undefined;
    this.webview?.close();
  }
}
