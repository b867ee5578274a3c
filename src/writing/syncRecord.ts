/**
 * What a post file and the site last agreed on (after a pull or a publish): the file's text, how
 * the post is written (its style: blocks or classic, its flavor, its images' block attributes, its
 * edges), and each Markdown piece with what it became on the site. Kept per service, site and post
 * (outside the workspace: commands/writingMemory.ts).
 *
 * It serves two promises. Pull asks first when the file is not what was last pulled or published.
 * And a publish never changes silently what the writer did not edit (`unintended`): every piece of
 * Markdown the writer left as it was must become exactly what it became last time; anything else
 * would change the site beyond the writer's edits, and is shown first.
 */
import type { RenderedPiece } from './bodyRenderer';
import type { PostStyle } from './pullContent';

export interface SyncRecord {
  fileText: string;
  style: {
    mode: PostStyle['mode'];
    flavor: PostStyle['flavor'];
    images: Array<[string, Record<string, unknown>]>;
    edges: PostStyle['edges'];
  };
  pieces: Array<[source: string, output: string]>;
}

/** Where the records live (the editor's global storage; a map in tests). */
export interface SyncRecords {
  get(site: string, id: number): Promise<SyncRecord | undefined>;
  set(site: string, id: number, record: SyncRecord): Promise<void>;
}

export function recordOf(fileText: string, style: PostStyle, pieces: readonly RenderedPiece[]): SyncRecord {
  return {
    fileText,
    style: { mode: style.mode, flavor: style.flavor, images: [...style.images], edges: style.edges },
    pieces: pieces.map((p) => [p.source, p.output]),
  };
}

export function styleOfRecord(record: SyncRecord): PostStyle {
  return { ...record.style, images: new Map(record.style.images) };
}

/**
 * The pieces the writer did not edit (the same Markdown, in the same order, as last time) that
 * would now become something else on the site. Matched in order: each piece of the file now is
 * paired with the next piece of last time that has the same Markdown.
 */
export function unintended(record: SyncRecord, now: readonly RenderedPiece[]): Array<{ source: string; before: string; after: string }> {
  const at = new Map<string, number[]>();
  record.pieces.forEach(([source], i) => at.set(source, [...(at.get(source) ?? []), i]));
  const out: Array<{ source: string; before: string; after: string }> = [];
  let last = -1;
  for (const piece of now) {
    const next = at.get(piece.source)?.find((i) => i > last);
    if (next === undefined) continue;
    last = next;
    const before = record.pieces[next][1];
    if (before !== piece.output) out.push({ source: piece.source, before, after: piece.output });
  }
  return out;
}
