import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { loadRender } from '../../lazy/loadRender';

export const DETAIL_VIEW_TYPE = 'contentSite.detail';

/**
 * One reused webview panel for a note or a post. Scripts are allowed only with a fresh nonce
 * per render, local resources only from media/, and links reach the browser only through the
 * extension, only over http(s).
 */
export class DetailPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly openExternal: (url: string) => void,
  ) {}

  async show(title: string, body: string): Promise<void> {
    const { makeNonce, page } = await loadRender();
    const media = vscode.Uri.joinPath(this.extensionUri, 'media');
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel(DETAIL_VIEW_TYPE, title, { viewColumn: vscode.ViewColumn.Active, preserveFocus: true }, { enableScripts: true, localResourceRoots: [media], enableFindWidget: true });
      this.panel.onDidDispose(() => (this.panel = undefined), undefined, this.disposables);
      this.panel.webview.onDidReceiveMessage(
        (m: unknown) => {
          const href = typeof m === 'object' && m !== null && (m as { type?: unknown }).type === 'open' ? (m as { href?: unknown }).href : undefined;
          if (typeof href === 'string' && /^https?:\/\//i.test(href)) this.openExternal(href);
        },
        undefined,
        this.disposables,
      );
    }
    const webview = this.panel.webview;
    this.panel.title = title;
    webview.html = page({ title, body, nonce: makeNonce(randomBytes), cspSource: webview.cspSource, styleUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'detail.css')).toString() });
    this.panel.reveal(undefined, true);
  }

  get visible(): boolean {
    return this.panel !== undefined;
  }

  dispose(): void {
    this.panel?.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
