/**
 * Signing in (in a chunk of its own, loaded with the first sign-in; AuthService keeps the session):
 * the OAuth implicit grant through the browser, with its answer from this editor's URI handler or
 * a one-shot 127.0.0.1 server, and the access-token sign-in. Only a token the service confirms is
 * handed to `store`.
 */
import * as vscode from 'vscode';
import { localized } from '../localize';
import type { ContentSiteClient } from '../api';
import { oauthSettings, type OAuthSettings } from '../config';
import { report } from '../report';
import { SETTINGS } from '../settings';
import { buildAuthorizeUrl } from './authorizeUrl';
import { CALLBACK_PATH, parseCallback } from './callback';
import { confirmToken, SignInError } from './confirmToken';
import type { StoredSession } from './sessionRecord';
import { SignInFlow, type Pending } from './signInFlow';

/** What signing in needs of the session's keeper. */
export interface SignInHost {
  /** For the URI handler's address (this extension's id). */
  extensionId: string;
  log: vscode.LogOutputChannel;
  createClient: (token?: string) => ContentSiteClient;
  /** Keeps a confirmed session (SecretStorage) and tells everyone. */
  store(session: StoredSession): Promise<void>;
}

export class SignInUi {
  /** The client ID of the sign-in in progress: its answer must be a token of that application. */
  private signInClientId = '';
  private readonly flow = new SignInFlow({
    verify: ({ token, expiresIn }) => confirmToken(this.host.createClient, token, { clientId: this.signInClientId, expiresIn }),
    confirmAccount: (session) => this.confirmAccount(session),
  });

  constructor(private readonly host: SignInHost) {}

  /** Whether a sign-in waits for its answer. */
  get isPending(): boolean {
    return this.flow.isPending;
  }

  /** Ends a sign-in in progress (sign-out, the extension stopping). */
  cancel(): void {
    this.flow.cancel();
  }

  /** OAuth implicit grant through the browser; resolves when the callback is confirmed. */
  async signIn(): Promise<StoredSession | undefined> {
    const oauth = oauthSettings();
    if (!oauth.clientId) {
      const withToken = vscode.l10n.t('Sign In with Access Token…');
      const pick = await report.info(
        vscode.l10n.t('No OAuth client ID is set (setting {0}). Sign in with an access token instead?', SETTINGS.clientId.id),
        withToken,
      );
      if (pick === withToken) return this.signInWithToken();
      return undefined;
    }
    this.signInClientId = oauth.clientId;
    const pending = this.flow.start();
    let authorize: string;
    try {
      authorize = buildAuthorizeUrl({
        authorizeUrl: oauth.authorizeUrl,
        clientId: oauth.clientId,
        redirectUri: await this.redirectUri(oauth, pending),
        state: pending.state,
      });
    } catch (err) {
      this.flow.cancel();
      const message = err instanceof SignInError ? localized(err.userMessage) : err instanceof Error ? err.message : String(err);
      this.host.log.warn(`Sign-in could not start: ${message}`);
      void report.error(message);
      return undefined;
    }
    this.host.log.info(
      `Sign-in: opening ${oauth.authorizeUrl} (client ${oauth.clientId}, ${oauth.redirect === 'loopback' ? 'loopback' : 'URI handler'} redirect).`,
    );
    return vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Signing in to WordPress.com… Approve in your browser.'),
        cancellable: true,
      },
      async (_progress, cancel) => {
        cancel.onCancellationRequested(() => this.flow.cancel());
        // A Uri would re-encode the query and turn the %26 inside redirect_uri into a bare "&"
        // (code-server's callback URL has several parameters); the extension host passes a string
        // through unchanged (ExtHostWindow.openUri), so hand it the exact URL.
        await vscode.env.openExternal(authorize as unknown as vscode.Uri);
        try {
          const session = await pending.result;
          await this.host.store(session);
          this.host.log.info(`Signed in as ${session.user.login}.`);
          void report.info(vscode.l10n.t('Signed in to WordPress.com as {0}.', session.user.display_name));
          return session;
        } catch (err) {
          const message = err instanceof SignInError ? localized(err.userMessage) : String(err);
          this.host.log.warn(`Sign-in failed: ${message}`);
          void report.error(message);
          return undefined;
        }
      },
    );
  }

  /** Where the browser brings the answer: a one-shot 127.0.0.1 server, or this editor's URI handler. */
  private async redirectUri(oauth: OAuthSettings, pending: Pending): Promise<string> {
    if (oauth.redirect === 'loopback') {
      const { startLoopbackServer } = await import('./loopbackServer');
      const server = await startLoopbackServer({
        port: oauth.loopbackPort,
        onAnswer: (callback) => this.flow.handle(callback),
        until: pending.result,
        log: (m) => this.host.log.info(m),
      });
      return server.redirectUri;
    }
    const callback = vscode.Uri.parse(`${vscode.env.uriScheme}://${this.host.extensionId}${CALLBACK_PATH}`);
    return oauth.redirectUri || (await vscode.env.asExternalUri(callback)).toString(true);
  }

  /** An answer without this window's state: the user names the account before it is stored. */
  private async confirmAccount(session: StoredSession): Promise<boolean> {
    const signIn = vscode.l10n.t('Sign In');
    const pick = await report.modal(
      vscode.l10n.t('Sign in as {0} ({1})?', session.user.display_name, session.user.login),
      {
        detail: vscode.l10n.t(
          'The sign-in answer did not carry the check this window sent, so it may come from a link someone else made. Sign in only if this is your account.',
        ),
      },
      signIn,
    );
    return pick === signIn;
  }

  /** The URI handler's sign-in answer, while a sign-in is pending. */
  answer(uri: vscode.Uri): void {
    void this.flow.handle(parseCallback(uri.query, uri.fragment)).then((verdict) => {
      if (!verdict.accepted) this.host.log.warn(`Sign-in answer refused: ${verdict.reason}`);
    });
  }

  /** Prompts for a token (password box) unless one is given (the extension's API, used by tests). */
  async signInWithToken(given?: string): Promise<StoredSession | undefined> {
    const token =
      given ??
      (await vscode.window.showInputBox({
        title: vscode.l10n.t('Sign In with Access Token'),
        prompt: vscode.l10n.t('Paste a WordPress.com OAuth access token. It is stored only in the secret storage.'),
        password: true,
        ignoreFocusOut: true,
        validateInput: (v) => (v.trim().length < 8 ? vscode.l10n.t('That is too short to be an access token.') : undefined),
      }));
    if (!token) return undefined;
    try {
      const session = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Checking the access token…') },
        () => confirmToken(this.host.createClient, token.trim(), {}),
      );
      await this.host.store(session);
      this.host.log.info(`Signed in with an access token as ${session.user.login}.`);
      void report.info(vscode.l10n.t('Signed in to WordPress.com as {0}.', session.user.display_name));
      return session;
    } catch (err) {
      const message = err instanceof SignInError ? localized(err.userMessage) : String(err);
      this.host.log.warn(`Access-token sign-in failed: ${message}`);
      void report.error(message);
      return undefined;
    }
  }
}
