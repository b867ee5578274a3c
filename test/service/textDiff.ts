/**
 * A revision's diff as the real service sends it (the mobile apps' `RevisionsResponse`): the parts
 * of the new text in order, each `{op: 'copy' | 'add' | 'del', value}`, and how many words were
 * added and deleted. Words (with the spaces and tags around them) are the unit, as in WordPress's
 * revision screen: a changed word shows as that word deleted and its replacement added.
 */
import { diffComm } from 'node-diff3';

export interface DiffPart {
  op: 'copy' | 'add' | 'del';
  value: string;
}

/** Words and the runs of space between them, so joining the tokens gives the text back exactly. */
const tokens = (text: string): string[] => text.match(/\s+|[^\s]+/g) ?? [];
const words = (parts: string[]): number => parts.filter((t) => /\S/.test(t)).length;

export function textDiff(before: string, after: string): { parts: DiffPart[]; add: number; del: number } {
  const parts: DiffPart[] = [];
  let [add, del] = [0, 0];
  const push = (op: DiffPart['op'], value: string[]): void => {
    if (value.length === 0) return;
    const last = parts[parts.length - 1];
    if (last?.op === op) last.value += value.join('');
    else parts.push({ op, value: value.join('') });
  };
  for (const chunk of diffComm(tokens(before), tokens(after))) {
    if (chunk.common) push('copy', chunk.common);
    else {
      push('del', chunk.buffer1);
      push('add', chunk.buffer2);
      del += words(chunk.buffer1);
      add += words(chunk.buffer2);
    }
  }
  return { parts, add, del };
}
