/** What every command group may use: failures told one way, the sign-in check, web pages opened safely. */
import * as vscode from 'vscode';
import { localized } from '../localize';
import { ContentSiteError } from '../api/errors';
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

/**
 * Opens a web page. Anything but an http(s) address is refused with a message that says so; `what`
 * names what the page is of ("“Title”") for that message.
 */
export function openExternal(url: string | undefined, what?: string): void {
  let page: URL | undefined;
  try {
    page = url ? new URL(url) : undefined;
  } catch {
    page = undefined;
  }
  if (page && (page.protocol === 'https:' || page.protocol === 'http:')) {
    void vscode.env.openExternal(vscode.Uri.parse(page.toString(), true));
    return;
  }
  const subject = what ?? vscode.l10n.t('this item');
  void vscode.window.showWarningMessage(
    url
      ? vscode.l10n.t('The site gave no web address for {0} that can be opened (it gave “{1}”).', subject, url)
      : vscode.l10n.t('The site gave no web address for {0}.', subject),
  );
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
