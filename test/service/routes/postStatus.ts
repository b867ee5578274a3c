/**
 * The posts list's `status` (writing.md): a comma list of statuses, or `any`, which is every status
 * but the trash (WordPress's `any` leaves out the statuses excluded from search: trash and
 * auto-draft). Who may see which of them is the list's business.
 */
import { ApiError, list, type Params } from '../http';
import type { PostStatus } from '../world';

const LISTED: readonly PostStatus[] = ['publish', 'private', 'draft', 'pending', 'future', 'trash'];
const ANY: readonly PostStatus[] = ['publish', 'private', 'draft', 'pending', 'future'];

export function listedStatuses(params: Params): Set<PostStatus> {
  const asked = list(params, 'status') ?? [];
  if (asked.length === 0) return new Set(['publish']);
  const out = new Set<PostStatus>();
  for (const s of asked) {
    if (s === 'any') ANY.forEach((a) => out.add(a));
    else if (LISTED.includes(s as PostStatus)) out.add(s as PostStatus);
    else
      throw new ApiError(
        400,
        'invalid_input',
        '"status" must be a comma-separated list of publish, private, draft, pending, future and trash, or any.',
      );
  }
  return out;
}
