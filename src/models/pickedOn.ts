/** When a featured post was picked, as the API's `before` wants it (apart from the model: a row's hover reads it too). */
import type { FeaturedPost } from '../api';

/** editorial.picked_on is "YYYY-MM-DD HH:MM:SS" (UTC); the API's `before` wants ISO 8601. */
export function pickedOnIso(post: FeaturedPost): string | undefined {
  const raw = post.editorial?.picked_on;
  if (!raw) return undefined;
  const t = Date.parse(/^\d{4}-\d{2}-\d{2} \d/.test(raw) ? `${raw.replace(' ', 'T')}Z` : raw);
  return Number.isNaN(t) ? undefined : new Date(t).toISOString();
}
