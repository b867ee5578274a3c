import * as vscode from 'vscode';
import type { MediaFile } from '../../api';

const IMAGE = /\.(png|jpe?g|gif|webp)$/i;
const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** A post file: Markdown whose first line opens front matter. */
export const isPostFile = (doc: vscode.TextDocument) =>
  doc.languageId === 'markdown' && /^\uFEFF?---[ \t]*\r?\n/.test(doc.getText(new vscode.Range(0, 0, 1, 0)));

/** The images being dropped: files from outside the editor, or files of the workspace (by their URIs). */
async function droppedImages(data: vscode.DataTransfer): Promise<MediaFile[]> {
  const out: MediaFile[] = [];
  for (const [mime, item] of data) {
    const file = item.asFile();
    if (file && IMAGE.test(file.name))
      out.push({
        name: file.name,
        type: mime.startsWith('image/') ? mime : TYPES[file.name.split('.').pop()!.toLowerCase()],
        data: await file.data(),
      });
  }
  if (out.length) return out;
  const list = await data.get('text/uri-list')?.asString();
  for (const line of list?.split(/\r?\n/) ?? []) {
    if (!line || line.startsWith('#')) continue;
    const uri = vscode.Uri.parse(line.trim());
    const name = uri.path.split('/').pop() ?? '';
    if (IMAGE.test(name))
      out.push({ name, type: TYPES[name.split('.').pop()!.toLowerCase()], data: await vscode.workspace.fs.readFile(uri) });
  }
  return out;
}

/**
 * An image dropped into a post file goes to the site's library at once (once per content: a known
 * one is not sent again) and lands as `![name](library URL)`. Not signed in, no site, or anything
 * but images: the editor's own drop does what it does. A refusal inserts nothing and says why.
 */
export class ImageDropProvider implements vscode.DocumentDropEditProvider {
  constructor(private readonly upload: (files: MediaFile[]) => Promise<Array<{ URL: string }> | undefined>) {}

  async provideDocumentDropEdits(
    doc: vscode.TextDocument,
    _at: vscode.Position,
    data: vscode.DataTransfer,
  ): Promise<vscode.DocumentDropEdit | undefined> {
    if (!isPostFile(doc)) return undefined;
    const files = await droppedImages(data);
    if (files.length === 0) return undefined;
    const items = await this.upload(files);
    if (!items) return undefined;
    const alt = (name: string) => name.replace(/\.[^.]+$/, '').replace(/[[\]]/g, '');
    return new vscode.DocumentDropEdit(files.map((f, i) => `![${alt(f.name)}](${items[i].URL})`).join('\n\n'));
  }
}
