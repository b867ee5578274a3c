import * as vscode from 'vscode';
import { AUTH_PROVIDER_ID, AuthService, type AuthDeps } from './authService';

export type { StoredSession } from './sessionRecord';
export { AuthService } from './authService';

/** Registers the authentication provider and the URI handler; returns the session service. */
export async function registerAuth(context: vscode.ExtensionContext, deps: AuthDeps): Promise<AuthService> {
  const auth = new AuthService(context, deps);
  context.subscriptions.push(
    auth,
    vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, 'WordPress.com', auth, { supportsMultipleAccounts: false }),
    vscode.window.registerUriHandler({ handleUri: (uri) => void auth.handleUri(uri) }),
  );
  await auth.reload();
  await vscode.commands.executeCommand('setContext', 'contentSite.signedIn', auth.current() !== undefined);
  return auth;
}
