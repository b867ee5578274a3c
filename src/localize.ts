import * as vscode from 'vscode';

/**
 * Sentences made in the plain-Node layers (the api's userMessage, sign-in refusals) cannot call
 * vscode.l10n themselves; they go through here where they are shown. The English sentence is the
 * bundle key, so a translation of a fixed sentence applies; sentences with a site or an error code
 * inside stay English until those layers take a translator.
 */
export function localized(sentence: string): string {
  return sentence.includes('{') ? sentence : vscode.l10n.t(sentence);
}
