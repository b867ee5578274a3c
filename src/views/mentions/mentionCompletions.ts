import * as vscode from 'vscode';
import type { SuggestedUser } from '../../api';
import type { MentionSource } from '../../models/mentionSource';
import { hover } from '../common/hover';

/**
 * A suggestion's details: the person's name and login, as text. No avatar: a picture in the
 * details loads as the list is browsed, and tells its host who looked.
 */
export function mentionDocumentation(u: SuggestedUser): vscode.MarkdownString {
  return hover`**${u.display_name ?? u.user_login}** · ${`@${u.user_login}`}`;
}

/** `@` + letters in Markdown and HTML suggests the chosen site's writers; inserts `@login`. */
export function registerMentionCompletions(source: MentionSource): vscode.Disposable {
  const provider: vscode.CompletionItemProvider = {
    async provideCompletionItems(document, position, token) {
      const before = document.lineAt(position.line).text.slice(0, position.character);
      const m = /(?:^|[^\w@])@([\w.-]*)$/.exec(before);
      if (!m) return undefined;
      const letters = m[1];
      const users = await source.suggest(letters, () => token.isCancellationRequested);
      const range = new vscode.Range(position.line, position.character - letters.length - 1, position.line, position.character);
      const items = users.map((u) => {
        const item = new vscode.CompletionItem({ label: `@${u.user_login}`, description: u.display_name }, vscode.CompletionItemKind.User);
        item.insertText = `@${u.user_login}`;
        item.range = range;
        item.filterText = `@${u.user_login} ${u.display_name ?? ''}`;
        item.documentation = mentionDocumentation(u);
        return item;
      });
      return new vscode.CompletionList(items, true);
    },
  };
  return vscode.languages.registerCompletionItemProvider([{ language: 'markdown' }, { language: 'html' }], provider, '@');
}
