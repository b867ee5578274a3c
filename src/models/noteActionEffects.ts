/**
 * How acting on a note shows on it before the service has answered: the action's value in the
 * keyed `actions` of the last body block that has them (where `noteActions` reads it), and the
 * comment's status for moderation (the catalog entry's `status`). Pure; the note is copied, never
 * changed in place.
 */
import type { Notification } from '../api';
import { SERVICE_NAMES } from '../api/noteActions';
import type { CatalogEntry } from './noteActionCatalog';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The note as it looks once `entry` is `on` (or off). */
export function withAction(note: Notification, entry: CatalogEntry, on: boolean): Notification {
  const out: Notification = { ...note };
  const status = entry.status?.(on);
  if (status) out.status = { ...note.status, approval_status: status };
  if (!entry.service) return out;
  const name = SERVICE_NAMES[entry.service];
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
