/**
 * Who likes a post or a comment, in the real service's shape (`GET …/likes/`): users of this
 * service who liked it through REST, then, for a seeded post's like_count beyond them, readers
 * known only by name (deterministic per post), so `found` is always the like_count the post shows.
 */
import type { World } from './world';

const READERS = ['Ada Quill', 'Ben Marsh', 'Cleo Park', 'Dev Rao', 'Eli Stone', 'Fay Lund', 'Gus Ito', 'Hana Roy'];

export function likerJson(world: World, userId: number, siteId: number): Record<string, unknown> {
  const u = world.users.get(userId);
  const k = userId - 5000;
  const name = u?.name ?? `${READERS[k % READERS.length]}${k >= READERS.length ? ` ${Math.floor(k / READERS.length) + 1}` : ''}`;
  const login = u?.login ?? name.toLowerCase().replace(/[^a-z0-9]+/g, '');
  return {
    ID: userId,
    login,
    email: false,
    name,
    first_name: '',
    last_name: '',
    nice_name: login,
    URL: '',
    avatar_URL: `https://gravatar.example/avatar/${encodeURIComponent(login)}?s=96`,
    profile_URL: `https://gravatar.example/${encodeURIComponent(login)}`,
    site_ID: siteId,
    default_avatar: false,
  };
}

/** Users of this service who like it, then made-up readers up to `count` (IDs 5000+, offset by the post so lists differ). */
export function likerIds(known: Iterable<number>, count: number, seed: number): number[] {
  const ids = [...known];
  for (let k = 0; ids.length < count; k++) ids.push(5000 + ((seed * 7 + k) % 1000));
  return ids;
}
