/**
 * A post's content as the service stores it (blocks.md), split into the pieces a post file holds
 * one by one: the top-level blocks of a block post (read by the block editor's own parser,
 * `@wordpress/block-serialization-default-parser`), or the chunks of a classic post (the text
 * between blank lines, as `autop` reads it). Pieces are separated by one blank line ("\n\n", the
 * block editor's own separator); whatever else lies between them (other whitespace, classic HTML
 * between blocks, a block whose comment is not written the way the block editor writes it) is
 * kept inside the neighbouring piece, which is then kept as written. Joining the pieces with
 * "\n\n" always gives the stored content back, byte for byte (`joinPieces`).
 */
import { parse } from '@wordpress/block-serialization-default-parser';

export type ContentMode = 'blocks' | 'classic';

/** A piece of stored content; `block` names its block (`core/paragraph`) when it is exactly one block. */
export interface StoredPiece {
  raw: string;
  block?: ParsedBlock;
}

export interface ParsedBlock {
  blockName: string | null;
  attrs: Record<string, unknown> | null;
  innerBlocks: ParsedBlock[];
  innerHTML: string;
  innerContent: Array<string | null>;
}

export const SEPARATOR = '\n\n';

/** The block editor's serialization of a block's attributes (its `serializeAttributes`). */
export function serializeAttributes(attrs: Record<string, unknown>): string {
  return JSON.stringify(attrs)
    .replace(/--/g, '\\u002d\\u002d')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\\"/g, '\\u0022');
}

/** A block's comment delimiters around `content` as the block editor writes them (`core/` left out of the name). */
export function delimited(name: string, attrs: Record<string, unknown> | null | undefined, content: string | undefined): string {
  const shortName = name.startsWith('core/') ? name.slice(5) : name;
  const json = attrs && Object.keys(attrs).length ? `${serializeAttributes(attrs)} ` : '';
  if (content === undefined) return `<!-- wp:${shortName} ${json}/-->`;
  return `<!-- wp:${shortName} ${json}-->${content}<!-- /wp:${shortName} -->`;
}

/**
 * The exact text of a parsed block as the block editor writes it: its delimiters, its inner
 * content with its inner blocks in their places. Two forms for a block with no content (void, or
 * an empty pair), tried in that order by the caller.
 */
function written(block: ParsedBlock, voidForm: boolean): string {
  const name = block.blockName!;
  if (block.innerContent.length === 0 && voidForm) return delimited(name, block.attrs, undefined);
  let inner = 0;
  const content = block.innerContent.map((part) => (part === null ? written(block.innerBlocks[inner++], true) : part)).join('');
  return delimited(name, block.attrs, content);
}

/** The block's text in `source` at `at`, when the block editor's way of writing it is how it is written there. */
function rawAt(source: string, at: number, block: ParsedBlock): string | undefined {
  for (const form of [written(block, true), written(block, false)]) if (source.startsWith(form, at)) return form;
  return undefined;
}

/** Whether the content holds blocks (any block comment the parser reads). */
export function hasBlocks(content: string): boolean {
  return /<!--\s+wp:[a-z]/.test(content) && parse(content).some((b) => b.blockName !== null);
}

/** Splits a block post: one piece per top-level block, "\n\n" between them; anything else joins a neighbour. */
function blockPieces(content: string): StoredPiece[] {
  // The content as exact segments: each top-level block's text, and the text between blocks.
  const segments: Array<{ text: string; block?: ParsedBlock }> = [];
  let at = 0;
  for (const b of parse(content) as ParsedBlock[]) {
    const raw = b.blockName === null ? b.innerHTML : rawAt(content, at, b);
    if (raw === undefined) {
      // A block not written the way the block editor writes it: the rest stays one segment, as it is.
      segments.push({ text: content.slice(at) });
      at = content.length;
      break;
    }
    segments.push(b.blockName === null ? { text: raw } : { text: raw, block: b });
    at += raw.length;
  }
  const pieces: StoredPiece[] = [];
  let current: StoredPiece | undefined;
  const flush = () => {
    if (current) pieces.push(current);
    current = undefined;
  };
  const add = (text: string, block?: ParsedBlock) => {
    if (current) current = { raw: current.raw + text };
    else current = block ? { raw: text, block } : { raw: text };
  };
  segments.forEach((seg, i) => {
    const between = current !== undefined && segments[i + 1] !== undefined;
    if (!seg.block && between && seg.text === SEPARATOR) return flush();
    // Text between blocks with a blank line on each side: a piece of its own.
    if (!seg.block && between && seg.text.startsWith(SEPARATOR) && seg.text.endsWith(SEPARATOR) && seg.text.length > 2 * SEPARATOR.length) {
      flush();
      pieces.push({ raw: seg.text.slice(SEPARATOR.length, -SEPARATOR.length) });
      return;
    }
    add(seg.text, seg.block);
  });
  flush();
  return pieces;
}

/** Splits a classic post at its blank lines ("\n\n"); other breaks between chunks stay in a chunk. */
function classicPieces(content: string): StoredPiece[] {
  return content === '' ? [] : content.split(SEPARATOR).map((raw) => ({ raw }));
}

/**
 * The pieces of stored content, how the post is written, and the whitespace before the first piece
 * and after the last (a file's Markdown has no way to say it; the renderer puts it back):
 * `head + joinPieces(pieces) + tail` is `content` again.
 */
export function storedPieces(content: string): { mode: ContentMode; pieces: StoredPiece[]; head: string; tail: string } {
  const mode: ContentMode = hasBlocks(content) ? 'blocks' : 'classic';
  const head = /^\s*/.exec(content)![0];
  const tail = head.length === content.length ? '' : /\s*$/.exec(content)![0];
  const inner = content.slice(head.length, content.length - tail.length);
  const pieces = mode === 'blocks' ? blockPieces(inner) : classicPieces(inner);
  // The promise of this module, checked: never a byte lost in the split.
  if (head + joinPieces(pieces.map((p) => p.raw)) + tail !== content) return { mode, pieces: [{ raw: content }], head: '', tail: '' };
  return { mode, pieces, head, tail };
}

export const joinPieces = (raws: readonly string[]): string => raws.join(SEPARATOR);
