/** The service's client as the settings give its address, for every feature. */
import type * as vscode from 'vscode';
import { ContentSiteClient } from '../api';
import type { TokenSource } from '../api/request';
import { apiBaseUrl, onDidChangeSetting } from '../config';
import { Emitter } from '../models/emitter';
import { Disposable } from '../models/disposable';
import { SETTINGS } from '../settings';

/** Makes a client of the configured address with `token`, logging each request (never its token). */
export function clientFactory(log: vscode.LogOutputChannel): (token?: TokenSource) => ContentSiteClient {
  return (token) =>
    new ContentSiteClient({
      baseUrl: apiBaseUrl(),
      token,
      onRequest: (e) => log.info(`${e.method} ${e.path} ${e.status ?? e.error ?? ''} ${e.ms} ms`),
      onSkipped: (e) => log.warn(`${e.request}: left out ${e.where} (ID ${e.id ?? '?'}): ${e.problem}`),
    });
}

/**
 * The signed-in client (its token read at each request). When the API address setting changes,
 * the old client's connections close and a new one takes its place; `onDidChange` fires after.
 */
export class ServiceClient extends Disposable {
  private client: ContentSiteClient;
  private readonly changed = this.register(new Emitter<void>());
  readonly onDidChange = this.changed.event;
  /** The client now; ask at each use. */
  readonly current = (): ContentSiteClient => this.client;

  constructor(make: (token: TokenSource) => ContentSiteClient, token: () => Promise<string | undefined>) {
    super();
    this.client = make(token);
    this.register(
      onDidChangeSetting(SETTINGS.apiBaseUrl, () => {
        void this.client.close();
        this.client = make(token);
        this.changed.fire();
      }),
    );
    this.register({ dispose: () => void this.client.close() });
  }
}
