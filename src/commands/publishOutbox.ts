/**
 * Where a post file's Publish that could not reach the service goes to wait: the outbox of the site
 * folder that holds the file. The post-file commands ask (`queue`); the site folders' feature answers
 * (`serve`), loading the site folders first when they are not yet.
 */
import type * as vscode from 'vscode';

export class PublishOutbox {
  private handler: ((uri: vscode.Uri) => Promise<boolean>) | undefined;

  /** Answers the queue requests from now on (one answerer: the site folders' feature). */
  serve(handler: (uri: vscode.Uri) => Promise<boolean>): { dispose(): void } {
    this.handler = handler;
    return { dispose: () => this.handler === handler && (this.handler = undefined) };
  }

  /** True when the file waits in its site folder's outbox; false when it is in none (its Publish then says the failure). */
  queue(uri: vscode.Uri): Promise<boolean> {
    return this.handler ? this.handler(uri) : Promise.resolve(false);
  }
}
