import * as vscode from 'vscode';
import { md, type Md, type MdPiece } from './markdown';

/**
 * Every hover, every suggestion's details and every tool's confirmation are made here, from `md` (./markdown.ts): service
 * text never becomes a link, an image, an icon or markup. Icons show (ours: `icon()`), set before
 * the Markdown is read; never trusted (no command links) nor HTML.
 */
export const hover = (parts: TemplateStringsArray, ...values: MdPiece[]): vscode.MarkdownString =>
  new vscode.MarkdownString(md(parts, ...values).value, true);

/** A language model tool's confirmation (what the user reads before a change), from `md` too: no icon, link or markup from service text. */
export const confirmation = (m: Md): vscode.MarkdownString => new vscode.MarkdownString(m.value);
