import * as vscode from 'vscode';
import { SCHEMES } from '../../ids';

/** What a side of a post file is read from: its text as last synced, or the site's version now (as a post file). */
export interface FolderTexts {
  synced(site: string, id: number): Promise<string | undefined>;
  site(site: string, id: number, file: vscode.Uri): Promise<string>;
}

/**
 * The read-only sides of a site folder's diffs (`content-site-synced:` URIs): a post file as it was
 * last pulled or published (the quick diff's original, and the left of Changed Here), and the site's
 * version of it now (the right of Changed on the Site). The site's side is read when it is opened.
 */
export class FolderDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(SCHEMES.synced, this);

  constructor(private readonly texts: FolderTexts) {}

  /** The file as last synced. */
  synced(file: vscode.Uri, site: string, id: number): vscode.Uri {
    return this.uri(file, 'synced', site, id);
  }

  /** The site's version of the file's post, read when shown. */
  site(file: vscode.Uri, site: string, id: number): vscode.Uri {
    return this.uri(file, 'site', site, id).with({ fragment: String(Date.now()) });
  }

  /** Shown again: the quick diff reads the new last-synced text after a pull or a publish. */
  refresh(file: vscode.Uri, site: string, id: number): void {
    this.changed.fire(this.synced(file, site, id));
  }

  private uri(file: vscode.Uri, side: 'synced' | 'site', site: string, id: number): vscode.Uri {
    return vscode.Uri.from({
      scheme: SCHEMES.synced,
      path: file.path,
      query: new URLSearchParams({ side, site, id: String(id) }).toString(),
    });
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const q = new URLSearchParams(uri.query);
    const site = q.get('site') ?? '';
    const id = Number(q.get('id'));
    if (q.get('side') === 'site') return this.texts.site(site, id, vscode.Uri.file(uri.path));
    return (await this.texts.synced(site, id)) ?? '';
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
  }
}
