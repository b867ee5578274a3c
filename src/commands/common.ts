/** What every command group may use: the sign-in check, web pages opened safely (failures are told by src/report.ts). */
import * as vscode from 'vscode';
import type { AuthService } from '../auth';
import { COMMANDS } from '../ids';
import { report } from '../report';

/** What the commands ask of the sign-in: who is signed in, and signing out when the service refuses the token. */
export type CommandAuth = Pick<AuthService, 'current' | 'handleUnauthorized'>;

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
  void report.warn(
    url
      ? vscode.l10n.t('The site gave no web address for {0} that can be opened (it gave “{1}”).', subject, url)
      : vscode.l10n.t('The site gave no web address for {0}.', subject),
  );
}

/** True when signed in; otherwise says so, with a Sign In button, and nothing is asked of the service. */
export function requireSignIn(deps: { auth: Pick<CommandAuth, 'current'> }): boolean {
  if (deps.auth.current()) return true;
  const signIn = vscode.l10n.t('Sign In');
  void report.info(vscode.l10n.t('Sign in to Content Site first.'), signIn).then((pick) => {
    if (pick === signIn) void vscode.commands.executeCommand(COMMANDS.signIn);
  });
  return false;
}
