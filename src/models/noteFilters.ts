/** The notification filters: the service's own presets, in its order, and the types seen in notes. */
import type { NotificationsParams } from '../api';

export type NoteFilter = { kind: 'all' } | { kind: 'unread' } | { kind: 'type'; type: string };

export const FILTER_PRESETS: readonly NoteFilter[] = [
  { kind: 'all' },
  { kind: 'unread' },
  { kind: 'type', type: 'comment' },
  { kind: 'type', type: 'follow' },
  { kind: 'type', type: 'like' },
];

/** One id per filter ('all', 'unread' or the note type), for comparing and for labels. */
export function filterId(filter: NoteFilter): string {
  return filter.kind === 'type' ? filter.type : filter.kind;
}

/** The presets, then every other type seen in the loaded notes, alphabetically. */
export function filterChoices(seenTypes: Iterable<string>): NoteFilter[] {
  const known = new Set(FILTER_PRESETS.map(filterId));
  const extra = [...new Set(seenTypes)].filter((t) => !known.has(t)).sort();
  return [...FILTER_PRESETS, ...extra.map((type): NoteFilter => ({ kind: 'type', type }))];
}

/** What a filter adds to the notifications query. */
export function filterQuery(filter: NoteFilter): Pick<NotificationsParams, 'unread' | 'type'> {
  if (filter.kind === 'unread') return { unread: true };
  if (filter.kind === 'type') return { type: filter.type };
  return {};
}
