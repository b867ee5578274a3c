/**
 * The detail view as the rest of the extension knows it: a note or a post in one reused webview
 * panel. The panel itself (DetailWebview, detailWebview.ts) loads with the first one shown, from
 * dist/detail.js; until then nothing is shown and no note is open. What it shows belongs to the
 * session that showed it: signing out, or in as someone else, closes it (DetailWebview).
 */
import type * as vscode from 'vscode';
import type { Notification } from '../../api';
import type { NoteDeps } from '../../render/noteSession';
import type { ReaderPost } from '../../models/readerActionCatalog';
import type { ReaderPostDeps } from '../../render/readerPostSession';
import type { DetailSession, DetailWebview } from './detailWebview';
import { loadDetail } from './lazy/loadDetail';

export class DetailPanel implements vscode.Disposable {
  private webview: DetailWebview | undefined;
  private disposed = false;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly openExternal: (url: string) => void,
    private readonly session: DetailSession,
  ) {}

  /** The panel, loaded and made on first use; undefined once disposed of. */
  private async panel(): Promise<DetailWebview | undefined> {
    const { DetailWebview } = await loadDetail();
    if (this.disposed) return undefined;
    return (this.webview ??= new DetailWebview(this.extensionUri, this.openExternal, this.session));
  }

  /** A post (or anything without actions). */
  async show(title: string, body: string): Promise<void> {
    await (await this.panel())?.show(title, body);
  }

  /** A note with its actions, its reply box and previous/next, following the model live. */
  async showNote(note: Notification, deps: NoteDeps, title: string, when: (note: Notification) => string): Promise<void> {
    await (await this.panel())?.showNote(note, deps, title, when);
  }

  /** A Reader post with its actions, its conversation and the comment box, following the post live. */
  async showReaderPost(
    post: ReaderPost,
    deps: ReaderPostDeps,
    title: string,
    when: (date: string | undefined) => string,
    focus?: 'comment',
  ): Promise<void> {
    await (await this.panel())?.showReaderPost(post, deps, title, when, focus);
  }

  dispose(): void {
    this.disposed = true;
    this.webview?.dispose();
  }
}
