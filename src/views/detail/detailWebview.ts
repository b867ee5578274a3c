import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { loadRemoteImages } from '../../config';
import type { Notification } from '../../api';
import { Disposable, disposeAll } from '../../models/disposable';
import type { NoteDeps, NoteSession } from '../../render/noteSession';
import type { ReaderPost } from '../../models/readerActionCatalog';
import type { ReaderPostDeps, ReaderPostSession } from '../../render/readerPostSession';
import { PANELS } from '../../ids';

interface Shown {
  title: string;
  body: string;
  /** Remote images on for this item: the setting, or the user pressed "Load images". */
  remoteImages: boolean;
  /** The token the latest render put in the page; messages without it are ignored. */
  token: string;
}

/** Who is signed in, and when that changes (the AuthService's). */
export interface DetailSession {
  current(): { user: { ID: number } } | undefined;
  onDidChangeSession: vscode.Event<{ user: { ID: number } } | undefined>;
}

/**
 * One reused webview panel for a note or a post, made when the first opens (its renderer, and the
 * sessions of a note and a Reader post, are imported then). Scripts are allowed only with a fresh nonce
 * per render, local resources only from media/, remote images only once asked for, and links
 * reach the browser only through the extension, only over http(s). A note brings its actions,
 * reply box and previous/next, and follows the model live (see NoteSession).
 */
