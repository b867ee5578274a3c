/**
 * An input box that stays open until what was typed is done: the problem with the text is shown as
 * it is typed, and a refusal after Enter is shown in the box with the text kept, to be corrected.
 */
import * as vscode from 'vscode';

export interface InputUntilDone {
  title: string;
  prompt: string;
  placeholder?: string;
  /** What is wrong with the text before anything is sent (a sentence), or undefined. */
  problem?(value: string): string | undefined;
  /** Does it: undefined when done (the box closes), else why not (shown in the box). */
  submit(value: string): Promise<string | undefined>;
}

/** Resolves true when `submit` was done, false when the box was closed first. */
export function inputUntilDone(o: InputUntilDone): Promise<boolean> {
  return new Promise((resolve) => {
    const box = vscode.window.createInputBox();
    let done = false;
    box.title = o.title;
    box.prompt = o.prompt;
    box.placeholder = o.placeholder;
    box.ignoreFocusOut = true;
    const check = (value: string) => (value.trim() && o.problem ? o.problem(value) : undefined);
    box.onDidChangeValue((value) => (box.validationMessage = check(value)));
    box.onDidAccept(async () => {
      const value = box.value;
      if (!value.trim() || box.busy) return;
      const problem = check(value);
      if (problem) {
        box.validationMessage = problem;
        return;
      }
      box.busy = true;
      box.enabled = false;
      let refusal: string | undefined;
      try {
        refusal = await o.submit(value);
      } catch (err) {
        refusal = err instanceof Error ? err.message : String(err);
      }
      box.busy = false;
      box.enabled = true;
      if (refusal !== undefined) {
        box.validationMessage = refusal;
        return;
      }
      done = true;
      box.hide();
    });
    box.onDidHide(() => {
      box.dispose();
      resolve(done);
    });
    box.show();
  });
}
