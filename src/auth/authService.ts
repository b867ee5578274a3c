/**
 * The signed-in session of this window: SecretStorage as the only store, an AuthenticationProvider
 * so the Accounts menu shows it, and the URI handler's door for sign-in answers. Signing in itself
 * (the OAuth and access-token sign-ins) is signInUi.ts, loaded with the first sign-in.
 */
import * as vscode from 'vscode';
import { localized } from '../localize';
import type { ContentSiteClient } from '../api';
import { COMMANDS, CONTEXT_KEYS } from '../ids';
import { report } from '../report';
import { Disposable } from '../models/disposable';
import { CALLBACK_PATH, NOT_PENDING } from './callback';
import { isExpired, parseSession, serializeSession, SESSION_SECRET_KEY, type StoredSession } from './sessionRecord';
import type { SignInUi } from './signInUi';

export const AUTH_PROVIDER_ID = 'contentSite';

export interface AuthDeps {
  log: vscode.LogOutputChannel;
  createClient: (token?: string) => ContentSiteClient;
}

export class AuthService extends Disposable implements vscode.AuthenticationProvider, vscode.Disposable {
  private session: StoredSession | undefined;
  /** Signing in (a chunk of its own), once a sign-in was started. */
  private ui: SignInUi | undefined;
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
    this.register({ dispose: () => this.ui?.cancel() });
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
    this.ui?.cancel();
    await this.store(undefined);
    this.deps.log.info('Signed out.');
  }

  /** The URI handler's entry: only this path, only while a sign-in is pending. True: taken up. */
  handleUri(uri: vscode.Uri): boolean {
    if (uri.path !== CALLBACK_PATH) {
      this.deps.log.warn(`Ignored a link to ${uri.path}: not a sign-in answer.`);
      void report.warn(vscode.l10n.t('Content Site ignored a link it does not handle.'));
      return false;
    }
    // No sign-in part loaded: no sign-in was started, so none is pending.
    if (!this.ui?.isPending) {
      this.deps.log.warn(`Sign-in answer refused: ${NOT_PENDING}`);
      void report.warn(localized(NOT_PENDING));
      return false;
    }
    this.ui.answer(uri);
    return true;
  }

  /** OAuth implicit grant through the browser; resolves when the callback is confirmed. */
  async signIn(): Promise<StoredSession | undefined> {
    return (await this.signInUi())?.signIn();
  }

  /** Prompts for a token (password box) unless one is given (the extension's API, used by tests). */
  async signInWithToken(given?: string): Promise<StoredSession | undefined> {
    return (await this.signInUi())?.signInWithToken(given);
  }

  /** The sign-in part, loaded with the first sign-in; undefined (and told) when it cannot load. */
  private async signInUi(): Promise<SignInUi | undefined> {
    try {
      const { SignInUi } = await import('./signInUi');
      return (this.ui ??= new SignInUi({
        extensionId: this.context.extension.id,
        log: this.deps.log,
        createClient: this.deps.createClient,
        store: (session) => this.store(session),
      }));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.deps.log.error(`Sign-in could not start: ${message}`);
      void report.error(vscode.l10n.t('Sign-in could not start: {0}', message));
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
