/**
 * The push channel's control routes (loopback only, under `/__control/push`), and the in-process
 * methods they share with `RunningService.push`:
 * `GET /__control/push` (state), `POST …/drop` `{ code? }`, `…/refuse` `{ ms, status? }`,
 * `…/pings` `{ on }`, `…/delay` `{ ms }`, `…/comment` `{ by, post, content?, parent? }`.
 */
import type { Rendered } from '../http';
import type { PushChannel } from '../push';
import { dispatch, NO_ROUTE } from '../router';
import type { World } from '../world';

export interface PushComment {
  /** The commenter: a login (`ed`) or a user ID. */
  by: string | number;
  /** The post commented on (its site is the post's). */
  post: number;
  /** Plain text; a unique sentence when left out. */
  content?: string;
  /** A comment to reply to instead of commenting on the post itself. */
  parent?: number;
}

export interface PushCommentResult {
  note_id: number;
  comment_id: number;
  /** Who got the note: the post's author. */
  user_id: number;
}

type Outcome = { status: number; body: unknown };

/**
 * Makes `by` comment on `post` through the REST route itself (every check of the real one), so the
 * post's author gets a note. Refused (400 no_note) when `by` wrote the post: that notifies no one.
 */
export async function commentAs(world: World, origin: string, c: PushComment): Promise<Outcome> {
  const bad = (error: string, message: string): Outcome => ({ status: 400, body: { error, message } });
  const user = [...world.users.values()].find((u) => u.login === c.by || u.ID === Number(c.by));
  if (!user) return bad('unknown_user', `No user "${c.by}".`);
  const post = world.posts.get(Number(c.post));
  if (!post) return bad('unknown_post', `No post ${c.post}.`);
  if (post.authorId === user.ID) return bad('no_note', `${user.login} wrote post ${post.ID}: a comment by its own author notifies no one.`);
  const token = [...world.tokens.values()].find((t) => t.userId === user.ID && !t.revoked && t.expiresAt > world.now);
  if (!token) return bad('no_token', `${user.login} has no live token.`);
  const path = c.parent ? `/sites/${post.siteId}/comments/${c.parent}/replies/new` : `/sites/${post.siteId}/posts/${post.ID}/replies/new`;
  const content = c.content ?? `A comment from ${user.name} (${world.nextId}).`;
  const out = await dispatch({
    world,
    method: 'POST',
    version: '1.1',
    path,
    params: { content },
    authorization: `Bearer ${token.token}`,
    origin,
  });
  if (out === NO_ROUTE) return { status: 404, body: { error: 'not_found', message: path } };
  if ((out.answer.status ?? 200) >= 300) return { status: out.answer.status ?? 400, body: out.answer.body };
  const commentId = (out.answer.body as { ID: number }).ID;
  const note = world.notes.find((n) => n.userId === post.authorId && n.meta.ids.comment === commentId);
  if (!note) return { status: 500, body: { error: 'no_note', message: `Comment ${commentId} made no note.` } };
  const result: PushCommentResult = { note_id: note.id, comment_id: commentId, user_id: post.authorId };
  return { status: 200, body: result };
}

const json = (status: number, value: unknown): Rendered => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(value),
});

/** The close codes a server may put in a close frame (RFC 6455 and the IANA registry). */
const CLOSE_CODES = (code: number): boolean =>
  (code >= 1000 && code <= 1014 && ![1004, 1005, 1006].includes(code)) || (code >= 3000 && code <= 4999);

const wholeNumber = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** Answers a `/__control/push…` request, or undefined when the path is not one of them. */
export async function pushControl(
  push: PushChannel,
  world: World,
  origin: string,
  method: string,
  path: string,
  body: string,
): Promise<Rendered | undefined> {
  if (path === '/__control/push' && method === 'GET') return json(200, push.state());
  if (method !== 'POST' || !path.startsWith('/__control/push/')) return undefined;
  let input: Record<string, unknown>;
  try {
    input = body.trim() ? (JSON.parse(body) as Record<string, unknown>) : {};
    if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new Error('the body must be a JSON object');
  } catch (err) {
    return json(400, { error: 'invalid_control', message: (err as Error).message });
  }
  const invalid = (message: string): Rendered => json(400, { error: 'invalid_control', message });
  switch (path.slice('/__control/push/'.length)) {
    case 'drop':
      if (input.code !== undefined && !(wholeNumber(input.code) && CLOSE_CODES(input.code)))
        return invalid('"code" must be a close code a server may send (1000–1003, 1007–1014, 3000–4999).');
      return json(200, { dropped: push.drop(input.code as number | undefined) });
    case 'refuse': {
      const status = input.status ?? 503;
      if (!wholeNumber(input.ms)) return invalid('"ms" must be a whole number of milliseconds (0 stops refusing).');
      if (!wholeNumber(status) || status < 400 || status > 599) return invalid('"status" must be 400–599.');
      push.refuse(input.ms, status);
      return json(200, { refusing: input.ms > 0 ? { status, ms: input.ms } : false });
    }
    case 'pings':
      if (typeof input.on !== 'boolean') return invalid('"on" must be true or false.');
      push.pings(input.on);
      return json(200, { pings: input.on });
    case 'delay':
      if (!wholeNumber(input.ms)) return invalid('"ms" must be a whole number of milliseconds.');
      push.delay(input.ms);
      return json(200, { delay_ms: input.ms });
    case 'comment': {
      if ((typeof input.by !== 'string' && !wholeNumber(input.by)) || !wholeNumber(input.post))
        return invalid('"by" (a login or user ID) and "post" (a post ID) are required.');
      if (input.content !== undefined && typeof input.content !== 'string') return invalid('"content" must be a string.');
      if (input.parent !== undefined && !wholeNumber(input.parent)) return invalid('"parent" must be a comment ID.');
      const out = await commentAs(world, origin, input as unknown as PushComment);
      return json(out.status, out.body);
    }
    default:
      return undefined;
  }
}
