/**
 * Where post files are written: a new one (New Post, Open as Markdown) under `posts/` of the first
 * workspace folder (writing/newPostFile.ts: never through a symbolic link, never outside the
 * folder, a name safe on every system); without a folder, an untitled document.
 * And the front-matter keys a publish or a pull sets, written into the open document as the
 * smallest edit, then saved; and that save itself, which a save already under way does not defeat.
 */
import * as vscode from 'vscode';
import { report } from '../report';

/** Opens `text` as a new post file named after `stem` (see above) and shows it. */
export async function openNewPostFile(text: string, stem: string): Promise<vscode.Uri | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder || folder.uri.scheme !== 'file') {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ language: 'markdown', content: text }));
    return undefined;
  }
  const w = await import('../writing/index');
  const uri = vscode.Uri.file(await w.createPostFile(folder.uri.fsPath, stem, text));
  await vscode.window.showTextDocument(uri);
  return uri;
}

/** `doc` changed to `text` by one edit of the part that differs (the writer's cursor and the rest stay), then saved. */
export async function updateDocument(doc: vscode.TextDocument, text: string): Promise<void> {
  if (!(await editDocument(doc, text))) return;
  if (!doc.isUntitled) await saveDocument(doc);
}

/** `doc` changed to `text` by one undoable edit of the part that differs, not saved; false when there was nothing to change. */
export async function editDocument(doc: vscode.TextDocument, text: string): Promise<boolean> {
  const old = doc.getText();
  if (old === text) return false;
  let start = 0;
  while (start < old.length && start < text.length && old[start] === text[start]) start++;
  let end = 0;
  while (end < old.length - start && end < text.length - start && old[old.length - 1 - end] === text[text.length - 1 - end]) end++;
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(doc.positionAt(start), doc.positionAt(old.length - end)), text.slice(start, text.length - end));
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error(vscode.l10n.t('The editor did not take the change to {0}.', doc.fileName));
  return true;
}

/** How long a refused save waits for the save under way (see below) before it asks once more. */
const SAVE_UNDER_WAY_MS = 5000;

/**
 * `doc` saved: true once what the editor shows is on disk. VS Code refuses (answers false) a save
 * asked for while the same file's save runs its save participants (auto save, after every edit in
 * the web editor's default); that save then writes what the editor shows. So a refusal waits for
 * the file to be saved or clean (at most SAVE_UNDER_WAY_MS), then asks once more.
 */
export async function saveDocument(doc: vscode.TextDocument): Promise<boolean> {
  if (!doc.isDirty || (await doc.save())) return true;
  await new Promise<void>((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      saves.dispose();
      changes.dispose();
      resolve();
    };
    const timer = setTimeout(done, SAVE_UNDER_WAY_MS);
    const saves = vscode.workspace.onDidSaveTextDocument((d) => {
      if (d === doc) done();
    });
    const changes = vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document === doc && !doc.isDirty) done();
    });
    if (!doc.isDirty) done();
  });
  return !doc.isDirty || doc.save();
}

/** In Restricted Mode, nothing of the workspace is published or uploaded: says so, with the way to trust it. */
export function requireTrust(what: string): boolean {
  if (vscode.workspace.isTrusted) return true;
  const manage = vscode.l10n.t('Manage Workspace Trust');
  void report
    .warn(
      vscode.l10n.t(
        '{0} is off in Restricted Mode: the files of an untrusted workspace are not published or uploaded. Trust this workspace to publish from it.',
        what,
      ),
      manage,
    )
    .then((pick) => pick === manage && vscode.commands.executeCommand('workbench.trust.manage'));
  return false;
}
