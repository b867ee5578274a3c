import * as vscode from 'vscode';
import { Disposable } from '../../models/disposable';
import type { PostEditor, PostEditorDeps } from './postEditor';

/**
 * Starts what a post file open in the editor gets (./postEditor.ts) once the first Markdown
 * document is open, now or later: until then none of it is loaded. A failure to load is logged and
 * tried again with the next Markdown document.
 */
export class PostEditing extends Disposable {
  private editor: PostEditor | undefined;
  private starting = false;

  constructor(
    private readonly deps: PostEditorDeps,
    private readonly log: (message: string) => void,
  ) {
    super();
    this.register(vscode.workspace.onDidOpenTextDocument((d) => this.maybeStart(d)));
    for (const d of vscode.workspace.textDocuments) this.maybeStart(d);
  }

  /** The site's terms or the chosen site changed: the categories of open post files are checked again. */
  recheckTerms(): void {
    this.editor?.recheckTerms();
  }

  private maybeStart(doc: vscode.TextDocument): void {
    if (this.editor || this.starting || doc.languageId !== 'markdown') return;
    this.starting = true;
    import('./postEditor').then(
      (m) => {
        this.starting = false;
        // Registered: disposed of with this, or at once when this was disposed meanwhile.
        this.editor ??= this.register(m.startPostEditor(this.deps));
      },
      (err: unknown) => {
        this.starting = false;
        this.log(`The post file editing parts did not load: ${err instanceof Error ? err.message : String(err)}`);
      },
    );
  }
}
