import * as vscode from 'vscode';
import { AUTH_PROVIDER_ID, AuthService, type AuthDeps } from './authService';

export type { StoredSession } from './sessionRecord';
export { AuthService } from './authService';

/**
 * Registers the authentication provider and the URI handler; returns the session service at once,
 * while the stored session is read (`auth.ready` resolves when it is).
 */
export function registerAuth(context: vscode.ExtensionContext, deps: AuthDeps): AuthService {
  const auth = new AuthService(context, deps);
  context.subscriptions.push(
    auth,
    vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, 'WordPress.com', auth, { supportsMultipleAccounts: false }),
    vscode.window.registerUriHandler({ handleUri: (uri) => void auth.handleUri(uri) }),
  );
  void auth.start();
  return auth;
}

/** Whether someone is signed in, asked at each call. */
export function signedIn(auth: Pick<AuthService, 'current'>): () => boolean {
  return () => auth.current() !== undefined;
}
