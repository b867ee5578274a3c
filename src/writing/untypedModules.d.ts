declare module '@joplin/turndown-plugin-gfm' {
  import type TurndownService from 'turndown';
  export const gfm: TurndownService.Plugin;
  export const tables: TurndownService.Plugin;
  export const strikethrough: TurndownService.Plugin;
}

declare module '@mixmark-io/domino' {
  /** The DOM turndown parses with in Node: an HTML document from a string. */
  export function createDocument(html?: string, force?: boolean): unknown;
  const domino: { createDocument: typeof createDocument };
  export default domino;
}
