import * as vscode from 'vscode';
import { ContentSiteError } from '../api/errors';
import { localized } from '../localize';

/**
 * An input box for a text to send (a reply, a comment, an edit): Enter sends; an empty text is not
 * sent; the service's refusal shows in the box and keeps the text; `done` (of the answer) is said
 * in the status bar. Any other failure closes the box and goes to `report`.
 */
export function textBox<T>(
  deps: { report(err: unknown, what: string): Promise<void> },
  o: { title: string; value: string; placeholder?: string; send(text: string): Promise<T>; done: string | ((answer: T) => string) },
): void {
  const box = vscode.window.createInputBox();
  box.title = o.title;
  box.value = o.value;
  box.placeholder = o.placeholder;
  box.ignoreFocusOut = true;
  box.prompt = vscode.l10n.t('Enter sends. Escape cancels.');
  let sending = false;
  box.onDidChangeValue(() => (box.validationMessage = undefined));
  box.onDidAccept(async () => {
    if (sending) return;
    if (!box.value.trim()) {
      box.validationMessage = vscode.l10n.t('Write something first.');
      return;
    }
    sending = true;
    box.busy = true;
    try {
      const answer = await o.send(box.value);
      box.hide();
      vscode.window.setStatusBarMessage(typeof o.done === 'string' ? o.done : o.done(answer), 5000);
    } catch (err) {
      if (err instanceof ContentSiteError && err.kind !== 'auth') box.validationMessage = localized(err.userMessage);
      else {
        box.hide();
        await deps.report(err, o.title);
      }
    } finally {
      sending = false;
      box.busy = false;
    }
  });
  box.onDidHide(() => box.dispose());
  box.show();
}
