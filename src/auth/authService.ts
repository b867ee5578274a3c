/**
 * The signed-in session of this window: SecretStorage as the only store, an AuthenticationProvider
 * so the Accounts menu shows it, the OAuth sign-in and the access-token sign-in.
 */
import * as vscode from 'vscode';
import { localized } from '../localize';
import type { ContentSiteClient } from '../api';
import { oauthSettings, type OAuthSettings } from '../config';
import { COMMANDS, CONTEXT_KEYS } from '../ids';
import { report } from '../report';
import { Disposable } from '../models/disposable';
import { SETTINGS } from '../settings';
import { buildAuthorizeUrl } from './authorizeUrl';
import { parseCallback } from './callback';
import { confirmToken, SignInError } from './confirmToken';
import { loadLoopback } from './lazy/loadLoopback';
import { isExpired, parseSession, serializeSession, SESSION_SECRET_KEY, type StoredSession } from './sessionRecord';
import { NOT_PENDING, SignInFlow, type Pending } from './signInFlow';

export const AUTH_PROVIDER_ID = 'contentSite';
export const CALLBACK_PATH = '/auth';

export interface AuthDeps {
  log: vscode.LogOutputChannel;
  createClient: (token?: string) => ContentSiteClient;
}

export class AuthService extends Disposable implements vscode.AuthenticationProvider, vscode.Disposable {
  private session: StoredSession | undefined;
  /** The client ID of the sign-in in progress: its answer must be a token of that application. */
  private signInClientId = '';
  private readonly flow = new SignInFlow({
    verify: ({ token, expiresIn }) => confirmToken(this.deps.createClient, token, { clientId: this.signInClientId, expiresIn }),
    confirmAccount: (session) => this.confirmAccount(session),
  });
  private promptedForExpiry = false;
  private readonly sessionChanged = new vscode.EventEmitter<StoredSession | undefined>();
  readonly onDidChangeSession = this.sessionChanged.event;
  private readonly providerChanged = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.providerChanged.event;
  /** Bumped by every local change, so a slower read of the secret never undoes it. */
  private generation = 0;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly deps: AuthDeps,
  ) {
    super();
    this.registerAll([
      this.sessionChanged,
      this.providerChanged,
      context.secrets.onDidChange((e) => {
        if (e.key === SESSION_SECRET_KEY) void this.reload().catch((err: unknown) => this.unreadable(err));
      }),
    ]);
    // Disposed of first (the newest), as before: a sign-in in progress is cancelled before the rest goes.
    this.register({ dispose: () => this.flow.cancel() });
  }

  private started: Promise<void> | undefined;

  /**
   * Reads the stored record at start without holding activation up (SecretStorage is a round trip
   * to the editor); `ready` resolves when it has been read. A record that cannot be read (no system
   * keyring) leaves the window signed out, with a line in the log.
   */
  start(): Promise<void> {
    this.started ??= this.reload().then(
      () => void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.signedIn, this.session !== undefined),
      (err: unknown) => this.unreadable(err),
    );
    return this.started;
  }

  private unreadable(err: unknown): void {
    this.deps.log.warn(`Could not read the stored sign-in: ${err instanceof Error ? err.message : String(err)}`);
  }

  /** Resolves once the stored session has been read at start (at once if start was never called). */
  get ready(): Promise<void> {
    return this.started ?? Promise.resolve();
  }

  /** Reads the stored record; another window's sign-in or sign-out arrives the same way. */
  async reload(): Promise<void> {
    const generation = this.generation;
    const next = parseSession(await this.context.secrets.get(SESSION_SECRET_KEY));
    // A sign-in or sign-out in this window while reading wins: its own change event follows.
    if (generation !== this.generation) return;
    const before = this.session;
    this.session = next;
    if (before?.token !== next?.token) {
      if (next) this.promptedForExpiry = false;
      this.announce(before, next);
    }
  }

  current(): StoredSession | undefined {
    return this.session;
  }

  async getToken(): Promise<string | undefined> {
    await this.ready;
    const s = this.session;
    if (!s) return undefined;
    if (isExpired(s)) {
      await this.expire(vscode.l10n.t('Your Content Site sign-in has expired.'));
      return undefined;
    }
    return s.token;
  }

  /**
   * A 401 from any call: sign out once, one message with Sign In, never a loop. Never rejects: its
   * callers fire and forget it (a list's change, the push channel, a command's error report), so a
   * SecretStorage failure is logged here.
   */
  async handleUnauthorized(): Promise<void> {
    if (!this.session) return;
    try {
      await this.expire(vscode.l10n.t('The service no longer accepts your sign-in (it expired or was revoked).'));
    } catch (err) {
      this.deps.log.warn(`Could not remove the stored sign-in: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private async expire(message: string): Promise<void> {
    await this.store(undefined);
    if (this.promptedForExpiry) return;
    this.promptedForExpiry = true;
    const signIn = vscode.l10n.t('Sign In');
    void report.warn(message, signIn).then((pick) => {
      if (pick === signIn) void vscode.commands.executeCommand(COMMANDS.signIn);
    });
  }

  async signOut(): Promise<void> {
    this.flow.cancel();
    await this.store(undefined);
    this.deps.log.info('Signed out.');
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
      this.deps.log.warn(`Sign-in could not start: ${message}`);
      void report.error(message);
      return undefined;
    }
    this.deps.log.info(
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
          await this.store(session);
          this.deps.log.info(`Signed in as ${session.user.login}.`);
          void report.info(vscode.l10n.t('Signed in to WordPress.com as {0}.', session.user.display_name));
          return session;
        } catch (err) {
          const message = err instanceof SignInError ? localized(err.userMessage) : String(err);
          this.deps.log.warn(`Sign-in failed: ${message}`);
          void report.error(message);
          return undefined;
        }
      },
    );
  }

  /** Where the browser brings the answer: a one-shot 127.0.0.1 server, or this editor's URI handler. */
  private async redirectUri(oauth: OAuthSettings, pending: Pending): Promise<string> {
    if (oauth.redirect === 'loopback') {
      const { startLoopbackServer } = await loadLoopback();
      const server = await startLoopbackServer({
        port: oauth.loopbackPort,
        onAnswer: (callback) => this.flow.handle(callback),
        until: pending.result,
        log: (m) => this.deps.log.info(m),
      });
      return server.redirectUri;
    }
    const callback = vscode.Uri.parse(`${vscode.env.uriScheme}://${this.context.extension.id}${CALLBACK_PATH}`);
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

  /** The URI handler's entry: only this path, only while a sign-in is pending. True: taken up. */
  handleUri(uri: vscode.Uri): boolean {
    if (uri.path !== CALLBACK_PATH) {
      this.deps.log.warn(`Ignored a link to ${uri.path}: not a sign-in answer.`);
      void report.warn(vscode.l10n.t('Content Site ignored a link it does not handle.'));
      return false;
    }
    if (!this.flow.isPending) {
      this.deps.log.warn(`Sign-in answer refused: ${NOT_PENDING}`);
      void report.warn(localized(NOT_PENDING));
      return false;
    }
    void this.flow.handle(parseCallback(uri.query, uri.fragment)).then((verdict) => {
      if (!verdict.accepted) this.deps.log.warn(`Sign-in answer refused: ${verdict.reason}`);
    });
    return true;
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
        () => confirmToken(this.deps.createClient, token.trim(), {}),
      );
      await this.store(session);
      this.deps.log.info(`Signed in with an access token as ${session.user.login}.`);
      void report.info(vscode.l10n.t('Signed in to WordPress.com as {0}.', session.user.display_name));
      return session;
    } catch (err) {
      const message = err instanceof SignInError ? localized(err.userMessage) : String(err);
      this.deps.log.warn(`Access-token sign-in failed: ${message}`);
      void report.error(message);
      return undefined;
    }
  }

  private async store(next: StoredSession | undefined): Promise<void> {
    this.generation++;
    const before = this.session;
    this.session = next;
    if (next) await this.context.secrets.store(SESSION_SECRET_KEY, serializeSession(next));
    else await this.context.secrets.delete(SESSION_SECRET_KEY);
    if (before?.token !== next?.token) this.announce(before, next);
  }

  private announce(before: StoredSession | undefined, next: StoredSession | undefined): void {
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.signedIn, next !== undefined);
    this.sessionChanged.fire(next);
    this.providerChanged.fire({
      added: next ? [toAuthSession(next)] : [],
      removed: before ? [toAuthSession(before)] : [],
      changed: [],
    });
  }

  // AuthenticationProvider: the Accounts menu.
  async getSessions(): Promise<vscode.AuthenticationSession[]> {
    await this.ready;
    return this.session ? [toAuthSession(this.session)] : [];
  }

  async createSession(): Promise<vscode.AuthenticationSession> {
    const session = (await this.signIn()) ?? this.session;
    if (!session) throw new Error(vscode.l10n.t('Sign-in did not complete.'));
    return toAuthSession(session);
  }

  async removeSession(): Promise<void> {
    await this.signOut();
  }
}

function toAuthSession(s: StoredSession): vscode.AuthenticationSession {
  return {
    id: String(s.user.ID),
    accessToken: s.token,
    account: { id: String(s.user.ID), label: s.user.display_name },
    scopes: ['global'],
  };
}
