/**
 * The images of a post's body that are files beside the post: what Publish uploads and the
 * diagnostics check, each with the line that links it first, read by the same markdown-it that
 * renders the body (so an image that renders is one that is found, and no other).
 */
import type Token from 'markdown-it/lib/token.mjs';
import { checkBodySize } from './limits';
import { renderer } from './markdownSetup';

/** Whether an image's src is a file beside the post (not a web address, a data: URL or an absolute path on a server). */
export function isLocalSrc(src: string): boolean {
  return src !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(src) && !src.startsWith('//') && !src.startsWith('#');
}

/** Each line of `markdown` (0-based) where a local image is linked, by its src, in order. */
export function localImages(markdown: string): Array<{ src: string; line: number }> {
  checkBodySize(markdown);
  const found = new Map<string, number>();
  const walk = (tokens: Token[], line: number) => {
    for (const t of tokens) {
      const at = t.map ? t.map[0] : line;
      if (t.type === 'image') {
        const src = t.attrGet('src');
        if (src && isLocalSrc(src) && !found.has(src)) found.set(src, at);
      }
      if (t.children) walk(t.children, at);
    }
  };
  walk(renderer().parse(markdown, {}), 0);
  return [...found].map(([src, line]) => ({ src, line }));
}
