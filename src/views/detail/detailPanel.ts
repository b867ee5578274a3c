import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { loadRemoteImages } from '../../config';
import { loadRender } from '../../lazy/loadRender';

export const DETAIL_VIEW_TYPE = 'contentSite.detail';

interface Shown {
  title: string;
  body: string;
  /** Remote images on for this item: the setting, or the user pressed "Load images". */
  remoteImages: boolean;
  /** The token the latest render put in the page; messages without it are ignored. */
  token: string;
}

/**
 * One reused webview panel for a note or a post. Scripts are allowed only with a fresh nonce
 * per render, local resources only from media/, remote images only once asked for, and links
 * reach the browser only through the extension, only over http(s).
 */
export class DetailPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private shown: Shown | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly openExternal: (url: string) => void,
  ) {}

  async show(title: string, body: string): Promise<void> {
    const media = vscode.Uri.joinPath(this.extensionUri, 'media');
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel(DETAIL_VIEW_TYPE, title, { viewColumn: vscode.ViewColumn.Active, preserveFocus: true }, { enableScripts: true, localResourceRoots: [media], enableFindWidget: true });
      this.panel.onDidDispose(
        () => {
          this.panel = undefined;
          this.shown = undefined;
        },
        undefined,
        this.disposables,
      );
      this.panel.webview.onDidReceiveMessage((m: unknown) => void this.onMessage(m), undefined, this.disposables);
    }
    this.shown = { title, body, remoteImages: loadRemoteImages(), token: '' };
    await this.render();
    this.panel.reveal(undefined, true);
  }

  private async onMessage(message: unknown): Promise<void> {
    const { readPanelMessage } = await import('../../render/panelMessage');
    const m = this.shown ? readPanelMessage(message, this.shown.token) : undefined;
    if (m?.type === 'open') this.openExternal(m.href);
    if (m?.type === 'loadImages' && this.shown && !this.shown.remoteImages) {
      this.shown.remoteImages = true;
      await this.render();
    }
  }

  /** Renders the shown item again, with a fresh nonce and token. */
  private async render(): Promise<void> {
    const { makeNonce, page } = await loadRender();
    if (!this.panel || !this.shown) return;
    const webview = this.panel.webview;
    const media = vscode.Uri.joinPath(this.extensionUri, 'media');
    this.shown.token = makeNonce(randomBytes);
    this.panel.title = this.shown.title;
    webview.html = page({ ...this.shown, nonce: makeNonce(randomBytes), cspSource: webview.cspSource, styleUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'detail.css')).toString() });
  }

  get visible(): boolean {
    return this.panel !== undefined;
  }

  dispose(): void {
    this.panel?.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
