import * as vscode from 'vscode';
import type { MediaFile } from '../../api';

/** A post file: Markdown whose first line opens front matter. */
export const isPostFile = (doc: vscode.TextDocument) =>
  doc.languageId === 'markdown' && /^\uFEFF?---[ \t]*\r?\n/.test(doc.getText(new vscode.Range(0, 0, 1, 0)));

/** The images being dropped: files from outside the editor, or files of the workspace (by their URIs); images by their bytes. */
async function droppedImages(data: vscode.DataTransfer): Promise<Array<MediaFile & { data: Uint8Array }>> {
  const { droppedImage: asImage } = await import('../../writing/index');
  const out: Array<MediaFile & { data: Uint8Array }> = [];
  for (const [, item] of data) {
    const file = item.asFile();
    const image = file && asImage(file.name, await file.data());
    if (image) out.push(image);
  }
  if (out.length) return out;
  const list = await data.get('text/uri-list')?.asString();
  for (const line of list?.split(/\r?\n/) ?? []) {
    if (!line || line.startsWith('#')) continue;
    const uri = vscode.Uri.parse(line.trim());
    if (!/\.(png|jpe?g|gif|webp)$/i.test(uri.path)) continue;
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.type !== vscode.FileType.File) continue;
    const image = asImage(uri.path.split('/').pop() ?? 'image', await vscode.workspace.fs.readFile(uri));
    if (image) out.push(image);
  }
  return out;
}

/**
 * An image dropped into a post file goes to the site's library at once (once per content: a known
 * one is not sent again) and lands as `![name](library URL)`: dropping it is the writer's say, from
 * wherever it comes. Not signed in, no site, or anything but images (by their bytes): the editor's
 * own drop does what it does. A refusal inserts nothing and says why.
 */
export class ImageDropProvider implements vscode.DocumentDropEditProvider {
  constructor(private readonly upload: (files: Array<MediaFile & { data: Uint8Array }>) => Promise<Array<{ URL: string }> | undefined>) {}

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
