/** The notification filters: the service's own presets, in its order, and the types seen in notes. */
import type { NotificationsParams } from '../api';

export type NoteFilter =
  | { kind: 'all' }
  | { kind: 'unread' }
  | { kind: 'type'; type: string }
  /** Several types under one name; the service filters by one type only, so these are picked here. */
  | { kind: 'types'; id: string; types: readonly string[] };

export const FILTER_PRESETS: readonly NoteFilter[] = [
  { kind: 'all' },
  { kind: 'unread' },
  { kind: 'type', type: 'comment' },
  { kind: 'type', type: 'follow' },
  // The service's panel counts likes of comments among Likes too.
  { kind: 'types', id: 'like', types: ['like', 'comment_like'] },
];

/** One id per filter ('all', 'unread' or the note type), for comparing and for labels. */
export function filterId(filter: NoteFilter): string {
  return filter.kind === 'type' ? filter.type : filter.kind === 'types' ? filter.id : filter.kind;
}

/** The presets, then every other type seen in the loaded notes, alphabetically. */
export function filterChoices(seenTypes: Iterable<string>): NoteFilter[] {
  const known = new Set(FILTER_PRESETS.flatMap((f) => [filterId(f), ...(f.kind === 'types' ? f.types : [])]));
  const extra = [...new Set(seenTypes)].filter((t) => !known.has(t)).sort();
  return [...FILTER_PRESETS, ...extra.map((type): NoteFilter => ({ kind: 'type', type }))];
}

/** What a filter adds to the notifications query. */
export function filterQuery(filter: NoteFilter): Pick<NotificationsParams, 'unread' | 'type'> {
  if (filter.kind === 'unread') return { unread: true };
  if (filter.kind === 'type') return { type: filter.type };
  return {};
}

/** The check of a filter the service cannot apply (several types), or undefined when it applies it. */
export function localFilter(filter: NoteFilter): ((note: { type?: string }) => boolean) | undefined {
  if (filter.kind !== 'types') return undefined;
  const types = new Set(filter.types);
  return (note) => note.type !== undefined && types.has(note.type);
}

/** Whether a note belongs in the list under a filter, wherever the filter is applied (a pushed note is checked here). */
export function filterAccepts(filter: NoteFilter): (note: { type?: string; unread: number }) => boolean {
  if (filter.kind === 'unread') return (note) => note.unread > 0;
  if (filter.kind === 'type') return (note) => note.type === filter.type;
  return localFilter(filter) ?? (() => true);
}
