/**
 * How acting on a note shows on it before the service has answered: the action's value in the
 * keyed `actions` of the last body block that has them (where `noteActions` reads it), and the
 * comment's status for moderation. Pure; the note is copied, never changed in place.
 */
import type { Notification } from '../api';

/** Our action names → the service's. */
export const SERVICE_ACTION = {
  approve: 'approve-comment',
  spam: 'spam-comment',
  trash: 'trash-comment',
  like: 'like-comment',
  reply: 'replyto-comment',
  likePost: 'like-post',
  follow: 'follow',
} as const;

export type ActionKey = keyof typeof SERVICE_ACTION;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The comment status an action leaves behind, when it is about moderation. */
function statusAfter(key: ActionKey, on: boolean): string | undefined {
  if (key === 'approve') return on ? 'approved' : 'unapproved';
  if (key === 'spam') return on ? 'spam' : 'approved';
  if (key === 'trash') return on ? 'trash' : undefined;
  return undefined;
}

/** The note as it looks once `key` is `on` (or off). */
export function withAction(note: Notification, key: ActionKey, on: boolean): Notification {
  const name = SERVICE_ACTION[key];
  const out: Notification = { ...note };
  const status = statusAfter(key, on);
  if (status) out.status = { ...note.status, approval_status: status };
  const body = note.body;
  const blocks = Array.isArray(body) ? body : isObj(body) && Array.isArray(body.items) ? (body.items as unknown[]) : undefined;
  if (!blocks) return out;
  let at = -1;
  for (let i = blocks.length - 1; i >= 0; i--) {
    const b = blocks[i];
    if (isObj(b) && isObj(b.actions) && Object.keys(b.actions).length > 0) {
      at = i;
      break;
    }
  }
  if (at < 0 || !(name in (blocks[at] as { actions: Obj }).actions)) return out;
  const block = blocks[at] as Obj & { actions: Obj };
  const changed = [...blocks];
  changed[at] = { ...block, actions: { ...block.actions, [name]: on } };
  out.body = (Array.isArray(body) ? changed : { ...(body as Obj), items: changed }) as Notification['body'];
  return out;
}
