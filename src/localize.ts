import * as vscode from 'vscode';

/**
 * A sentence made in a plain-Node layer, in the user's language. Those layers cannot call vscode
 * themselves: the action catalog's labels and sentences (models/actionTables.ts), the
 * api's userMessage, sign-in refusals, the settings' address problems. They say their sentences in
 * English and go through here where they are shown.
 *
 * This is the one place that calls `vscode.l10n.t` with a sentence that is not a literal (ESLint
 * refuses it everywhere else, so `@vscode/l10n-dev export` finds every other sentence in the code):
 * the English sentence is the bundle key, so a translation of it applies here as it would to a literal,
 * and the plain layers keep the only copy of their sentences.
 *
 * With `args`, the sentence is a template with `{0}`-style placeholders (a count, an address), filled
 * by `vscode.l10n.t`. Without, a sentence with a brace in it is an already filled one (a site or an
 * error code inside), which no bundle holds: it stays English until those layers take a translator.
 */
export function localized(sentence: string, ...args: Array<string | number | boolean>): string {
  if (args.length > 0) return vscode.l10n.t(sentence, ...args);
  return sentence.includes('{') ? sentence : vscode.l10n.t(sentence);
}
