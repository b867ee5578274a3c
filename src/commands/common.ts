/** What every command group may use: failures told one way, the sign-in check, web pages opened safely. */
import * as vscode from 'vscode';
import { localized } from '../localize';
import { ContentSiteError } from '../api';
import type { AuthService } from '../auth';
import { errorDetail } from '../views/common/messageNode';
import { COMMANDS } from '../ids';

/** What the commands ask of the sign-in: who is signed in, and signing out when the service refuses the token. */
export type CommandAuth = Pick<AuthService, 'current' | 'handleUnauthorized'>;

/** One way to tell the user about a failure: auth failures sign out once, the rest get a sentence. */
export async function reportError(
  deps: { log: Pick<vscode.LogOutputChannel, 'error'>; auth: Pick<CommandAuth, 'handleUnauthorized'> },
  err: unknown,
  what: string,
): Promise<void> {
  if (err instanceof ContentSiteError) {
    const detail = errorDetail(err);
    deps.log.error(`${what}: ${err.kind}${detail ? ` ${detail}` : ''}`);
    if (err.kind === 'auth') {
      await deps.auth.handleUnauthorized();
      return;
    }
    void vscode.window.showErrorMessage(localized(err.userMessage));
    return;
  }
  deps.log.error(`${what}: ${String(err)}`);
  void vscode.window.showErrorMessage(vscode.l10n.t('{0} failed: {1}', what, err instanceof Error ? err.message : String(err)));
}

/** Opens a web page; anything but http(s) is refused. */
export function openExternal(url: string | undefined): void {
  if (url && /^https?:\/\//i.test(url)) void vscode.env.openExternal(vscode.Uri.parse(url, true));
}

/** True when signed in; otherwise says so, with a Sign In button, and nothing is asked of the service. */
export function requireSignIn(deps: { auth: Pick<CommandAuth, 'current'> }): boolean {
  if (deps.auth.current()) return true;
  const signIn = vscode.l10n.t('Sign In');
  void vscode.window.showInformationMessage(vscode.l10n.t('Sign in to Content Site first.'), signIn).then((pick) => {
    if (pick === signIn) void vscode.commands.executeCommand(COMMANDS.signIn);
  });
  return false;
}
