import * as vscode from 'vscode';
import { md, type MdPiece } from './markdown';

/**
 * Every hover and every suggestion's details are made here, from `md` (./markdown.ts): service
 * text never becomes a link, an image, an icon or markup. Icons show (ours: `icon()`), set before
 * the Markdown is read; never trusted (no command links) nor HTML.
 */
export const hover = (parts: TemplateStringsArray, ...values: MdPiece[]): vscode.MarkdownString =>
  new vscode.MarkdownString(md(parts, ...values).value, true);
