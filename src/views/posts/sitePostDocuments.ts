import * as vscode from 'vscode';
import type { PostV11 } from '../../api';
import { SCHEMES } from '../../ids';

/**
 * The site's version of a post, as a read-only document beside the writer's file in a diff
 * (`content-site-post:` URIs): what the publish fetched when it met the conflict, and the revisions
 * Show Revisions shows (each under its own path).
 */
export class SitePostDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registration: vscode.Disposable;

  private readonly scheme = SCHEMES.sitePost;

  constructor() {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(this.scheme, this);
  }

  /** Keeps the site's text of `post` and answers the URI that shows it. */
  show(site: string, post: PostV11, text: string): vscode.Uri {
    const name = `${(post.slug || `post-${post.ID}`).replace(/[^A-Za-z0-9._-]+/g, '-')}.md`;
    const uri = vscode.Uri.from({
      scheme: this.scheme,
      path: `/${site}/${post.ID}/${name}`,
      query: `modified=${post.modified ?? ''}`,
    });
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
    return uri;
  }

  /** Keeps a text about a post (`label` names it, e.g. `site-now.html`) and answers the URI that shows it. */
  showText(site: string, id: number, label: string, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: this.scheme, path: `/${site}/${id}/${label}`, query: `at=${Date.now()}` });
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
    this.texts.clear();
  }
}
