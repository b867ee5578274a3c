/**
 * The one SecretStorage record of a signed-in user: token, expiry and who it belongs to. Read at
 * activation, so checked by hand (no validator library in the activation path).
 */
import { STORAGE_KEYS } from '../ids';

export const SESSION_SECRET_KEY = STORAGE_KEYS.session;

export interface StoredSession {
  token: string;
  expiresAt?: number;
  user: {
    ID: number;
    login: string;
    display_name: string;
    avatar_URL?: string;
  };
}

type Check = (v: unknown) => boolean;
const str: Check = (v) => typeof v === 'string';
const num: Check = (v) => typeof v === 'number' && !Number.isNaN(v);
const optional =
  (check: Check): Check =>
  (v) =>
    v === undefined || check(v);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** An object whose every listed key passes its check (other keys are allowed, and dropped by parseSession). */
const shape =
  (checks: Record<string, Check>): Check =>
  (v) =>
    isRecord(v) && Object.entries(checks).every(([k, check]) => check(v[k]));

const isSession = shape({
  token: (v) => str(v) && (v as string).length > 0,
  expiresAt: optional(num),
  user: shape({ ID: num, login: str, display_name: str, avatar_URL: optional(str) }),
});

/** The stored record, or undefined when there is none or it is not one (corrupt, old format). */
export function parseSession(text: string | undefined): StoredSession | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (!isSession(value)) return undefined;
    // Only the record's own fields, whatever else the stored JSON carried.
    const { token, expiresAt, user } = value as StoredSession;
    const { ID, login, display_name, avatar_URL } = user;
    return {
      token,
      ...(expiresAt === undefined ? {} : { expiresAt }),
      user: { ID, login, display_name, ...(avatar_URL === undefined ? {} : { avatar_URL }) },
    };
  } catch {
    return undefined;
  }
}

export function serializeSession(session: StoredSession): string {
  return JSON.stringify(session);
}

export function isExpired(session: StoredSession, nowMs = Date.now()): boolean {
  return session.expiresAt !== undefined && session.expiresAt <= nowMs;
}
