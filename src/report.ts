/**
 * Every message the extension shows the user goes through here: a notification (`report.info`,
 * `report.warn`, `report.error`, each with its buttons and resolving to the one picked), a modal
 * dialog (`report.modal`), and a failure (`reportFailure`). ESLint (eslint.config.mjs) refuses
 * `vscode.window.show{Information,Warning,Error}Message` in any other file of src/.
 *
 * The sentences are made where they are said, with `vscode.l10n.t` and a literal (or `localized` for a
 * sentence of a plain layer), so `@vscode/l10n-dev export` finds them; this file only shows them.
 */
import * as vscode from 'vscode';
import { ContentSiteError } from './api/errors';
import { localized } from './localize';

/** A modal dialog's options: VS Code's, and a warning unless `info`. */
export interface ModalOptions {
  /** The smaller text under the message. */
  detail?: string;
  /** An information dialog (the default is a warning). */
  info?: boolean;
}

export const report = {
  /** A notification; resolves to the button picked, undefined when it was closed. */
  info<T extends string>(message: string, ...buttons: T[]): Thenable<T | undefined> {
    return vscode.window.showInformationMessage(message, ...buttons);
  },
  warn<T extends string>(message: string, ...buttons: T[]): Thenable<T | undefined> {
    return vscode.window.showWarningMessage(message, ...buttons);
  },
  error<T extends string>(message: string, ...buttons: T[]): Thenable<T | undefined> {
    return vscode.window.showErrorMessage(message, ...buttons);
  },
  /** A modal dialog (the editor adds Cancel); resolves to the button picked, undefined for Cancel. */
  modal<T extends string>(message: string, options: ModalOptions, ...buttons: T[]): Thenable<T | undefined> {
    const { info, ...rest } = options;
    const shown: vscode.MessageOptions = { ...rest, modal: true };
    return info
      ? vscode.window.showInformationMessage(message, shown, ...buttons)
      : vscode.window.showWarningMessage(message, shown, ...buttons);
  },
};

/** What the log keeps of an error: status, identifier or library code, the service's words. Never shown to people. */
function errorDetail(error: ContentSiteError): string {
  return [error.status, error.code, error.serviceMessage].filter((p) => p !== undefined && p !== '').join(' ');
}

/**
 * One way to tell the user about a failure of `what` (a command's name): always logged; a refused
 * sign-in signs out once (its own message, with Sign In), another failure of the service says its
 * sentence, anything else "{what} failed: {its message}".
 */
export async function reportFailure(
  deps: { log: Pick<vscode.LogOutputChannel, 'error'>; auth: { handleUnauthorized(): Promise<void> } },
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
    void report.error(localized(err.userMessage));
    return;
  }
  deps.log.error(`${what}: ${String(err)}`);
  void report.error(vscode.l10n.t('{0} failed: {1}', what, err instanceof Error ? err.message : String(err)));
}
