/**
 * The one way a hover's Markdown is made (a MarkdownString made with `supportThemeIcons`, never
 * `isTrusted` nor `supportHtml`: views/common/hover.ts). Pure: no vscode, so it is tested in plain
 * Node. What the service wrote reads as text: never an image (a hover that loads one tells its
 * owner you looked), a link, a command link, raw HTML or an icon. Our own Markdown is the template
 * around the `${…}`s of `md`, and what `md`, `mdLink` and `icon` make (`Md`); anything else put in
 * reads as written.
 */
import { webLink } from '../../api/webLink';

/** Markdown we wrote (the only kind that goes into a hover as Markdown). */
export class Md {
  constructor(readonly value: string) {}
}

/** A piece of a hover: text (shown as written), our Markdown, nothing (undefined, null, false), or a list of them. */
export type MdPiece = Md | string | number | false | null | undefined | readonly MdPiece[];

const piece = (v: MdPiece): string =>
  v instanceof Md ? v.value : Array.isArray(v) ? v.map(piece).join('') : v == null || v === false ? '' : escapeMd(String(v));

/**
 * Our Markdown with text in it: `` md`**${title}**\n\n${excerpt}` `` shows the title in bold and
 * the excerpt as written, whatever they hold. Every hover is made of it.
 */
export function md(parts: TemplateStringsArray, ...values: MdPiece[]): Md {
  return new Md(parts.reduce((out, s, i) => out + piece(values[i - 1]) + s));
}

/** One of our theme icons (`name` is ours, never the service's). */
export const icon = (name: string): Md => new Md(`$(${name})`);

/**
 * Text shown as written. Every ASCII punctuation character is backslash-escaped (CommonMark lets
 * any of them be), which also keeps bare `https://…` and `www.…` from becoming links; a `$(name)`
 * gets a backslash of its own first, so the escaped text still reads `$(name)` after VS Code turns
 * the rendered `$(name)`s into icons (as `MarkdownString.appendText` does). Line breaks read as spaces.
 */
export function escapeMd(text: string): string {
  return text
    .replace(/\$\(/g, '\\$(')
    .replace(/[!-/:-@[-`{-~]/g, '\\$&')
    .replace(/\s*[\r\n]+\s*/g, ' ');
}

/**
 * `[label](url)` for an http(s) link, or nothing for anything else. The target is the URL as it
 * serialises, with the characters Markdown reads in a link target percent-encoded (`(`, `)`,
 * `<`, `>`, `\`, spaces, quotes) and `&` escaped (no `&lt;` turns into `<`): the link
 * opens that address and nothing after it becomes Markdown.
 */
export function mdLink(label: string, url: string | undefined): Md {
  const href = webLink(url);
  if (!href) return new Md('');
  const target = href
    .replace(/[()<>\\\s"'`{}|^]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)
    .replace(/&/g, '\\&');
  return new Md(`[${escapeMd(label)}](${target})`);
}