export class DetailWebview extends Disposable implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private shown: Shown | undefined;
  private note: { session: NoteSession; when: (note: Notification) => string } | undefined;
  private readerPost: { session: ReaderPostSession; when: (date: string | undefined) => string; focus?: string } | undefined;
  /** Counts the requests to comment (`r`): each is a token the page puts the focus in its box for once. */
  private commentRequests = 0;

  /** The user whose note, post or conversation the panel shows (undefined: nothing shown). */
  private shownFor: number | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly openExternal: (url: string) => void,
    private readonly session: DetailSession,
  ) {
    super();
    // What one session showed (a pending comment's conversation, a note) must not stay on screen for the next user.
    this.register(session.onDidChangeSession((s) => s?.user.ID !== this.shownFor && this.close()));
  }

  /** Whether someone is signed in, whom what is shown next belongs to (an answer that arrives after a sign-out shows nothing). */
  private signedIn(): boolean {
    this.shownFor = this.session.current()?.user.ID;
    return this.shownFor !== undefined;
  }

  private async open(title: string, body: string): Promise<void> {
    const media = vscode.Uri.joinPath(this.extensionUri, 'media');
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel(
        PANELS.detail,
        title,
        { viewColumn: vscode.ViewColumn.Active, preserveFocus: true },
        { enableScripts: true, localResourceRoots: [media], enableFindWidget: true },
      );
      this.register(
        this.panel.onDidDispose(() => {
          this.panel = undefined;
          this.shown = undefined;
          this.endNote();
        }),
      );
      this.register(this.panel.webview.onDidReceiveMessage((m: unknown) => void this.onMessage(m)));
      // A hidden webview drops the state messages: a page shown again is rendered from the model.
      let wasVisible = true;
      this.register(
        this.panel.onDidChangeViewState((e) => {
          if (e.webviewPanel.visible && !wasVisible && (this.note || this.readerPost)) void this.render();
          wasVisible = e.webviewPanel.visible;
        }),
      );
    }
    this.shown = { title, body, remoteImages: loadRemoteImages(), token: '' };
    await this.render();
    this.panel?.reveal(undefined, true);
  }

  /** A post (or anything without actions). */
  async show(title: string, body: string): Promise<void> {
    if (!this.signedIn()) return;
    this.endNote();
    await this.open(title, body);
  }

  /** A note with its actions, its reply box and previous/next, following the model live. */
  async showNote(note: Notification, deps: NoteDeps, title: string, when: (note: Notification) => string): Promise<void> {
    if (!this.signedIn()) return;
    this.endNote();
    const { NoteSession } = await import('../../render/index');
    this.endNote();
    const session = new NoteSession(note, deps, { post: (m) => void this.panel?.webview.postMessage(m), render: () => void this.render() });
    this.note = { session, when };
    await this.open(title, '');
  }

  /**
   * A Reader post with its actions (the row's commands), its conversation and the comment box,
   * following the post live (see ReaderPostSession); its conversation's first page loads once shown.
   */
  async showReaderPost(
    post: ReaderPost,
    deps: ReaderPostDeps,
    title: string,
    when: (date: string | undefined) => string,
    focus?: 'comment',
  ): Promise<void> {
    if (!this.signedIn()) return;
    this.endNote();
    const { ReaderPostSession } = await import('../../render/index');
    this.endNote();
    const session = new ReaderPostSession(post, deps, {
      post: (m) => void this.panel?.webview.postMessage(m),
      render: () => void this.render(),
    });
    this.readerPost = { session, when, focus: focus ? `c${++this.commentRequests}` : undefined };
    await this.open(title, '');
    // To comment, the page takes the keyboard (a post only shown leaves it where it was).
    if (focus) this.panel?.reveal(undefined, false);
    await session.start();
  }

  /** Closes the panel, and the note it showed with it (the next show opens a new one). */
  close(): void {
    this.shownFor = undefined;
    this.endNote();
    this.panel?.dispose();
  }

  /** Ends the shown note's or Reader post's session. */
  private endNote(): void {
    this.note?.session.dispose();
    this.note = undefined;
    this.readerPost?.session.dispose();
    this.readerPost = undefined;
  }

  private async onMessage(message: unknown): Promise<void> {
    const { readPanelMessage } = await import('../../render/index');
    if (this.note && (await this.note.session.handle(message))) return;
    if (this.readerPost && (await this.readerPost.session.handle(message))) return;
    const m = this.shown ? readPanelMessage(message, this.shown.token) : undefined;
    if (m?.type === 'open') this.openExternal(m.href);
    if (m?.type === 'loadImages' && this.shown && !this.shown.remoteImages) {
      this.shown.remoteImages = true;
      await this.render();
    }
  }

  /** Renders the shown item again (a note from the model as it is now), with a fresh nonce and token. */
  private async render(): Promise<void> {
    const { makeNonce, noteParts, page, readerPostParts } = await import('../../render/index');
    if (!this.panel || !this.shown) return;
    const webview = this.panel.webview;
    const media = vscode.Uri.joinPath(this.extensionUri, 'media');
    const uri = (file: string) => webview.asWebviewUri(vscode.Uri.joinPath(media, file)).toString();
    this.shown.token = makeNonce(randomBytes);
    let parts: { before?: string; after?: string } = {};
    if (this.note) {
      const { session, when } = this.note;
      session.token = this.shown.token;
      const note = noteParts(session.note, when(session.note), session.view());
      this.shown.body = note.body;
      parts = { before: note.chrome, after: note.reply };
    }
    let script = 'detail.js';
    if (this.readerPost) {
      const { session, when } = this.readerPost;
      session.token = this.shown.token;
      const p = session.post;
      // `r` on the row: the page puts the focus in the comment box once per request (whichever render loads first).
      const view = readerPostParts(p, when(p.date), { ...session.view(when, this.shown.remoteImages), focus: this.readerPost.focus });
      this.shown.body = view.body;
      parts = { before: view.chrome, after: view.after };
      script = 'detailPost.js';
    }
    this.panel.title = this.shown.title;
    webview.html = page({
      ...this.shown,
      ...parts,
      nonce: makeNonce(randomBytes),
      cspSource: webview.cspSource,
      styleUri: uri('detail.css'),
      scriptUris: [uri('detailMentions.js'), uri(script)],
    });
  }

  /**
   * The shown note's session and the panel go first (so the panel's onDidDispose is still heard),
   * then the panels' subscriptions, each even when one before it throws.
   */
  override dispose(): void {
    disposeAll([{ dispose: () => this.endNote() }, { dispose: () => this.panel?.dispose() }, { dispose: () => super.dispose() }]);
  }
}
