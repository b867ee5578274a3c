/**
 * Service text and links in the Markdown of a hover (a MarkdownString made with
 * `supportThemeIcons`, never `isTrusted` nor `supportHtml`). Pure: no vscode, so it is tested in
 * plain Node. What the service wrote reads as text: never an image (a hover that loads one tells
 * its owner you looked), a link, a command link, raw HTML or an icon.
 */
import { webLink } from '../../api/webLink';

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
 * `[label](url)` for an http(s) link, or '' for anything else. The target is the URL as it
 * serialises, with the characters Markdown reads in a link target percent-encoded (`(`, `)`,
 * `<`, `>`, `\`, spaces, quotes) and `&` escaped (no `&lt;` turns into `<`): the link
 * opens that address and nothing after it becomes Markdown.
 */
export function mdLink(label: string, url: string | undefined): string {
  const href = webLink(url);
  if (!href) return '';
  const target = href
    .replace(/[()<>\\\s"'`{}|^]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)
    .replace(/&/g, '\\&');
  return `[${escapeMd(label)}](${target})`;
}
