/**
 * What a hover shows, as VS Code's Markdown renderer makes it (vs/base/browser/markdownRenderer.ts):
 * with `supportThemeIcons`, an escaped `\$(name)` gets a second backslash, the Markdown is rendered
 * to HTML (raw HTML only with `supportHtml`), then every `$(name)` left in the HTML becomes an icon
 * (`\$(name)` stays text). The Markdown is rendered by markdown-it (CommonMark, with GFM's bare-link
 * autolinking on, as VS Code's `marked` has it), not by `marked` itself: what is checked here —
 * images, links and their targets, icons — reads the same in both.
 */
// markdown-it has no types in this project, and only the tests use it (it comes with @vscode/vsce).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const MarkdownIt = require('markdown-it') as new (options: { html: boolean; linkify: boolean }) => { render(src: string): string };

export interface HoverMarkdown {
  value: string;
  supportThemeIcons?: boolean;
  supportHtml?: boolean;
  isTrusted?: unknown;
}

export interface Hover {
  html: string;
  /** Every image the hover would load. */
  images: string[];
  /** Every link's target, decoded as the browser would read the attribute. */
  links: string[];
  /** The icons it shows (`$(name)` turned into icons). */
  icons: string[];
  /** The text a person reads (tags dropped). */
  text: string;
}

export function renderHover(md: HoverMarkdown | string): Hover {
  const m: HoverMarkdown = typeof md === 'string' ? { value: md } : md;
  let value = m.value;
  if (m.supportThemeIcons) value = value.replace(/\\\$\([a-z0-9-]+?(?:~[a-z0-9-]*?)?\)/gi, (s) => `\\${s}`);
  const html = new MarkdownIt({ html: m.supportHtml === true, linkify: true }).render(value);
  const attr = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const images = [...html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/gi)].map((x) => attr(x[1]));
  const links = [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/gi)].map((x) => attr(x[1]));
  const icons: string[] = [];
  // An icon reads as nothing here; an escaped one as its `$(name)`.
  const shown = m.supportThemeIcons
    ? html.replace(/(\\)?\$\(([A-Za-z0-9-]+(?:~[A-Za-z]+)?)\)/g, (_s, escaped: string | undefined, name: string) =>
        escaped ? `$(${name})` : (icons.push(name.replace(/~.*/, '')), ''),
      )
    : html;
  const text = attr(shown.replace(/<[^>]*>/g, ''));
  return { html, images, links, icons, text };
}
